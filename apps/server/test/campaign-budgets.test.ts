import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../src/admin/commands.ts'
import { payoutsOverview } from '../src/admin/operations.ts'
import { addCodes, findCampaign } from '../src/campaigns/catalogue.ts'
import { readClaimPreview } from '../src/campaigns/claim-preview.ts'
import { createCampaignAs } from '../src/campaigns/operator-changes.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { PayoutChainNode } from '../src/payouts/chain-node.ts'
import { claimDueRewards } from '../src/worker/claim.ts'
import { createTestChain } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase, testDriver } from './support/test-database.ts'

let testDatabase: TestDatabase
let chain: ChainConnection
const env = readEnvironment({})

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  chain = await createTestChain()
})
afterAll(async () => {
  await chain.close()
  await testDatabase.drop()
})

const draft = (slug: string, budget: string, reward = '10.0000 FERN') => ({
  slug,
  name: slug,
  kind: 'unique' as const,
  reward,
  budget,
})

const create = (slug: string, budget: string, reward?: string) =>
  createCampaignAs(testDatabase.database, 'admin', draft(slug, budget, reward), 'fern.token')

async function admin(...argv: string[]): Promise<string[]> {
  const lines: string[] = []
  await runAdminCommand(argv, {
    database: testDatabase.database,
    env,
    chainNode: async () => new PayoutChainNode(chain, 2000),
    transferHistory: async () => {
      throw new Error('not used')
    },
    print: (line) => lines.push(line),
  })
  return lines
}

/** `count` pending rewards of the campaign's fresh unique codes, one wallet each. */
async function pendingClaims(slug: string, count: number) {
  const campaign = await findCampaign(testDatabase.database, slug)
  if (!campaign) throw new Error(`no campaign ${slug}`)
  const codes = Array.from({ length: count }, (_, index) => `${slug}-${index}`)
  await addCodes(testDatabase.database, campaign, codes)
  await testDatabase.database.query(
    `INSERT INTO rewards (code, wax_account)
     SELECT code, 'wallet' || chr(96 + ordinality::int) FROM unnest($1::text[]) WITH ORDINALITY AS code`,
    [codes],
  )
  return codes
}

describe(`campaign budgets (${testDriver})`, () => {
  it('an amount budget reserves the whole number of rewards it pays; a count is taken as is', async () => {
    expect((await create('budget-amount', '2500.0000 FERN')).budgetRewards).toBe(250)
    expect((await create('budget-plain-amount', '30 FERN')).budgetRewards).toBe(3)
    expect((await create('budget-count', '40')).budgetRewards).toBe(40)
    await expect(create('budget-odd', '25.0000 FERN')).rejects.toMatchObject({
      code: 'ADMIN_BUDGET_NOT_WHOLE_REWARDS',
      field: 'budget',
    })
    await expect(create('budget-other-token', '30.0000 WAX')).rejects.toMatchObject({
      code: 'ADMIN_BUDGET_NOT_WHOLE_REWARDS',
    })
    for (const budget of ['0', 'plenty', '-5', '1.5']) {
      await expect(create(`budget-bad-${budget.length}`, budget)).rejects.toMatchObject({
        code: 'ADMIN_BUDGET_INVALID',
      })
    }
    expect(await findCampaign(testDatabase.database, 'budget-odd')).toBeUndefined()
  })

  it('claims past a spent budget are refused as fully claimed, however many workers take them at once', async () => {
    await create('budget-race', '5')
    await pendingClaims('budget-race', 20)
    // Ten claims at once, each of two rewards: on PostgreSQL on connections of their own.
    await Promise.all(
      Array.from({ length: 10 }, () =>
        claimDueRewards(testDatabase.database, { limit: 2, leaseSeconds: 30 }),
      ),
    )
    const rows = await testDatabase.database.query<{ status: string; rejection: string | null }>(
      `SELECT r.status, r.rejection FROM rewards r JOIN codes k ON k.code = r.code
         JOIN campaigns c ON c.id = k.campaign_id WHERE c.slug = 'budget-race'`,
    )
    expect(rows.filter((row) => row.status === 'processing')).toHaveLength(5)
    expect(rows.filter((row) => row.rejection === 'fully_claimed')).toHaveLength(15)
    expect((await findCampaign(testDatabase.database, 'budget-race'))?.claimedCount).toBe(5)
    const alerts = await testDatabase.database.query<{ event: string; data: object }>(
      `SELECT event, data FROM alerts WHERE data->>'campaign' = 'budget-race'`,
    )
    expect(alerts).toEqual([
      {
        event: 'campaign.budget_spent',
        data: {
          campaign: 'budget-race',
          name: 'budget-race',
          claimed: 5,
          budget: 5,
          reward: '10.0000 FERN',
        },
      },
    ])
    // A claim link of the campaign says so before the visitor enters, as for a reached cap.
    const campaign = await findCampaign(testDatabase.database, 'budget-race')
    if (!campaign) throw new Error('no campaign budget-race')
    await addCodes(testDatabase.database, campaign, ['budget-race-unused'])
    expect(await readClaimPreview(testDatabase.database, 'budget-race-unused')).toMatchObject({
      state: 'fully_claimed',
    })
    // The database itself refuses to spend past the budget, whatever the code does.
    await expect(
      testDatabase.database.query(
        `UPDATE campaigns SET claimed_count = 6 WHERE slug = 'budget-race'`,
      ),
    ).rejects.toThrow(/campaigns_within_budget/)
  })

  it('the console weighs open budgets’ unpaid rest against the payout balance, and warns past it', async () => {
    const node = new PayoutChainNode(chain, 2000)
    const before = await payoutsOverview(testDatabase.database, env, node, 10)
    expect(before.balance).toMatch(/ FERN$/)
    // A budget larger than any balance the payout account holds.
    await create('budget-huge', '1000', '1000000.0000 FERN')
    const after = await payoutsOverview(testDatabase.database, env, node, 10)
    const units = (amount: string) => Number(amount.split(' ')[0])
    expect(units(after.reserved) - units(before.reserved)).toBe(1_000_000_000)
    expect(after.budgetsExceedBalance).toBe(true)
    expect(before.budgetsExceedBalance).toBe(units(before.reserved) > units(before.balance ?? ''))

    // A closed campaign reserves nothing any more.
    await admin('campaigns', 'close', '--slug', 'budget-huge')
    expect((await payoutsOverview(testDatabase.database, env, node, 10)).reserved).toBe(
      before.reserved,
    )
  })

  it('`campaigns create --budget` reserves it and `campaigns list` shows each budget and its rest', async () => {
    const created = await admin(
      'campaigns',
      'create',
      '--slug',
      'budget-cli',
      '--name',
      'Budget CLI',
      '--kind',
      'unique',
      '--reward',
      '2.0000 FERN',
      '--budget',
      '20.0000 FERN',
    )
    expect(created.join('\n')).toContain('budget-cli')
    await pendingClaims('budget-cli', 3)
    await claimDueRewards(testDatabase.database, { limit: 100, leaseSeconds: 30 })
    const listed = await admin('campaigns', 'list')
    expect(listed[0].split('\t')).toContain('budget')
    const row = listed.find((line) => line.startsWith('budget-cli\t'))
    expect(row?.split('\t')).toContain('10 rewards (20.0000 FERN), 7 left')
    expect(listed.find((line) => line.startsWith('budget-race\t'))).toContain('5 rewards')
  })
})
