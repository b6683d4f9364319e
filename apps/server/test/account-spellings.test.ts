import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { welcomeCodeFor } from '../src/config/public-config.ts'
import { migrate } from '../src/db/migrate.ts'
import { migrateUpTo } from './support/migrations.ts'
import { submitCode } from './support/rewards.ts'
import { buildTestApp, jsonFromSite } from './support/test-app.ts'
import { createUnmigratedTestDatabase, type TestDatabase } from './support/test-database.ts'
import { useTestApp } from './support/use-test-app.ts'
import { connectWithProof } from './support/wallet-proofs.ts'

const WELCOME = welcomeCodeFor('Fernwood')
// The chain reads each of these as alice.wam: a proof for alice.wam is valid for all of them.
const ALIASES = ['alice.wam.', 'alice.wam..', 'alice.wam...']

describe('a wallet named in another spelling of its account', () => {
  const shared = useTestApp({ seedCatalogue: true, environment: { ADMIN_ACCOUNTS: 'carol.wam' } })

  it('is refused, with a valid proof for the account, and the account claims once', async () => {
    for (const alias of ALIASES) {
      await expect(connectWithProof(shared.app, alias)).rejects.toThrow(/refused: 400/)
    }
    const [{ bound }] = await shared.database.query<{ bound: number }>(
      "SELECT count(*)::int AS bound FROM users WHERE wax_account LIKE 'alice.wam%'",
    )
    expect(bound).toBe(0)

    const phone = await connectWithProof(shared.app, 'alice.wam')
    const laptop = await connectWithProof(shared.app, 'alice.wam')
    expect((await submitCode(shared.app, phone, { code: WELCOME })).statusCode).toBe(201)
    const again = await submitCode(shared.app, laptop, { code: WELCOME })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('CODE_DUPLICATE')
  })

  it('is refused in an allowlist, saying how the chain spells it', async () => {
    const operator = await connectWithProof(shared.app, 'carol.wam')
    const created = await shared.app.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: { ...jsonFromSite, cookie: operator.cookie },
      payload: {
        slug: 'spellings',
        name: 'Spellings',
        kind: 'shared',
        reward: '1.0000 FERN',
        code: 'spelled',
        allowlist: 'bob.wam\nalice.wam.\n',
      },
    })
    expect(created.statusCode).toBe(400)
    expect(created.body).toContain('line 2: \\"alice.wam.\\" is spelled \\"alice.wam\\" on chain')
  })
})

describe('the migration to one spelling', () => {
  let testDatabase: TestDatabase

  beforeAll(async () => {
    testDatabase = await createUnmigratedTestDatabase()
    const { database } = testDatabase
    await migrateUpTo(testDatabase, '024')
    await seedCatalogueFor(readEnvironment({}), database)
    await database.exec(`
      INSERT INTO campaign_groups (name, claims_per_wallet, period) VALUES ('forest', 5, '1 day');
      INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract, has_allowlist,
                             claim_group)
      VALUES ('listed', 'Listed', 'shared', '1.0000 FERN', 'fern.token.', true, 'forest');
      INSERT INTO codes (code, campaign_id) SELECT 'listed-code', id FROM campaigns WHERE slug = 'listed';
      INSERT INTO campaign_allowlists (campaign_id, account)
      SELECT id, account FROM campaigns, unnest(ARRAY['bob.wam', 'bob.wam.', 'bob.wam..', 'carol.wam.'])
        AS account WHERE slug = 'listed';`)
    // Rows as the old server kept them, written without the live feed's triggers, which are
    // defined only once every migration has run.
    await database.transaction(async (tx) => {
      await tx.exec('SET LOCAL session_replication_role = replica')
      await tx.exec(`
        INSERT INTO users (id, wax_account, wax_permission, wax_account_verified) VALUES
          ('00000000-0000-4000-8000-000000000001', 'alice.wam', 'active', true),
          ('00000000-0000-4000-8000-000000000002', 'alice.wam.', 'active', true),
          ('00000000-0000-4000-8000-000000000003', 'alice.wam..', 'active.', true);
        INSERT INTO sessions (token_hash, user_id, expires_at)
        SELECT decode(md5(id::text), 'hex'), id, now() + interval '1 day' FROM users;
        INSERT INTO rewards (id, code, wax_account, user_id, status, campaign_id, delayed,
                             created_at)
        SELECT v.id::uuid, v.code, v.account, v.user_id::uuid, v.status, k.campaign_id, false,
               now() - v.age::interval
          FROM (VALUES
            ('10000000-0000-4000-8000-000000000001', '${WELCOME}', 'alice.wam.',
             '00000000-0000-4000-8000-000000000002', 'completed', '3 hours'),
            ('10000000-0000-4000-8000-000000000002', '${WELCOME}', 'alice.wam',
             '00000000-0000-4000-8000-000000000001', 'completed', '2 hours'),
            ('10000000-0000-4000-8000-000000000003', '${WELCOME}', 'alice.wam..',
             '00000000-0000-4000-8000-000000000003', 'pending', '1 hour'),
            ('10000000-0000-4000-8000-000000000004', 'listed-code', 'alice.wam..',
             '00000000-0000-4000-8000-000000000003', 'pending', '1 hour'))
            AS v (id, code, account, user_id, status, age)
          JOIN codes k ON k.code = v.code;
        INSERT INTO reward_history (reward_id, wax_account, code, amount, token, transaction_id)
        SELECT id, wax_account, code, '10.0000', 'FERN', repeat(left(md5(id::text), 1), 64)
          FROM rewards WHERE status = 'completed';
        INSERT INTO completed_rewards (wax_account, code, reward_id)
        SELECT wax_account, code, id FROM rewards WHERE status = 'completed';`)
    })
    await migrate(database)
  })
  afterAll(() => testDatabase?.drop())

  const rows = <T>(sql: string) => testDatabase.database.query<T & Record<string, unknown>>(sql)

  it('binds every user of a spelling to the account, so one sign-out ends them all', async () => {
    expect(
      await rows<{ wax_account: string; wax_permission: string }>(
        'SELECT wax_account, wax_permission FROM users ORDER BY id',
      ),
    ).toEqual([
      { wax_account: 'alice.wam', wax_permission: 'active' },
      { wax_account: 'alice.wam', wax_permission: 'active' },
      { wax_account: 'alice.wam', wax_permission: 'active' },
    ])
    const app = await buildTestApp(testDatabase.database)
    try {
      const visitor = await connectWithProof(app, 'alice.wam')
      const ended = await app.inject({
        method: 'POST',
        url: '/api/session/sign-out-everywhere',
        headers: { ...jsonFromSite, cookie: visitor.cookie },
        payload: {},
      })
      expect(ended.statusCode).toBe(204)
      // The three users of old spellings and this visitor's: every session of the account ended.
      expect(await rows('SELECT user_id FROM sessions')).toEqual([])
      expect(
        await rows(
          "SELECT details->>'users' AS users FROM audit_log WHERE action LIKE '%everywhere%'",
        ),
      ).toEqual([{ users: '4' }])
    } finally {
      await app.close()
    }
  })

  it('keeps the account one claim of a code, the paid duplicate beside it, and drops the unpaid', async () => {
    const welcome = await rows<{ id: string; wax_account: string; duplicate_of: string | null }>(
      `SELECT id, wax_account, duplicate_of FROM rewards WHERE code = '${WELCOME}' ORDER BY id`,
    )
    // The earliest paid claim holds the code; the other paid one (its money went) is kept as its
    // duplicate; the pending one, never paid, is gone.
    expect(welcome).toEqual([
      {
        id: '10000000-0000-4000-8000-000000000001',
        wax_account: 'alice.wam',
        duplicate_of: null,
      },
      {
        id: '10000000-0000-4000-8000-000000000002',
        wax_account: 'alice.wam',
        duplicate_of: '10000000-0000-4000-8000-000000000001',
      },
    ])
    expect(
      await rows('SELECT wax_account, reward_id FROM completed_rewards ORDER BY reward_id'),
    ).toEqual([{ wax_account: 'alice.wam', reward_id: '10000000-0000-4000-8000-000000000001' }])
    expect(
      await rows('SELECT DISTINCT wax_account FROM reward_history ORDER BY wax_account'),
    ).toEqual([{ wax_account: 'alice.wam' }])
    // A claim under one spelling alone is the account's now, counted in its group's limit.
    expect(await rows(`SELECT wax_account FROM rewards WHERE code = 'listed-code'`)).toEqual([
      { wax_account: 'alice.wam' },
    ])
  })

  it('merges allowlists and the operator’s names, and records what it merged', async () => {
    expect(await rows('SELECT account FROM campaign_allowlists ORDER BY account')).toEqual([
      { account: 'bob.wam' },
      { account: 'carol.wam' },
    ])
    expect(await rows(`SELECT token_contract FROM campaigns WHERE slug = 'listed'`)).toEqual([
      { token_contract: 'fern.token' },
    ])
    expect(
      await rows(
        `SELECT subject, details FROM audit_log WHERE action = 'account.spellings_merged'`,
      ),
    ).toEqual([{ subject: 'alice.wam', details: { spellings: ['alice.wam.', 'alice.wam..'] } }])
  })

  it('still refuses the account a code it holds, and stores no other spelling again', async () => {
    const app = await buildTestApp(testDatabase.database)
    try {
      const visitor = await connectWithProof(app, 'alice.wam')
      const again = await submitCode(app, visitor, { code: WELCOME })
      expect(again.json().error.code).toBe('CODE_DUPLICATE')
    } finally {
      await app.close()
    }
    await expect(
      testDatabase.database.query("UPDATE users SET wax_account = 'alice.wam.'"),
    ).rejects.toThrow(/users_wax_account_check/)
  })
})
