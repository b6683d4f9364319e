/**
 * The floor the API's writes are compared to: one reward inserted and the changes channel
 * notified, the transaction a submission or a grant makes at its least, sent straight to the
 * database by as many clients as the API gets: by `pgbench` on PostgreSQL, through our own
 * driver on PGlite (which pgbench cannot reach). PGBENCH names pgbench when it is not at
 * Debian's PostgreSQL 15 path.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Database } from '@fernwood/server/database'

const run = promisify(execFile)
const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench'
const CHANGES_CHANNEL = 'fernwood_changes'

const FLOOR_INSERT = `INSERT INTO rewards (code, wax_account) VALUES ($1, 'floor')
  ON CONFLICT (wax_account, code) WHERE duplicate_of IS NULL DO NOTHING`
export const FLOOR_NOTIFY = `SELECT pg_notify('${CHANGES_CHANNEL}', '{"k":"due"}')`

/** Runs `clients` loops of `step` for `durationMs`; the rate of completed steps per second. */
export async function rateOf(
  clients: number,
  durationMs: number,
  step: (client: number, n: number) => Promise<void>,
) {
  const endsAt = performance.now() + durationMs
  const startedAt = performance.now()
  let done = 0
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; performance.now() < endsAt; n++) {
        await step(client, n)
        done++
      }
    }),
  )
  return done / ((performance.now() - startedAt) / 1000)
}

/** The floor's transaction through our own driver, `clients` at once. */
export function driverRate(database: Database, clients: number, durationMs: number) {
  const tag = randomBytes(4).toString('hex')
  return rateOf(clients, durationMs, (client, n) =>
    database.transaction(async (tx) => {
      await tx.query(FLOOR_INSERT, [`driver-${tag}-${client}-${n}`])
      await tx.query(FLOOR_NOTIFY)
    }),
  )
}

/** pgbench's transactions per second for the floor's transaction at the same client count. */
export async function pgbenchRate(databaseUrl: string, clients: number, durationMs: number) {
  const directory = await mkdtemp(path.join(tmpdir(), 'fernwood-pgbench-'))
  const script = path.join(directory, 'submit.sql')
  await writeFile(
    script,
    [
      '\\set n random(1, 2000000000)',
      'BEGIN;',
      `INSERT INTO rewards (code, wax_account) VALUES ('pgbench-' || :client_id || '-' || :n, 'floor') ON CONFLICT (wax_account, code) WHERE duplicate_of IS NULL DO NOTHING;`,
      `${FLOOR_NOTIFY};`,
      'END;',
    ].join('\n'),
  )
  try {
    const { stdout } = await run(PGBENCH, [
      '--no-vacuum',
      `--client=${clients}`,
      '--jobs=2',
      `--time=${Math.max(1, Math.round(durationMs / 1000))}`,
      `--file=${script}`,
      databaseUrl,
    ])
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)
    return tps ? Number(tps[1]) : undefined
  } catch (error) {
    console.error(`pgbench did not run: ${(error as Error).message}`)
    return undefined
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}

/** The floor on the bench server's database: pgbench on PostgreSQL, else our driver. */
export async function floorRate(
  database: Database,
  databaseUrl: string | undefined,
  clients: number,
  durationMs: number,
) {
  return (
    (databaseUrl && (await pgbenchRate(databaseUrl, clients, durationMs))) ||
    (await driverRate(database, clients, durationMs))
  )
}
