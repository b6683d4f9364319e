import {
  type ClaimRules,
  type EligibilityRule,
  groupMembers,
  type PendingReward,
  type RuleNode,
} from '@fernwood/protocol'
import type { Texts } from '../i18n/en'
import { formatDateTime, formatTokenAmount } from '../i18n/format'
import { type Language, localeOf } from '../i18n/languages'

type Words = Texts['ruleTree']
type Kind = 'all' | 'any'

/** A node in words: something to hold (said with its group's other holdings), or a clause. */
type Piece = { holding: string } | { clause: string }

/** The NFTs a holds-NFT condition asks for: "an Oak acorn", "2 NFTs of template #1 of …". */
function nftWords(rule: Extract<EligibilityRule, { rule: 'holds_nft' }>, words: Words): string {
  const count = rule.count ?? 1
  if (rule.name !== undefined) return words.named(count, rule.name)
  const what =
    rule.template !== undefined
      ? words.template(rule.template, rule.collection)
      : rule.schema !== undefined
        ? words.schema(rule.schema, rule.collection)
        : words.collection(rule.collection)
  return words.nfts(count, what)
}

/** The language's "A, B and C" (`all`) or "A, B or C" (`any`). */
function joined(items: string[], kind: Kind, language: Language): string {
  return new Intl.ListFormat(localeOf(language), {
    type: kind === 'all' ? 'conjunction' : 'disjunction',
  }).format(items)
}

/** `nested`: within a sentence, where a group of several clauses stands in brackets. */
function pieceOf(node: RuleNode, texts: Texts, language: Language, nested: boolean): Piece {
  const words = texts.ruleTree
  const members = groupMembers(node)
  if (members) {
    const clauses = clausesOf(members, 'all' in node ? 'all' : 'any', texts, language)
    const clause = joined(clauses, 'all' in node ? 'all' : 'any', language)
    return { clause: nested && clauses.length > 1 ? words.nested(clause) : clause }
  }
  const rule = node as EligibilityRule
  switch (rule.rule) {
    case 'allowlist':
      return { clause: words.allowlist }
    case 'min_balance':
      return { holding: formatTokenAmount(`${rule.amount} ${rule.token}`, language) }
    case 'holds_nft':
      return { holding: nftWords(rule, words) }
    case 'min_account_age':
      return { clause: words.accountAge(rule.days) }
  }
}

/**
 * A group's members as clauses: its holdings as one, "hold A or B", where the first stood.
 * `lines`: each clause is a line of its own, where a group needs no brackets.
 */
function clausesOf(
  members: readonly RuleNode[],
  kind: Kind,
  texts: Texts,
  language: Language,
  lines = false,
): string[] {
  const pieces = members.map((member) => pieceOf(member, texts, language, !lines))
  const holdings = pieces.flatMap((piece) => ('holding' in piece ? [piece.holding] : []))
  const firstHolding = pieces.findIndex((piece) => 'holding' in piece)
  return pieces.flatMap((piece, index) => {
    if ('clause' in piece) return [piece.clause]
    return index === firstHolding ? [texts.ruleTree.hold(joined(holdings, kind, language))] : []
  })
}

/** A node as one clause: what a refusal says the wallet lacks. */
function clauseOf(node: RuleNode, texts: Texts, language: Language): string {
  const members = groupMembers(node)
  const kind: Kind = members && 'any' in node ? 'any' : 'all'
  return joined(clausesOf(members ?? [node], kind, texts, language), kind, language)
}

/**
 * Every rule of a claim, as its page lists them before the visitor enters: a line for each
 * member of a top-level `all` group (its holdings on one), one line for an `any` group ("Hold an
 * Oak acorn or 100.0000 FERN"), then the per-wallet limit.
 */
export function claimRuleTexts(rules: ClaimRules, texts: Texts, language: Language): string[] {
  const tree = rules.eligibility
  const limit = rules.walletLimit
  const lines = !tree
    ? []
    : 'all' in tree
      ? clausesOf(tree.all, 'all', texts, language, true)
      : [clauseOf(tree, texts, language)]
  return [
    ...lines.map(texts.ruleTree.line),
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
    if ('rule' in rule && rule.rule === 'once_per_asset')
      return texts.oncePerAssetSpent(rule.collection, rule.template)
    return 'rule' in rule && rule.rule === 'operator_check'
      ? texts.operatorCheckRefusal(rule.reason)
      : texts.ruleTree.refusal(clauseOf(rule as RuleNode, texts, language))
  }
  if (reward.rejection === 'wallet_limit_reached' && reward.nextClaimAt) {
    return texts.nextClaimAt(formatDateTime(reward.nextClaimAt, language))
  }
  if (reward.rejection && Object.hasOwn(texts.rejection, reward.rejection)) {
    return texts.rejection[reward.rejection as keyof Texts['rejection']]
  }
  return reward.reason ?? ''
}
