import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { NFT_COLLECTION, PAYOUT_ACCOUNT } from '@fernwood/devchain'
import type { NewCampaignRequest } from '@fernwood/protocol/admin'
import { APIClient, PermissionLevel } from '@wharfkit/antelope'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminContext, runAdminCommand } from '../src/admin/commands.ts'
import { CLI_OPERATOR } from '../src/admin/operations.ts'
import {
  allowlistAccounts,
  EligibilityRuleInvalid,
  minAccountAgeRule,
} from '../src/campaigns/eligibility.ts'
import { createCampaignAs } from '../src/campaigns/operator-changes.ts'
import { ruleVerdict } from '../src/campaigns/rule-verdict.ts'
import { AccountHoldings } from '../src/chain/account-holdings.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { PayoutChainNode } from '../src/payouts/chain-node.ts'
import { mintAction } from '../src/payouts/nft-actions.ts'
import { HyperionTransferHistory } from '../src/payouts/transfer-history.ts'
import { randomAccount, rewardsOf, signInVisitor, submitCode } from './support/rewards.ts'
import { buildTestApp, createTestChain } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase, testDriver } from './support/test-database.ts'
import { payoutSession } from './support/worker.ts'

let testDatabase: TestDatabase
let chain: ChainConnection
/** The chain as the server reaches it: a node that fails every read while `nodeDown` holds. */
let flakyChain: ChainConnection
let nodeDown = false
let app: Awaited<ReturnType<typeof buildTestApp>>
/** A second server over the same database, for claims at the same moment. */
let otherApp: Awaited<ReturnType<typeof buildTestApp>>

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  chain = await createTestChain()
  const fetchUnlessDown: typeof fetch = (input, init) =>
    nodeDown ? Promise.reject(new TypeError('fetch failed')) : chain.fetch(input, init)
  flakyChain = {
    ...chain,
    fetch: fetchUnlessDown,
    client: new APIClient({ url: chain.apiUrl, fetch: fetchUnlessDown }),
  }
  app = await buildTestApp(testDatabase.database, {}, flakyChain)
  otherApp = await buildTestApp(testDatabase.database, {}, flakyChain)
  // alice.wam holds an NFT of the devchain's collection (template 1); bob.wam none.
  await payoutSession(chain).transact({
    action: mintAction(PermissionLevel.from(`${PAYOUT_ACCOUNT}@active`), {
      collection: NFT_COLLECTION,
      schema: 'treasures',
      templateId: 1,
      to: 'alice.wam',
      rewardId: 'held-for-eligibility',
    }),
  })
})
afterAll(async () => {
  await app.close()
  await otherApp.close()
  await chain.close()
  await testDatabase.drop()
})

/** A shared campaign with `rules`, created as `campaigns create` does; its code is its slug. */
async function campaignWith(slug: string, rules: Partial<NewCampaignRequest>): Promise<string> {
  await createCampaignAs(
    testDatabase.database,
    CLI_OPERATOR,
    { slug, name: slug, kind: 'shared', reward: '1.0000 FERN', code: slug, ...rules },
    'fern.token',
  )
  return slug
}

/** What `account` gets for submitting `code`, through `server`. */
async function claim(account: string, code: string, server = app) {
  const visitor = await signInVisitor(server, testDatabase.database, account)
  const response = await submitCode(server, visitor, { code })
  return { response, visitor, body: response.json() }
}

describe(`a campaign's eligibility rules, checked when a code is claimed (${testDriver})`, () => {
  it('an allowlist lets its accounts in and refuses others as not eligible, naming the rule', async () => {
    const code = await campaignWith('vip-night', { allowlist: 'account,note\nalice.wam,"guest"\n' })
    const alice = await claim('alice.wam', code)
    expect(alice.response.statusCode).toBe(201)
    expect(alice.body.reward.status).toBe('pending')
    const bob = await claim('bob.wam', code)
    expect(bob.response.statusCode).toBe(201)
    expect(bob.body.reward).toMatchObject({
      status: 'rejected',
      rejection: 'not_eligible',
      failedRule: { rule: 'allowlist' },
    })
    // The refusal stays on the visitor's list with its rule.
    const { pending } = await rewardsOf(app, bob.visitor)
    expect(pending.find((reward: { code: string }) => reward.code === code)).toMatchObject({
      rejection: 'not_eligible',
      failedRule: { rule: 'allowlist' },
    })
  })

  it('a minimum balance is read from the token contract: enough passes, too little is refused', async () => {
    const enough = await campaignWith('wax-holders', { minBalance: '50.00000000 WAX@eosio.token' })
    expect((await claim('alice.wam', enough)).body.reward.status).toBe('pending')
    const tooMuch = await campaignWith('wax-whales', { minBalance: '500 WAX@eosio.token' })
    expect((await claim('alice.wam', tooMuch)).body.reward).toMatchObject({
      status: 'rejected',
      rejection: 'not_eligible',
      failedRule: { rule: 'min_balance', amount: '500', token: 'WAX', contract: 'eosio.token' },
    })
  })

  it('holding an NFT is read from AtomicAssets: of the collection, and of a template', async () => {
    const collection = await campaignWith('nft-holders', { holdsNft: NFT_COLLECTION })
    expect((await claim('alice.wam', collection)).body.reward.status).toBe('pending')
    expect((await claim('bob.wam', collection)).body.reward).toMatchObject({
      rejection: 'not_eligible',
      failedRule: { rule: 'holds_nft', collection: NFT_COLLECTION },
    })
    const template = await campaignWith('acorn-holders', { holdsNft: `${NFT_COLLECTION}:2` })
    expect((await claim('alice.wam', template)).body.reward).toMatchObject({
      rejection: 'not_eligible',
      failedRule: { rule: 'holds_nft', collection: NFT_COLLECTION, template: 2 },
    })
  })

  it('a minimum account age is read from get_account: a new account is refused', async () => {
    const code = await campaignWith('old-timers', { minAccountAgeDays: 30 })
    expect((await claim('carol.wam', code)).body.reward).toMatchObject({
      rejection: 'not_eligible',
      failedRule: { rule: 'min_account_age', days: 30 },
    })
  })

  it('an account old enough passes the age rule', async () => {
    const holdings = new AccountHoldings(chain, { cacheMs: 0, timeoutMs: 5000 })
    const rule = minAccountAgeRule(30)
    const created = await holdings.createdAt('carol.wam')
    const sources = { holdings, listed: async () => false }
    const at = async (days: number) =>
      (await ruleVerdict({ all: [rule] }, 'carol.wam', sources, created + days * 86_400_000)).failed
    expect(await at(29)).toEqual(rule)
    expect(await at(30)).toBeNull()
  })

  it('a node that fails a read is a retry, not a refusal: nothing is recorded, and the claim succeeds once it answers', async () => {
    // A question not asked before: an answer the server still holds would need no node.
    const code = await campaignWith('node-trouble', { minBalance: '0.0000 FERN@fern.token' })
    nodeDown = true
    const failed = await claim('alice.wam', code).finally(() => {
      nodeDown = false
    })
    expect(failed.response.statusCode).toBe(503)
    expect(failed.body.error.code).toBe('ELIGIBILITY_UNAVAILABLE')
    expect(failed.response.headers['retry-after']).toBe('5')
    const { pending } = await rewardsOf(app, failed.visitor)
    expect(pending.map((reward: { code: string }) => reward.code)).not.toContain(code)

    const again = await submitCode(app, failed.visitor, { code })
    expect(again.statusCode).toBe(201)
    expect(again.json().reward.status).toBe('pending')
  })

  it('the claim preview shows the rules before the visitor enters', async () => {
    const code = await campaignWith('previewed', {
      allowlist: 'alice.wam\nbob.wam\n',
      holdsNft: `${NFT_COLLECTION}:1`,
      group: 'previewed-series',
      perWallet: '2/week',
    })
    const response = await app.inject({ method: 'GET', url: `/api/claims/${code}` })
    expect(response.json().rules).toEqual({
      eligibility: {
        all: [
          { rule: 'allowlist' },
          { rule: 'holds_nft', collection: NFT_COLLECTION, template: 1 },
        ],
      },
      walletLimit: { group: 'previewed-series', claims: 2, period: 'week' },
    })
    const plain = await campaignWith('no-rules', {})
    expect((await app.inject({ method: 'GET', url: `/api/claims/${plain}` })).json().rules).toBe(
      undefined,
    )
  })
})

describe('per-wallet limits across the campaigns of a group', () => {
  it('refuses a claim past the limit with when the next one opens, and opens it once the period has passed', async () => {
    const monday = await campaignWith('checkin-mon', { group: 'daily-checkin', perWallet: '1/day' })
    const tuesday = await campaignWith('checkin-tue', { group: 'daily-checkin' })
    const wednesday = await campaignWith('checkin-wed', { group: 'daily-checkin' })
    const account = randomAccount('daily')
    const first = await claim(account, monday)
    expect(first.body.reward.status).toBe('pending')
    const second = await claim(account, tuesday)
    expect(second.body.reward).toMatchObject({
      status: 'rejected',
      rejection: 'wallet_limit_reached',
    })
    const opensAt = Date.parse(first.body.reward.createdAt) + 86_400_000
    expect(Date.parse(second.body.reward.nextClaimAt)).toBe(opensAt)

    // A day later (the claims' clock is the database's: the first claim is moved back a day).
    await testDatabase.database.query(
      `UPDATE rewards SET created_at = created_at - interval '1 day 1 second' WHERE id = $1`,
      [first.body.reward.id],
    )
    expect((await claim(account, wednesday)).body.reward.status).toBe('pending')
  })

  it('a wallet claiming two campaigns of a group on two servers at the same moment gets one', async () => {
    const codes = [
      await campaignWith('flash-a', { group: 'flash', perWallet: '1/hour' }),
      await campaignWith('flash-b', { group: 'flash' }),
    ]
    for (let round = 0; round < 4; round++) {
      const account = randomAccount('flash')
      const [onOne, onOther] = await Promise.all([
        signInVisitor(app, testDatabase.database, account),
        signInVisitor(otherApp, testDatabase.database, account),
      ])
      const answers = await Promise.all([
        submitCode(app, onOne, { code: codes[0] }),
        submitCode(otherApp, onOther, { code: codes[1] }),
      ])
      const statuses = answers.map((answer) => answer.json().reward.status).sort()
      expect(statuses).toEqual(['pending', 'rejected'])
    }
  })

  it('a new group without a limit, or a limit without a group, is refused', async () => {
    await expect(campaignWith('lonely', { group: 'nobody-made-this' })).rejects.toMatchObject({
      code: 'ADMIN_GROUP_INVALID',
    })
    await expect(campaignWith('limitless', { perWallet: '1/day' })).rejects.toMatchObject({
      code: 'ADMIN_PER_WALLET_INVALID',
    })
    await expect(
      campaignWith('bad-period', { group: 'x', perWallet: '1/fortnight' }),
    ).rejects.toMatchObject({ code: 'ADMIN_PER_WALLET_INVALID' })
  })
})

describe('allowlist files', () => {
  it('`campaigns create --allowlist <file>` with a group and its limit', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'fernwood-allowlist-'))
    const file = path.join(directory, 'guests.csv')
    await writeFile(file, 'name,account\nAlice,alice.wam\n')
    const printed: string[] = []
    const context: AdminContext = {
      database: testDatabase.database,
      env: readEnvironment({}),
      chainNode: async () => new PayoutChainNode(chain, 2000),
      transferHistory: async () => new HyperionTransferHistory(chain.apiUrl, chain.fetch, 2000),
      print: (line) => printed.push(line),
    }
    await runAdminCommand(
      [
        'campaigns',
        'create',
        '--slug',
        'cli-guests',
        '--name',
        'Guests',
        '--kind',
        'shared',
        '--reward',
        '1.0000 FERN',
        '--code',
        'cliguests',
        '--allowlist',
        file,
        '--group',
        'cli-series',
        '--per-wallet',
        '2/hour',
      ],
      context,
    )
    await rm(directory, { recursive: true, force: true })
    expect(printed).toEqual(['Created campaign cli-guests (shared, 1.0000 FERN each).'])
    expect((await claim('alice.wam', 'cliguests')).body.reward.status).toBe('pending')
    expect((await claim('bob.wam', 'cliguests')).body.reward.rejection).toBe('not_eligible')
    const preview = await app.inject({ method: 'GET', url: '/api/claims/cliguests' })
    expect(preview.json().rules.walletLimit).toEqual({
      group: 'cli-series',
      claims: 2,
      period: 'hour',
    })
  })

  it('reads one account a line or a CSV account column, and names a bad line', () => {
    expect(allowlistAccounts('alice.wam\r\n\nbob.wam\nalice.wam\n')).toEqual([
      'alice.wam',
      'bob.wam',
    ])
    expect(allowlistAccounts('name,account\nAlice,"alice.wam"\nBob,bob.wam')).toEqual([
      'alice.wam',
      'bob.wam',
    ])
    expect(() => allowlistAccounts('alice.wam\nBob!\n')).toThrow(
      new EligibilityRuleInvalid('allowlist: line 2: "Bob!" is not a WAX account name'),
    )
    expect(() => allowlistAccounts('name,wallet\nAlice,alice.wam')).toThrow(EligibilityRuleInvalid)
  })
})
