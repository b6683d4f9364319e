import {
  ACCOUNT_CREATOR,
  ACCOUNT_CREATOR_PRIVATE_KEY,
  PAYOUT_ACCOUNT,
  PAYOUT_PRIVATE_KEY,
} from '@fernwood/devchain'
import { PrivateKey } from '@wharfkit/antelope'
import { beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../src/admin/commands.ts'
import { CLI_OPERATOR } from '../src/admin/operations.ts'
import { type AccountOriginSource, HyperionAccountOrigins } from '../src/chain/account-origins.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { farmReport } from '../src/fairness/farm-report.ts'
import { rejectRewardsAsOperator } from '../src/fairness/review.ts'
import { randomAccount, signInVisitor, submitCode } from './support/rewards.ts'
import { jsonFromSite } from './support/test-app.ts'
import { useTestApp } from './support/use-test-app.ts'
import { connectWithProof } from './support/wallet-proofs.ts'
import { fernCampaign, payoutSession } from './support/worker.ts'

// Each claim comes from the address its proxy names; accounts are made on the app's own chain.
const shared = useTestApp({
  environment: { TRUST_PROXY: '1', ADMIN_ACCOUNTS: 'alice.wam' },
  sharedChain: true,
})

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

type Signer = { actor: string; privateKey: string }
const PAYOUT: Signer = { actor: PAYOUT_ACCOUNT, privateKey: PAYOUT_PRIVATE_KEY }
const PAYOUT_KEY = String(PrivateKey.from(PAYOUT_PRIVATE_KEY).toPublic())
const ownKey = { threshold: 1, keys: [{ key: PAYOUT_KEY, weight: 1 }], accounts: [], waits: [] }

/**
 * `names` made in one transaction, each by its creator (a signer of the payout account's key, or
 * `signer`'s): they share its block, and so its time. Their keys are the payout account's.
 */
async function made(creations: Array<{ creator: string; name: string }>, signer = PAYOUT) {
  const result = await payoutSession(shared.chain, signer).transact({
    actions: creations.map(({ creator, name }) => ({
      account: 'eosio',
      name: 'newaccount',
      authorization: [{ actor: creator, permission: 'active' }],
      data: { creator, name, owner: ownKey, active: ownKey },
    })),
  })
  return Number(result.response?.processed.block_num)
}

async function sent(from: string, to: string[], quantity: string) {
  const result = await payoutSession(shared.chain, {
    actor: from,
    privateKey: PAYOUT_PRIVATE_KEY,
  }).transact({
    actions: to.map((recipient) => ({
      account: 'fern.token',
      name: 'transfer',
      authorization: [{ actor: from, permission: 'active' }],
      data: { from, to: recipient, quantity, memo: 'funds' },
    })),
  })
  return Number(result.response?.processed.block_num)
}

/** Until the chain's clock has moved `seconds` on (it runs ahead of ours: a block per 100 ms). */
async function chainTimeMoves(seconds: number) {
  const timeOf = async () => (await shared.chain.client.v1.chain.get_info()).head_block_time
  const start = (await timeOf()).toMilliseconds()
  while ((await timeOf()).toMilliseconds() - start < seconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function blockProduced(blockNum: number) {
  while (Number((await shared.chain.client.v1.chain.get_info()).head_block_num) <= blockNum) {
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The history source a deployment on this chain reads, counting its reads. */
function countedOrigins(source?: AccountOriginSource) {
  const real = source ?? new HyperionAccountOrigins(shared.chain.apiUrl, shared.chain.fetch, 5000)
  const counted = {
    creations: 0,
    fundings: 0,
    creationOf: (account: string) => {
      counted.creations += 1
      return real.creationOf(account)
    },
    firstFundingOf: (account: string) => {
      counted.fundings += 1
      return real.firstFundingOf(account)
    },
  }
  return counted
}

// The window of these tests: the chain makes the accounts of one group in one block, and each
// other account at least 3 s of chain time from any other.
const WINDOW = { minAccounts: 3, createdWithinSeconds: 2 }

describe('a campaign’s farm report: accounts of one creator, created together, or first funded by one account', () => {
  const makers = [randomAccount('mk'), randomAccount('mk'), randomAccount('mk')]
  const funder = randomAccount('fund')
  /** made in one block, each by another maker, never funded */
  const together = makers.map(() => randomAccount('tg'))
  /** made by devcreator, far apart, never funded */
  const sameCreator = makers.map(() => randomAccount('cr'))
  /** made far apart, each by another maker, first funded by `funder` */
  const sameFunder = makers.map(() => randomAccount('fd'))
  /** on no chain: the history source cannot tell where it came from */
  const ghost = randomAccount('ghost')
  const claimants = [...together, ...sameCreator, ...sameFunder, ghost]
  const rewardOf = new Map<string, string>()

  beforeAll(async () => {
    await made([...makers, funder].map((name) => ({ creator: PAYOUT_ACCOUNT, name })))
    await chainTimeMoves(3)
    await made(together.map((name, index) => ({ creator: makers[index], name })))
    for (const name of sameCreator) {
      await chainTimeMoves(3)
      const devcreator = { actor: ACCOUNT_CREATOR, privateKey: ACCOUNT_CREATOR_PRIVATE_KEY }
      await made([{ creator: ACCOUNT_CREATOR, name }], devcreator)
    }
    for (const [index, name] of sameFunder.entries()) {
      await chainTimeMoves(3)
      await made([{ creator: makers[index], name }])
    }
    await sent(PAYOUT_ACCOUNT, [funder], '10.0000 FERN')
    await sent(funder, sameFunder, '1.0000 FERN')
    // Later funds from another account change nothing: the first funds are the funder's.
    await blockProduced(await sent(PAYOUT_ACCOUNT, [sameFunder[0]], '1.0000 FERN'))

    await fernCampaign(shared.database, 'origins', ['origins'])
    for (const [index, account] of claimants.entries()) {
      rewardOf.set(account, (await claimFrom(account, 'origins', `203.0.${index}.7`)).id)
    }
  })

  const claimsOf = (accounts: string[]) =>
    accounts.map((account) => expect.objectContaining({ account, rewardId: rewardOf.get(account) }))

  it('reads at most its limit of accounts from the history source, the rest left for the next report', async () => {
    const source = countedOrigins()
    const limits = { maxAccounts: 4, budgetMs: 20_000, concurrency: 2 }
    const first = await farmReport(shared.database, 'origins', {
      ...WINDOW,
      origins: source,
      originLimits: limits,
    })
    expect(source.creations).toBe(4)
    expect(first.origins).toEqual({
      accounts: 10,
      known: 4,
      unavailable: [],
      deferred: 6,
      readLimit: 4,
    })
  })

  it('clusters accounts created by one account', async () => {
    const report = await farmReport(shared.database, 'origins', {
      ...WINDOW,
      origins: countedOrigins(),
    })
    expect(report.sameAddress).toEqual([])
    expect(report.sameCreator).toEqual([
      { creator: ACCOUNT_CREATOR, accounts: 3, claims: claimsOf(sameCreator) },
    ])
  })

  it('clusters accounts created within the window of each other, and the default window of 10 minutes holds them all', async () => {
    const report = await farmReport(shared.database, 'origins', {
      ...WINDOW,
      origins: countedOrigins(),
    })
    expect(report.createdWithinSeconds).toBe(2)
    expect(report.createdTogether).toEqual([
      { from: expect.any(Date), to: expect.any(Date), accounts: 3, claims: claimsOf(together) },
    ])
    expect(report.createdTogether[0].from).toEqual(report.createdTogether[0].to)
    const wide = await farmReport(shared.database, 'origins', {
      minAccounts: 3,
      origins: countedOrigins(),
    })
    expect(wide.createdWithinSeconds).toBe(600)
    expect(wide.createdTogether.map((cluster) => cluster.accounts)).toEqual([9])
  })

  it('clusters accounts whose first funds came from one account', async () => {
    const report = await farmReport(shared.database, 'origins', {
      ...WINDOW,
      origins: countedOrigins(),
    })
    expect(report.sameFunder).toEqual([{ funder, accounts: 3, claims: claimsOf(sameFunder) }])
  })

  it('keeps each origin once read, names the account the source cannot tell, and answers when the source is down', async () => {
    const source = countedOrigins()
    const report = await farmReport(shared.database, 'origins', { ...WINDOW, origins: source })
    expect(report.origins).toEqual({
      accounts: 10,
      known: 9,
      unavailable: [ghost],
      deferred: 0,
      readLimit: 200,
    })
    // Creations are kept: only the ghost's is asked again; first funds of those without any yet.
    expect(source.creations).toBe(1)
    expect(source.fundings).toBe(7)

    const down = countedOrigins({
      creationOf: () => Promise.reject(new Error('no answer')),
      firstFundingOf: () => Promise.reject(new Error('no answer')),
    })
    const meanwhile = await farmReport(shared.database, 'origins', { ...WINDOW, origins: down })
    expect(meanwhile.sameCreator.map((cluster) => cluster.creator)).toEqual([ACCOUNT_CREATOR])
    expect(meanwhile.sameFunder.map((cluster) => cluster.funder)).toEqual([funder])
    expect(meanwhile.origins?.unavailable).toEqual([...together, ...sameCreator, ghost].sort())
  })

  it('the console’s API and the CLI show the clusters, read through the deployment’s own chain', async () => {
    const operator = (await connectWithProof(shared.app, 'alice.wam')).cookie
    const response = await shared.app.inject({
      method: 'GET',
      url: '/api/admin/campaigns/origins/farm-report?minAccounts=3&createdWithinSeconds=2',
      headers: { ...jsonFromSite, cookie: operator },
    })
    expect(response.statusCode).toBe(200)
    const report = response.json()
    expect(report.sameCreator.map((cluster: { creator: string }) => cluster.creator)).toEqual([
      ACCOUNT_CREATOR,
    ])
    expect(report.createdTogether[0]).toMatchObject({ accounts: 3, from: expect.any(String) })
    expect(report.sameFunder[0]).toMatchObject({ funder, accounts: 3 })
    expect(report.origins).toMatchObject({ known: 9, unavailable: [ghost] })

    const lines: string[] = []
    await runAdminCommand(
      [
        'claims',
        'farm-report',
        '--campaign',
        'origins',
        '--min-accounts',
        '3',
        '--created-within',
        '2s',
      ],
      {
        database: shared.database,
        env: readEnvironment({}),
        chainNode: () => Promise.reject(new Error('the report reads no node')),
        transferHistory: () => Promise.reject(new Error('the report reads no transfers')),
        accountOrigins: async () => countedOrigins(),
        print: (line) => lines.push(line),
      },
    )
    expect(lines[0]).toBe('3 cluster(s) among the accounts that claimed origins')
    expect(lines).toContain(`created by ${ACCOUNT_CREATOR}: 3 accounts, 3 claim(s)`)
    expect(lines.some((line) => /^created within 2s, \S+ to \S+: 3 accounts/.test(line))).toBe(true)
    expect(lines).toContain(`first funded by ${funder}: 3 accounts, 3 claim(s)`)
    expect(lines.slice(-2)).toEqual([
      'Origins known for 9 of 10 account(s).',
      `The history source did not answer for: ${ghost}.`,
    ])
  })
})
