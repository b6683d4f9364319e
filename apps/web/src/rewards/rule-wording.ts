import type { ClaimRules, EligibilityRule, PendingReward } from '@fernwood/protocol'
import type { Texts } from '../i18n/en'
import { formatDateTime, formatTokenAmount } from '../i18n/format'
import type { Language } from '../i18n/languages'

/** A campaign's eligibility rule in the language's words: "This reward is for holders of …". */
function ruleText(rule: EligibilityRule, texts: Texts, language: Language): string {
  const words = texts.eligibilityRule
  switch (rule.rule) {
    case 'allowlist':
      return words.allowlist
    case 'min_balance':
      return words.min_balance(formatTokenAmount(`${rule.amount} ${rule.token}`, language))
    case 'holds_nft':
      return rule.template === undefined
        ? words.holds_nft(rule.collection)
        : words.holds_nft_template(rule.collection, String(rule.template))
    case 'min_account_age':
      return words.min_account_age(rule.days)
  }
}

/** Every rule of a claim, as its page lists them before the visitor enters. */
export function claimRuleTexts(rules: ClaimRules, texts: Texts, language: Language): string[] {
  const limit = rules.walletLimit
  return [
    ...rules.eligibility.map((rule) => ruleText(rule, texts, language)),
    ...(limit ? [texts.walletLimit(limit.claims, texts.walletLimitPeriod[limit.period])] : []),
  ]
}

/**
 * Why a code was refused, in the language's words: the rule the wallet failed (or the reason
 * its operator's own check gave), when its next claim opens, or the rejection alone; the
 * server's English only for a rejection this app does not know yet.
 */
export function rejectionText(reward: PendingReward, texts: Texts, language: Language): string {
  if (reward.rejection === 'not_eligible' && reward.failedRule) {
    const rule = reward.failedRule
    if (rule.rule === 'once_per_asset')
      return texts.oncePerAssetSpent(rule.collection, rule.template)
    return rule.rule === 'operator_check'
      ? texts.operatorCheckRefusal(rule.reason)
      : ruleText(rule, texts, language)
  }
  if (reward.rejection === 'wallet_limit_reached' && reward.nextClaimAt) {
    return texts.nextClaimAt(formatDateTime(reward.nextClaimAt, language))
  }
  if (reward.rejection && Object.hasOwn(texts.rejection, reward.rejection)) {
    return texts.rejection[reward.rejection as keyof Texts['rejection']]
  }
  return reward.reason ?? ''
}
