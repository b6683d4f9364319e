import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { NFT_COLLECTION, PAYOUT_ACCOUNT } from '@fernwood/devchain'
import type { RuleTree } from '@fernwood/protocol'
import type { NewCampaignRequest } from '@fernwood/protocol/admin'
import { APIClient } from '@wharfkit/antelope'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../src/admin/commands.ts'
import { CLI_OPERATOR } from '../src/admin/operations.ts'
import { createCampaignAs } from '../src/campaigns/operator-changes.ts'
import { ruleVerdict } from '../src/campaigns/rule-verdict.ts'
import { AccountHoldings, HoldingsUnavailable } from '../src/chain/account-holdings.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { migrate } from '../src/db/migrate.ts'
import { PayoutChainNode } from '../src/payouts/chain-node.ts'
import { HyperionTransferHistory } from '../src/payouts/transfer-history.ts'
import { migrateUpTo } from './support/migrations.ts'
import { mintTo, newAccounts, newTemplate } from './support/nfts.ts'
import { signInVisitor, submitCode } from './support/rewards.ts'
import { buildTestApp, createTestChain, jsonFromSite } from './support/test-app.ts'
import {
  createTestDatabase,
  createUnmigratedTestDatabase,
  type TestDatabase,
  testDriver,
} from './support/test-database.ts'
import { connectWithProof } from './support/wallet-proofs.ts'
import { payoutSession } from './support/worker.ts'

let testDatabase: TestDatabase
let chain: ChainConnection
let app: Awaited<ReturnType<typeof buildTestApp>>
/** Templates of the test's own, so that only the assets it mints qualify. */
let acorn: number
let cone: number

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  chain = await createTestChain()
  app = await buildTestApp(testDatabase.database, { ADMIN_ACCOUNTS: 'alice.wam' }, chain)
  acorn = await newTemplate(chain, 'Oak acorn')
  cone = await newTemplate(chain, 'Pine cone')
})
afterAll(async () => {
  await app.close()
  await chain.close()
  await testDatabase.drop()
})

const fern = (amount: string) => ({
  rule: 'min_balance' as const,
  amount,
  token: 'FERN',
  contract: 'fern.token',
})
const holds = (template: number, more: object = {}) => ({
  rule: 'holds_nft' as const,
  collection: NFT_COLLECTION,
  template,
  ...more,
})

/** A shared campaign whose one code is `slug`, created as `campaigns create` does. */
async function campaignWith(slug: string, fields: Partial<NewCampaignRequest>): Promise<string> {
  await createCampaignAs(
    testDatabase.database,
    CLI_OPERATOR,
    { slug, name: slug, kind: 'shared', reward: '1.0000 FERN', code: slug, ...fields },
    'fern.token',
  )
  return slug
}

/** What `account`'s claim of `code` answers. */
async function claim(account: string, code: string) {
  const visitor = await signInVisitor(app, testDatabase.database, account)
  const response = await submitCode(app, visitor, { code })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().reward
}

/** The payout account sends `quantity` of FERN to each of `accounts`. */
async function giveFern(quantity: string, ...accounts: string[]) {
  await payoutSession(chain).transact({
    actions: accounts.map((to) => ({
      account: 'fern.token',
      name: 'transfer',
      authorization: [{ actor: PAYOUT_ACCOUNT, permission: 'active' }],
      data: { from: PAYOUT_ACCOUNT, to, quantity, memo: 'for the rules' },
    })),
  })
}

const refusedFor = (failedRule: object) => ({
  status: 'rejected',
  rejection: 'not_eligible',
  failedRule,
})

describe(`a campaign's rule tree, every node checked when a code is claimed (${testDriver})`, () => {
  it('an any group lets in a wallet meeting one of its members, and refuses one meeting none, naming the group', async () => {
    const [acornHolder, fernHolder, neither] = await newAccounts(chain, 3)
    await mintTo(chain, acorn, acornHolder, 1)
    await giveFern('100.0000 FERN', fernHolder)
    const tree = { any: [holds(acorn, { name: 'Oak acorn' }), fern('100.0000')] }
    const code = await campaignWith('acorn-or-fern', { rules: tree })
    expect((await claim(acornHolder, code)).status).toBe('pending')
    expect((await claim(fernHolder, code)).status).toBe('pending')
    expect(await claim(neither, code)).toMatchObject(refusedFor(tree))
  })

  it('an all group needs every member, and names the first one a wallet fails', async () => {
    const [both, fernOnly] = await newAccounts(chain, 2)
    await mintTo(chain, acorn, both, 1)
    await giveFern('50.0000 FERN', both, fernOnly)
    const code = await campaignWith('acorn-and-fern', {
      rules: { all: [fern('50.0000'), holds(acorn)] },
    })
    expect((await claim(both, code)).status).toBe('pending')
    expect(await claim(fernOnly, code)).toMatchObject(refusedFor(holds(acorn)))
  })

  it('nested groups: the allowlist as one way in beside chain conditions, looked up with them', async () => {
    const [listed, holder, halfway] = await newAccounts(chain, 3)
    await mintTo(chain, cone, holder, 1)
    await mintTo(chain, cone, halfway, 1)
    await giveFern('10.0000 FERN', holder)
    const tree = {
      any: [{ rule: 'allowlist' as const }, { all: [holds(cone), fern('10.0000')] }],
    }
    const code = await campaignWith('listed-or-holders', { rules: tree, allowlist: listed })
    const [derived] = await testDatabase.database.query(
      `SELECT has_allowlist, allowlist_required, rules_on_chain FROM campaigns WHERE slug = $1`,
      [code],
    )
    expect(derived).toEqual({
      has_allowlist: true,
      allowlist_required: false,
      rules_on_chain: true,
    })
    expect((await claim(listed, code)).status).toBe('pending')
    expect((await claim(holder, code)).status).toBe('pending')
    expect(await claim(halfway, code)).toMatchObject(refusedFor(tree))
  })

  it('holding at least N assets of a collection, of a schema or of a template', async () => {
    const [one, two] = await newAccounts(chain, 2)
    await mintTo(chain, acorn, one, 1)
    await mintTo(chain, acorn, two, 2)
    const twoAcorns = holds(acorn, { count: 2 })
    const ofTemplate = await campaignWith('two-acorns', { rules: { all: [twoAcorns] } })
    expect(await claim(one, ofTemplate)).toMatchObject(refusedFor(twoAcorns))
    expect((await claim(two, ofTemplate)).status).toBe('pending')
    const ofSchema = { rule: 'holds_nft' as const, collection: NFT_COLLECTION, schema: 'treasures' }
    const schemaCode = await campaignWith('treasure-holders', { rules: { all: [ofSchema] } })
    expect((await claim(one, schemaCode)).status).toBe('pending')
    const otherSchema = { ...ofSchema, schema: 'nosuchschema' }
    const otherCode = await campaignWith('no-such-schema', { rules: { any: [otherSchema] } })
    expect(await claim(one, otherCode)).toMatchObject(refusedFor(otherSchema))
    const ofCollection = { rule: 'holds_nft' as const, collection: NFT_COLLECTION, count: 3 }
    const collectionCode = await campaignWith('three-of-collection', {
      rules: { all: [ofCollection] },
    })
    expect(await claim(two, collectionCode)).toMatchObject(refusedFor(ofCollection))
  })

  it('an account age inside a group', async () => {
    const [young] = await newAccounts(chain, 1)
    const aged = { rule: 'min_account_age' as const, days: 365 }
    const tree = { any: [aged, fern('1000000.0000')] }
    const code = await campaignWith('aged-or-rich', { rules: tree })
    expect(await claim(young, code)).toMatchObject(refusedFor(tree))
  })

  it('one claim per NFT takes an asset of the NFT conditions through which the wallet meets the tree', async () => {
    const [acornHolder, coneHolder] = await newAccounts(chain, 2)
    await mintTo(chain, acorn, acornHolder, 1)
    await mintTo(chain, cone, coneHolder, 1)
    const tree = { any: [holds(acorn), holds(cone)] }
    const code = await campaignWith('acorn-or-cone-once', { rules: tree, oncePerAsset: true })
    expect((await claim(acornHolder, code)).status).toBe('pending')
    expect((await claim(coneHolder, code)).status).toBe('pending')
    const taken = await testDatabase.database.query<{ asset_id: string }>(
      `SELECT q.asset_id FROM claim_qualifying_assets q
         JOIN campaigns c ON c.id = q.campaign_id WHERE c.slug = $1`,
      [code],
    )
    expect(taken).toHaveLength(2)
    // A tree a wallet may meet without any NFT gives one claim per NFT nothing to count.
    await expect(
      campaignWith('acorn-or-fern-once', {
        rules: { any: [holds(acorn), fern('1.0000')] },
        oncePerAsset: true,
      }),
    ).rejects.toMatchObject({ code: 'ADMIN_ONCE_PER_ASSET_INVALID' })
  })
})

/** A chain whose node fails the reads `failing` matches, and counts every read by its path. */
function countingChain(failing?: RegExp) {
  const reads = new Map<string, number>()
  const fetchCounting: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    const endpoint = url.slice(url.lastIndexOf('/') + 1)
    reads.set(endpoint, (reads.get(endpoint) ?? 0) + 1)
    if (failing?.test(endpoint)) return Promise.reject(new TypeError('fetch failed'))
    return chain.fetch(input, init)
  }
  const counted: ChainConnection = {
    ...chain,
    fetch: fetchCounting,
    client: new APIClient({ url: chain.apiUrl, fetch: fetchCounting }),
  }
  return { holdings: new AccountHoldings(counted, { cacheMs: 0, timeoutMs: 5000 }), reads }
}

describe(`a rule tree's verdict, read from the chain (${testDriver})`, () => {
  const unlisted = { listed: async () => false }

  it('reads each account and contract once, however many conditions ask them', async () => {
    const [account] = await newAccounts(chain, 1)
    await mintTo(chain, acorn, account, 2)
    await giveFern('5.0000 FERN', account)
    const { holdings, reads } = countingChain()
    const tree: RuleTree = {
      all: [
        fern('5.0000'),
        {
          any: [
            { rule: 'min_balance', amount: '1', token: 'WAX', contract: 'fern.token' },
            holds(acorn),
          ],
        },
        { all: [holds(acorn, { count: 2 }), { rule: 'holds_nft', collection: NFT_COLLECTION }] },
        { rule: 'min_account_age', days: 1 },
        { any: [{ rule: 'min_account_age', days: 2 }, fern('1.0000')] },
      ],
    }
    const created = await holdings.createdAt(account)
    reads.clear()
    const verdict = await ruleVerdict(
      tree,
      account,
      { holdings, ...unlisted },
      created + 3 * 86_400_000,
    )
    expect(verdict.failed).toBeNull()
    expect(verdict.assets).toHaveLength(2)
    // The account's creation is kept for good: one balances read and one page of assets.
    expect(Object.fromEntries(reads)).toEqual({ get_currency_balance: 1, get_table_rows: 1 })
  })

  it('a read that fails decides only what depends on it: a retry then, never a refusal', async () => {
    const [account] = await newAccounts(chain, 1)
    await mintTo(chain, cone, account, 1)
    const { holdings } = countingChain(/get_currency_balance/)
    const verdict = (tree: RuleTree) => ruleVerdict(tree, account, { holdings, ...unlisted })
    expect(await verdict({ any: [fern('1.0000'), holds(cone)] })).toMatchObject({ failed: null })
    expect(await verdict({ all: [fern('1.0000'), holds(acorn)] })).toMatchObject({
      failed: holds(acorn),
    })
    await expect(verdict({ all: [fern('1.0000'), holds(cone)] })).rejects.toBeInstanceOf(
      HoldingsUnavailable,
    )
  })

  it('the assets of a member of a group the wallet fails do not qualify it', async () => {
    const [account] = await newAccounts(chain, 1)
    await mintTo(chain, acorn, account, 1)
    await mintTo(chain, cone, account, 1)
    const { holdings } = countingChain()
    const verdict = await ruleVerdict(
      { any: [holds(acorn), { all: [holds(cone), fern('1000.0000')] }] },
      account,
      { holdings, ...unlisted },
    )
    expect(verdict.failed).toBeNull()
    expect(verdict.assets).toHaveLength(1)
  })
})

describe(`rule trees through the admin API and the CLI (${testDriver})`, () => {
  // The test's template exists once the file's setup has run.
  const acornOrFern = () => ({ any: [holds(acorn, { name: 'Oak acorn' }), fern('100.0000')] })

  async function asOperator(method: 'POST', url: string, payload: object) {
    const { cookie } = await connectWithProof(app, 'alice.wam', {})
    return app.inject({ method, url, headers: { ...jsonFromSite, cookie }, payload })
  }

  it('the API takes a tree and shows it back; a tree of the wrong types is refused, not coerced', async () => {
    const tree = acornOrFern()
    const created = await asOperator('POST', '/api/admin/campaigns', {
      slug: 'api-tree',
      name: 'API tree',
      kind: 'shared',
      reward: '1.0000 FERN',
      code: 'apitree',
      rules: tree,
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().campaign.rules).toMatchObject({
      tree,
      allowlist: false,
      minBalance: null,
    })
    const coerced = await asOperator('POST', '/api/admin/campaigns/api-tree/edit', {
      rules: { all: [{ rule: 'min_account_age', days: '30' }] },
    })
    expect(coerced.statusCode).toBe(400)
    // Checked in full by the server, which names the place, rather than by the route's schema.
    expect(coerced.json().error.code).toBe('ADMIN_RULES_INVALID')
    expect(coerced.json().error.message).toContain('/all/0/days')
    const edited = await asOperator('POST', '/api/admin/campaigns/api-tree/edit', {
      minAccountAgeDays: 7,
    })
    // A single-rule property on a tree whose top is an any group: one more condition beside it.
    expect(edited.json().campaign.rules.tree).toEqual({
      all: [tree, { rule: 'min_account_age', days: 7 }],
    })
  })

  it('`--rules <file.json>` with the single-rule flags as shorthands, and `none` to take a kind away', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'fernwood-rules-'))
    const printed: string[] = []
    const admin = (...argv: string[]) =>
      runAdminCommand(argv, {
        database: testDatabase.database,
        env: readEnvironment({}),
        chainNode: async () => new PayoutChainNode(chain, 2000),
        transferHistory: async () => new HyperionTransferHistory(chain.apiUrl, chain.fetch, 2000),
        print: (line) => printed.push(line),
      })
    const tree = acornOrFern()
    const rulesFile = path.join(folder, 'rules.json')
    const allowlist = path.join(folder, 'guests.txt')
    try {
      await writeFile(rulesFile, JSON.stringify(tree))
      await writeFile(allowlist, 'alice.wam\n')
      await admin(
        ...['campaigns', 'create', '--slug', 'cli-tree', '--name', 'CLI tree', '--kind', 'shared'],
        ...['--reward', '1.0000 FERN', '--code', 'clitree', '--rules', rulesFile],
        ...['--allowlist', allowlist, '--min-account-age-days', '7'],
      )
      const stored = async () =>
        (
          await testDatabase.database.query<{ rules: RuleTree | null }>(
            `SELECT rules FROM campaigns WHERE slug = 'cli-tree'`,
          )
        )[0].rules
      expect(await stored()).toEqual({
        all: [tree, { rule: 'allowlist' }, { rule: 'min_account_age', days: 7 }],
      })
      await admin(
        'campaigns',
        'edit',
        'cli-tree',
        '--holds-nft',
        'none',
        '--min-account-age-days',
        '30',
      )
      expect(await stored()).toEqual({
        all: [
          { any: [fern('100.0000')] },
          { rule: 'allowlist' },
          { rule: 'min_account_age', days: 30 },
        ],
      })
      await writeFile(rulesFile, '{"all": [{"rule": "min_account_age", "days": 0}]}')
      await expect(admin('campaigns', 'edit', 'cli-tree', '--rules', rulesFile)).rejects.toThrow(
        `--rules ${rulesFile}: /all/0/days: must be >= 1`,
      )
      await admin('campaigns', 'edit', 'cli-tree', '--rules', 'none')
      expect(await stored()).toBeNull()
      const [{ listed }] = await testDatabase.database.query<{ listed: number }>(
        `SELECT count(*)::int AS listed FROM campaign_allowlists a
           JOIN campaigns c ON c.id = a.campaign_id WHERE c.slug = 'cli-tree'`,
      )
      // The allowlist goes with the last condition that asked for it.
      expect(listed).toBe(0)
    } finally {
      await rm(folder, { recursive: true })
    }
  })
})

describe(`existing campaigns' rules, migrated into trees (${testDriver})`, () => {
  it('an allowlist and the chain rules become one all group; a campaign without rules, none', async () => {
    const old = await createUnmigratedTestDatabase()
    try {
      await migrateUpTo(old, '034')
      await old.database.exec(`
        INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract, has_allowlist,
                               chain_rules) VALUES
          ('listed', 'Listed', 'shared', '1.0000 FERN', 'fern.token', true, NULL),
          ('both', 'Both', 'shared', '1.0000 FERN', 'fern.token', true,
           '[{"rule": "min_balance", "amount": "10.0000", "token": "FERN", "contract": "fern.token"},
             {"rule": "holds_nft", "collection": "fernwoodnfts", "template": 1}]'),
          ('aged', 'Aged', 'shared', '1.0000 FERN', 'fern.token', false,
           '[{"rule": "min_account_age", "days": 30}]'),
          ('open', 'Open', 'shared', '1.0000 FERN', 'fern.token', false, NULL);`)
      await migrate(old.database)
      const rows = await old.database.query(
        `SELECT slug, rules, has_allowlist, allowlist_required, rules_on_chain
           FROM campaigns WHERE slug IN ('listed', 'both', 'aged', 'open') ORDER BY id`,
      )
      expect(rows).toEqual([
        {
          slug: 'listed',
          rules: { all: [{ rule: 'allowlist' }] },
          has_allowlist: true,
          allowlist_required: true,
          rules_on_chain: false,
        },
        {
          slug: 'both',
          rules: {
            all: [
              { rule: 'allowlist' },
              { rule: 'min_balance', amount: '10.0000', token: 'FERN', contract: 'fern.token' },
              { rule: 'holds_nft', collection: 'fernwoodnfts', template: 1 },
            ],
          },
          has_allowlist: true,
          allowlist_required: true,
          rules_on_chain: true,
        },
        {
          slug: 'aged',
          rules: { all: [{ rule: 'min_account_age', days: 30 }] },
          has_allowlist: false,
          allowlist_required: false,
          rules_on_chain: true,
        },
        {
          slug: 'open',
          rules: null,
          has_allowlist: false,
          allowlist_required: false,
          rules_on_chain: false,
        },
      ])
    } finally {
      await old.drop()
    }
  })
})
