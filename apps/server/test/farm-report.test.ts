import { describe, expect, it } from 'vitest'
import { CLI_OPERATOR } from '../src/admin/operations.ts'
import { farmReport } from '../src/fairness/farm-report.ts'
import { rejectRewardsAsOperator } from '../src/fairness/review.ts'
import { signInVisitor, submitCode } from './support/rewards.ts'
import { useTestApp } from './support/use-test-app.ts'
import { fernCampaign } from './support/worker.ts'

// Each claim comes from the address its proxy names.
const shared = useTestApp({ environment: { TRUST_PROXY: '1' } })

/** `account` claims `code` from `address`; the reward's id. */
async function claimFrom(account: string, code: string, address: string) {
  const visitor = await signInVisitor(shared.app, shared.database, account)
  const response = await submitCode(shared.app, visitor, { code }, { 'x-forwarded-for': address })
  expect(response.statusCode).toBe(201)
  return response.json().reward as { id: string; status: string }
}

describe('a campaign’s farm report: accounts that claimed it from one network', () => {
  it('clusters accounts by IPv4 /24 and IPv6 /64, the most accounts first, and leaves lone claimants and other campaigns out', async () => {
    const { database } = shared
    await fernCampaign(database, 'farmed', ['farmed'])
    await fernCampaign(database, 'elsewhere', ['elsewhere'])
    const farm = ['farmone.wam', 'farmtwo.wam', 'farmthr.wam']
    const farmRewards = [
      await claimFrom(farm[0], 'farmed', '198.51.100.7'),
      await claimFrom(farm[1], 'farmed', '198.51.100.8'),
      await claimFrom(farm[2], 'farmed', '198.51.100.200'),
    ]
    await claimFrom('pair.one', 'farmed', '2001:db8:1:2::a')
    await claimFrom('pair.two', 'farmed', '2001:db8:1:2:ffff::b')
    await claimFrom('loner.wam', 'farmed', '203.0.113.5')
    // The same network claiming another campaign does not count toward this one's cluster.
    await claimFrom('visitor.wam', 'elsewhere', '198.51.100.9')
    // A code the catalogue refuses is no claim: nothing of it is recorded.
    await claimFrom('farmfour.wam', 'no-such-code', '198.51.100.10')

    const report = await farmReport(database, 'farmed')
    expect(report.campaign).toBe('farmed')
    expect(
      report.sameAddress.map(({ addressPrefix, accounts }) => [addressPrefix, accounts]),
    ).toEqual([
      ['198.51.100.0/24', 3],
      [expect.stringMatching(/^2001:db8:1:2.*\/64$/), 2],
    ])
    expect(report.sameAddress[0].claims).toEqual(
      farm.map((account, index) => ({
        account,
        rewardId: farmRewards[index].id,
        status: 'pending',
        claimedAt: expect.any(Date),
      })),
    )
    expect(
      (await farmReport(database, 'farmed', { minAccounts: 3 })).sameAddress.map(
        (cluster) => cluster.addressPrefix,
      ),
    ).toEqual(['198.51.100.0/24'])

    // The operator rejects the cluster in one action; the report shows where each stands.
    const rejection = await rejectRewardsAsOperator(database, CLI_OPERATOR, 'farmed', {
      accounts: report.sameAddress[0].claims.map((claim) => claim.account),
    })
    expect(rejection.rejected).toHaveLength(3)
    const after = await farmReport(database, 'farmed', { minAccounts: 3 })
    expect(after.sameAddress[0].claims.map((claim) => claim.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
    ])
  })

  it('refuses a campaign that does not exist', async () => {
    await expect(farmReport(shared.database, 'no-such-campaign')).rejects.toMatchObject({
      code: 'ADMIN_CAMPAIGN_NOT_FOUND',
    })
  })
})
