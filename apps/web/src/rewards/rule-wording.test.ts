import type { PendingReward } from '@fernwood/protocol'
import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en'
import ko from '../i18n/ko'
import tr from '../i18n/tr'
import zhHans from '../i18n/zh-hans'
import zhHant from '../i18n/zh-hant'
import { claimRuleTexts, rejectionText } from './rule-wording'

const refused = (detail: Partial<PendingReward>): PendingReward => ({
  id: '00000000-0000-4000-8000-000000000000',
  code: 'vip',
  status: 'rejected',
  reason: 'This wallet does not meet the rules of this reward.',
  createdAt: '2026-11-24T10:00:00.000Z',
  ...detail,
})

const acorn = {
  rule: 'holds_nft' as const,
  collection: 'fernwoodnfts',
  template: 1,
  name: 'Oak acorn',
}
const fern = {
  rule: 'min_balance' as const,
  amount: '100.0000',
  token: 'FERN',
  contract: 'fern.token',
}

describe("a campaign's rules in the visitor's words", () => {
  it('words an any group as one line, its holdings under one verb, in each language', () => {
    const rules = { eligibility: { any: [acorn, fern] }, walletLimit: null }
    expect(claimRuleTexts(rules, en, 'en')).toEqual(['Hold an Oak acorn or 100.0000 FERN'])
    expect(claimRuleTexts(rules, ko, 'ko')).toEqual(['Oak acorn 또는 100.0000 FERN 보유'])
    expect(claimRuleTexts(rules, tr, 'tr')).toEqual(['Bir Oak acorn veya 100,0000 FERN tutmak'])
    expect(claimRuleTexts(rules, zhHans, 'zh-Hans')).toEqual(['持有 Oak acorn或100.0000 FERN'])
    expect(claimRuleTexts(rules, zhHant, 'zh-Hant')).toEqual(['持有 Oak acorn或100.0000 FERN'])
  })

  it('lists each member of a top-level all group, nested groups within, and the per-wallet limit', () => {
    expect(
      claimRuleTexts(
        {
          eligibility: {
            all: [
              { rule: 'allowlist' },
              fern,
              { rule: 'holds_nft', collection: 'fernwoodnfts', schema: 'treasures', count: 2 },
              {
                any: [
                  { rule: 'min_account_age', days: 30 },
                  { all: [acorn, { rule: 'allowlist' }] },
                ],
              },
            ],
          },
          walletLimit: { group: 'daily', claims: 1, period: 'day' },
        },
        en,
        'en',
      ),
    ).toEqual([
      'Be on this reward’s list of accounts',
      'Hold 100.0000 FERN and 2 NFTs of schema “treasures” of fernwoodnfts',
      'Have an account at least 30 days old or (hold an Oak acorn and be on this reward’s list of accounts)',
      'Each wallet can claim 1 time per day in this series.',
    ])
    expect(
      claimRuleTexts(
        {
          eligibility: { all: [{ rule: 'holds_nft', collection: 'fernwoodnfts', template: 1 }] },
          walletLimit: null,
        },
        en,
        'en',
      ),
    ).toEqual(['Hold an NFT of template #1 of fernwoodnfts'])
  })

  it('names the part of the rules a wallet failed, or when its next claim opens, in its language', () => {
    const failed = refused({
      rejection: 'not_eligible',
      failedRule: { rule: 'holds_nft', collection: 'fernwoodnfts' },
    })
    expect(rejectionText(failed, en, 'en')).toBe(
      'To claim this reward, hold an NFT of fernwoodnfts.',
    )
    expect(rejectionText(failed, ko, 'ko')).toBe(
      '이 보상을 받으려면 다음 조건이 필요해요: fernwoodnfts NFT 보유.',
    )
    const none = refused({ rejection: 'not_eligible', failedRule: { any: [acorn, fern] } })
    expect(rejectionText(none, en, 'en')).toBe(
      'To claim this reward, hold an Oak acorn or 100.0000 FERN.',
    )
    expect(rejectionText(none, tr, 'tr')).toBe(
      'Bu ödülü almak için şu gerekir: bir Oak acorn veya 100,0000 FERN tutmak.',
    )
    expect(rejectionText(none, zhHans, 'zh-Hans')).toBe(
      '领取这份奖励需要：持有 Oak acorn或100.0000 FERN。',
    )
    const limited = refused({
      rejection: 'wallet_limit_reached',
      nextClaimAt: '2026-11-25T10:00:00.000Z',
    })
    expect(rejectionText(limited, en, 'en')).toMatch(/^This wallet can claim again from .*2026/)
    expect(rejectionText(refused({ rejection: 'ended' }), en, 'en')).toBe(
      'This campaign has ended.',
    )
  })
})
