import type { AdminCampaign, AdminOverview, PayoutsResponse } from '@fernwood/protocol/admin'
import { describe, expect, it } from 'vitest'
import { summaryFigures } from './summary-figures'

/** A campaign with only what the figures read; the rest is no concern of theirs. */
function campaign(
  state: AdminCampaign['state'],
  claimed: number,
  claimsOverTime: AdminCampaign['claimsOverTime'],
): AdminCampaign {
  return { state, claimed, claimsOverTime } as AdminCampaign
}

const payouts: PayoutsResponse = {
  account: 'fernwoodpays',
  balance: '120.0000 FERN',
  failed: [],
  stuck: [],
  stuckMinutes: 10,
  pending: 0,
  reserved: '0.0000 FERN',
  budgetsExceedBalance: false,
  resources: null,
  pause: null,
}

function overview(campaigns: AdminCampaign[], changes: Partial<PayoutsResponse> = {}) {
  return {
    campaigns,
    payouts: { ...payouts, ...changes },
    generations: [],
    kioskCredentials: [],
  } satisfies AdminOverview
}

// Local times: the figures count the operator's own day.
const now = new Date(2026, 10, 28, 15, 30)
const local = (hours: number, minutes: number, day = 28) =>
  new Date(2026, 10, day, hours, minutes).toISOString()

describe('the console’s summary figures', () => {
  it('count the open campaigns, and claims today and in the last hour across campaigns', () => {
    const figures = summaryFigures(
      overview([
        campaign('open', 6, [
          { at: local(23, 50, 27), claims: 2 },
          { at: local(9, 0), claims: 1 },
          { at: local(14, 45), claims: 3 },
        ]),
        campaign('open', 4, [{ at: local(15, 10), claims: 4 }]),
        campaign('closed', 1, [{ at: local(15, 20), claims: 1 }]),
        campaign('scheduled', 0, []),
      ]),
      now,
    )
    expect(figures).toMatchObject({
      openCampaigns: 2,
      claimsToday: { count: 9, atLeast: false },
      claimsLastHour: { count: 8, atLeast: false },
    })
  })

  it('say “at least” when the minutes the server keeps all fall within the span', () => {
    // 900 claimed, the latest minutes holding 500 of them, all of today.
    const figures = summaryFigures(
      overview([campaign('open', 900, [{ at: local(8, 0), claims: 500 }])]),
      now,
    )
    expect(figures.claimsToday).toEqual({ count: 500, atLeast: true })
    expect(figures.claimsLastHour).toEqual({ count: 0, atLeast: false })
  })

  it('carry the payouts still to be paid, those waiting for an operator and the balance’s warning', () => {
    const failed = {
      rewardId: 'r',
      waxAccount: 'a',
      code: 'c',
      transactionId: 't',
      error: null,
      at: '',
    }
    const figures = summaryFigures(
      overview([], { failed: [failed, failed], pending: 7, budgetsExceedBalance: true }),
      now,
    )
    expect(figures).toMatchObject({
      pendingPayouts: 7,
      failedPayouts: 2,
      stuckPayouts: 0,
      balance: '120.0000 FERN',
      balanceWarning: 'exceeds',
    })
    const pause = { resource: 'cpu' as const, error: 'out of CPU', since: '', nextCheckAt: '' }
    expect(summaryFigures(overview([], { pause }), now).balanceWarning).toBe('paused')
  })
})
