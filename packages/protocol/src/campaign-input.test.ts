import { describe, expect, it } from 'vitest'
import {
  campaignLimitProblems,
  campaignTimeOf,
  PAYOUT_DELAY_MAX_SECONDS,
} from './campaign-input.ts'

describe("a campaign's window and cap, as the console and the server check them", () => {
  it('holds together: ISO times with a zone, an end after the start, a whole cap of at least 1', () => {
    expect(
      campaignLimitProblems({
        startsAt: '2026-12-01T09:00:00Z',
        endsAt: '2026-12-24T18:00:00+01:00',
        cap: 50,
      }),
    ).toEqual({})
    expect(campaignLimitProblems({ startsAt: null, endsAt: '', cap: null })).toEqual({})
    expect(campaignLimitProblems({})).toEqual({})
  })

  it('refuses a time without a zone or a time of day, each by its field', () => {
    expect(campaignLimitProblems({ startsAt: 'tomorrow', endsAt: '2030-01-01' })).toEqual({
      startsAt: 'ADMIN_TIME_INVALID',
      endsAt: 'ADMIN_TIME_INVALID',
    })
    expect(campaignTimeOf('2030-01-01T00:00')?.getTime()).toBeNaN()
    expect(campaignTimeOf('2030-01-01T00:00:00.250+02:00')).toEqual(
      new Date('2029-12-31T22:00:00.250Z'),
    )
  })

  it('refuses an end that is not after the start, beside the end', () => {
    const at = '2030-01-01T00:00:00Z'
    expect(campaignLimitProblems({ startsAt: at, endsAt: at })).toEqual({
      endsAt: 'ADMIN_WINDOW_INVALID',
    })
  })

  it('refuses a cap below 1 or not whole, and one below the rewards claimed already', () => {
    for (const cap of [0, -3, 1.5, Number.NaN]) {
      expect(campaignLimitProblems({ cap })).toEqual({ cap: 'ADMIN_CAP_INVALID' })
    }
    expect(campaignLimitProblems({ cap: 6 }, 7)).toEqual({ cap: 'ADMIN_CAP_BELOW_CLAIMED' })
    expect(campaignLimitProblems({ cap: 7 }, 7)).toEqual({})
  })

  it('refuses grants per account below 1 or not whole; null is unlimited', () => {
    for (const grantsPerAccount of [0, -1, 2.5, Number.NaN]) {
      expect(campaignLimitProblems({ grantsPerAccount })).toEqual({
        grantsPerAccount: 'ADMIN_GRANTS_PER_ACCOUNT_INVALID',
      })
    }
    expect(campaignLimitProblems({ grantsPerAccount: 1 })).toEqual({})
    expect(campaignLimitProblems({ grantsPerAccount: null })).toEqual({})
  })

  it('refuses a review window below 0, not whole or past 30 days; 0 pays at once', () => {
    for (const payoutDelay of [-1, 1.5, PAYOUT_DELAY_MAX_SECONDS + 1, Number.NaN]) {
      expect(campaignLimitProblems({ payoutDelay })).toEqual({
        payoutDelay: 'ADMIN_PAYOUT_DELAY_INVALID',
      })
    }
    expect(campaignLimitProblems({ payoutDelay: 0 })).toEqual({})
    expect(campaignLimitProblems({ payoutDelay: PAYOUT_DELAY_MAX_SECONDS })).toEqual({})
  })
})
