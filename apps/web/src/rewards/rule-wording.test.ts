import type { PendingReward } from '@fernwood/protocol'
import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en'
import ko from '../i18n/ko'
import { claimRuleTexts, rejectionText } from './rule-wording'

const refused = (detail: Partial<PendingReward>): PendingReward => ({
  id: '00000000-0000-4000-8000-000000000000',
  code: 'vip',
  status: 'rejected',
  reason: 'This wallet does not meet the rules of this reward.',
  createdAt: '2026-11-24T10:00:00.000Z',
  ...detail,
})

describe("a campaign's rules in the visitor's words", () => {
  it('lists every rule and the per-wallet limit, as the claim page shows them', () => {
    expect(
      claimRuleTexts(
        {
          eligibility: [
            { rule: 'allowlist' },
            { rule: 'min_balance', amount: '100.0000', token: 'FERN', contract: 'fern.token' },
            { rule: 'holds_nft', collection: 'fernwoodnfts', template: 1 },
            { rule: 'min_account_age', days: 30 },
          ],
          walletLimit: { group: 'daily', claims: 1, period: 'day' },
        },
        en,
        'en',
      ),
    ).toEqual([
      'This reward is for the accounts on its list.',
      'This reward is for holders of at least 100.0000 FERN.',
      'This reward is for holders of NFT template #1 of fernwoodnfts.',
      'This reward is for accounts at least 30 days old.',
      'Each wallet can claim 1 time per day in this series.',
    ])
  })

  it('names the rule a wallet failed, or when its next claim opens, in its language', () => {
    const failed = refused({
      rejection: 'not_eligible',
      failedRule: { rule: 'holds_nft', collection: 'fernwoodnfts' },
    })
    expect(rejectionText(failed, en, 'en')).toBe(
      'This reward is for holders of an NFT of fernwoodnfts.',
    )
    expect(rejectionText(failed, ko, 'ko')).toBe(
      '이 보상은 fernwoodnfts NFT 보유자만 받을 수 있어요.',
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
