/**
 * The real server the benchmarks measure, started in the benchmark's own process as `npm start`
 * starts it (embedded devchain), on a fresh database of the driver asked for, and the shared
 * campaign whose codes their visitors submit.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { addCodes, createCampaign } from '@fernwood/server/catalogue'
import type { Database } from '@fernwood/server/database'
import { type Environment, readEnvironment } from '@fernwood/server/environment'
import { type RunningServer, startServer } from '@fernwood/server/server'
import { deferWasmTierUp } from '@fernwood/server/wasm-tiering'
import { createThrowawayDatabase } from '@fernwood/testkit'
import { sharedCode } from './visitor.ts'

// As `npm start` does before anything runs: PGlite is optimized on the same budget as there.
deferWasmTierUp()

export type Driver = 'pglite' | 'postgres'

export interface BenchServer {
  server: RunningServer
  env: Environment
  /** the PostgreSQL database it runs on; none on PGlite */
  databaseUrl: string | undefined
  /** Stops the server and deletes its data: its data directory, its PostgreSQL database. */
  close(): Promise<void>
}

/**
 * The drivers a run measures: PGlite always, PostgreSQL too when TEST_DATABASE_URL names a
 * server; BENCH_DRIVERS=postgres (or pglite) runs one driver alone.
 */
export function benchDrivers(): Driver[] {
  const asked = process.env.BENCH_DRIVERS?.split(',') ?? ['pglite', 'postgres']
  return (['pglite', 'postgres'] as const).filter(
    (driver) =>
      asked.includes(driver) && (driver === 'pglite' || Boolean(process.env.TEST_DATABASE_URL)),
  )
}

/**
 * Settings for a load of many visitors, each from an address of its own behind a proxy, as in
 * production (the load sends it in X-Forwarded-For), each signing in once.
 */
export const VISITORS_BEHIND_A_PROXY = { TRUST_PROXY: '1', SIGN_INS_PER_MINUTE: '1000000' }

/** A server on port 0 with `settings` (environment variables) over its defaults and ours. */
export async function startBenchServer(
  driver: Driver,
  settings: Record<string, string>,
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-bench-'))
  const database =
    driver === 'postgres' ? await createThrowawayDatabase('fernwood_bench') : undefined
  const removeData = async () => {
    await rm(dataDir, { recursive: true, force: true })
    await database?.drop()
  }
  const env = readEnvironment({
    PORT: '0',
    DATA_DIR: dataDir,
    ...(database && { DATABASE_URL: database.url }),
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    // The load is what is measured: the submission limits are not to refuse it.
    CODE_SUBMITS_PER_MINUTE: '1000000',
    CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '1000000',
    // Submissions are measured without the human check; human-check.ts measures it.
    HUMAN_CHECK_DEFAULT: 'off',
    ...settings,
  })
  try {
    const server = await startServer(env, { logger: false })
    return {
      server,
      env,
      databaseUrl: database?.url,
      close: async () => {
        await server.close()
        await removeData()
      },
    }
  } catch (error) {
    await removeData()
    throw error
  }
}

/** A shared campaign paying 0.0001 FERN (of what the seeded payout account holds) per code. */
async function addBenchCampaign(database: Database, slug: string, name: string, codes: string[]) {
  const campaign = await createCampaign(database, {
    slug,
    name,
    kind: 'shared',
    rewardQuantity: '0.0001 FERN',
    tokenContract: 'fern.token',
  })
  await addCodes(database, campaign, codes)
}

/** One shared campaign holding the first `count` shared codes (`sharedCode`). */
export async function addSharedCodes(database: Database, count: number): Promise<void> {
  await addBenchCampaign(
    database,
    'bench-shared',
    'Bench',
    Array.from({ length: count }, (_, index) => sharedCode(index)),
  )
}

/** The campaign the payout phases pay: `count` codes, each any account may redeem once. */
export async function addPayoutCodes(database: Database, count: number): Promise<string[]> {
  const codes = Array.from({ length: count }, (_, index) => `pay-${index}`)
  await addBenchCampaign(database, 'bench-payouts', 'Bench payouts', codes)
  return codes
}
