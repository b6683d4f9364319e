import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApiKey } from '../src/partner-api/api-keys.ts'
import { eventually, randomAccount } from './support/rewards.ts'
import { createTestDatabase } from './support/test-database.ts'
import { useTestProcesses } from './support/test-processes.ts'
import { fernCampaign } from './support/worker.ts'

const { onCleanup, start } = useTestProcesses()

/**
 * Two server processes on one PostgreSQL, one killed (SIGKILL) while a grant it accepted is in
 * flight. PostgreSQL only: on PGlite a second process cannot open the first one's DATA_DIR, and
 * a process that dies takes its embedded database with it: a `.postgres.test.ts` file, run by
 * the PostgreSQL project only (CI always sets TEST_DATABASE_URL).
 */
// Real processes: allow for a busy machine.
describe('a server killed before answering a grant', {
  timeout: 180_000,
}, () => {
  it('the same key at another server answers that grant again and makes no second', async () => {
    const testDatabase = await createTestDatabase()
    onCleanup(testDatabase.drop)
    const { database } = testDatabase
    const server = async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-grant-kill-'))
      onCleanup(() => rm(dataDir, { recursive: true, force: true }))
      return start({
        DATABASE_URL: testDatabase.url as string,
        DATA_DIR: dataDir,
        WORKER_ENABLED: 'false',
      })
    }
    const [doomed, survivor] = await Promise.all([server(), server()])
    const slug = `killed-${randomUUID().slice(0, 8)}`
    await fernCampaign(database, slug, [])
    // Any number of grants per account: a second grant would be made, not refused.
    await database.query('UPDATE campaigns SET grants_per_account = NULL WHERE slug = $1', [slug])
    const { secret } = await createApiKey(database, 'admin', { name: slug, campaigns: [slug] })
    const account = randomAccount('kill')
    const key = randomUUID()
    const post = (url: string) =>
      fetch(`${url}/api/v1/grants`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${secret}`,
          'idempotency-key': key,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ campaign: slug, account, reference: 'quest-1' }),
      })

    // Grants are held at their insert (after the reward's) by a lock of this test's, so the
    // doomed server's grant is accepted and under way, its answer not yet sent, when it dies.
    let letGrantsIn = () => {}
    const grantsLetIn = new Promise<void>((resolve) => {
      letGrantsIn = resolve
    })
    const holding = database.transaction(async (tx) => {
      await tx.query('LOCK TABLE grants IN SHARE MODE')
      await grantsLetIn
    })
    const waitingGrants = () =>
      database.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_locks
          WHERE relation = 'grants'::regclass AND NOT granted`,
      )
    await eventually(waitingGrants, ([{ waiting }]) => waiting === 0)
    const lost = post(doomed.url).then(
      (response) => `answered ${response.status}`,
      () => 'no answer',
    )
    await eventually(waitingGrants, ([{ waiting }]) => waiting === 1)
    await doomed.stop('SIGKILL')
    expect(await lost).toBe('no answer')

    // The doomed server's statement was sent whole: PostgreSQL finishes and commits it, the
    // grant with its stored answer, though no one is left to read the answer.
    letGrantsIn()
    await holding
    const [made] = await eventually(
      () =>
        database.query<{ id: string }>(
          'SELECT reward_id AS id FROM grants WHERE wax_account = $1',
          [account],
        ),
      (rows) => rows.length > 0,
    )

    const retry = await post(survivor.url)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    const { grant } = (await retry.json()) as { grant: Record<string, unknown> }
    expect(grant).toMatchObject({ id: made.id, account, reference: 'quest-1' })
    const [counts] = await database.query<{ grants: number; rewards: number }>(
      `SELECT (SELECT count(*)::int FROM grants WHERE wax_account = $1) AS grants,
              (SELECT count(*)::int FROM rewards WHERE wax_account = $1) AS rewards`,
      [account],
    )
    expect(counts).toEqual({ grants: 1, rewards: 1 })
  })
})
