/**
 * Claims with the human check on (apps/server/src/fairness/) against the floor the submissions
 * and grants are compared to, per database driver (PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL names a server), printed side by side in one run, asserting nothing:
 * BENCH_CLIENTS visitors each asking for a challenge, solving it and claiming a shared code with
 * its solution, as many as the server takes (`checked-claim-load.ts`, in a process of its own),
 * next to the insert + pg_notify transaction sent straight to the database by as many clients
 * (`floor.ts`: pgbench on PostgreSQL, our driver on PGlite), in turns.
 *
 *   npm run checked-claims -w @fernwood/bench
 *
 * The server issues challenges at the deployment's cost (HUMAN_CHECK_COST, one key derivation
 * each, which is the check's price to the server) but of one attempt at most: the load solves
 * them on the same two cores as the server, and at the default 600 attempts its solving, not
 * the server, would be measured. bench/human-check.ts measures the solving itself.
 */
import type { RunningServer } from '@fernwood/server/server'
import { enter, freshAccount } from './accounts.ts'
import {
  addSharedCodes,
  benchDrivers,
  type Driver,
  startBenchServer,
  VISITORS_BEHIND_A_PROXY,
} from './bench-server.ts'
import { median, rates } from './figures.ts'
import { floorRate } from './floor.ts'
import { runLoad } from './load-process.ts'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16)
const THROUGHPUT_MS = Number(process.env.BENCH_THROUGHPUT_MS ?? 5_000)
// This machine's figures wander by a fifth from one run to the next: measured in turns.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
// Each code is claimed once, by one visitor: as many as the turns can use.
const SHARED_CODES = 20_000

interface Load {
  claimed: number
  refused: number
  seconds: number
  next: number
}

async function claimLoad(server: RunningServer, cookies: string[], firstCode: number) {
  const load = await runLoad<Load>('checked-claim-load.ts', {
    url: server.url,
    cookies,
    seconds: Math.max(1, Math.round(THROUGHPUT_MS / 1000)),
    firstCode,
  })
  if (load.refused > 0) throw new Error(`the server refused ${load.refused} checked claims`)
  if (load.next > SHARED_CODES) throw new Error('the turns ran out of codes')
  return load
}

async function benchmark(driver: Driver) {
  const bench = await startBenchServer(driver, {
    WORKER_ENABLED: 'false',
    // The load gives each visitor a network of their own, as the human check counts them.
    ...VISITORS_BEHIND_A_PROXY,
    HUMAN_CHECK_DEFAULT: 'pow',
    HUMAN_CHECK_BASE_ATTEMPTS: '1',
    // Every account is old enough: the figure is of a claim at base difficulty.
    HUMAN_CHECK_YOUNG_ACCOUNT_DAYS: '0',
  })
  const { server, databaseUrl } = bench
  try {
    await addSharedCodes(server.database, SHARED_CODES)
    const visitors = await Promise.all(
      Array.from({ length: CLIENTS }, () => enter(server, freshAccount())),
    )
    const cookies = visitors.map(({ cookie }) => cookie)
    const api: number[] = []
    const floors: number[] = []
    let firstCode = 0
    for (let round = 0; round < ROUNDS; round++) {
      const load = await claimLoad(server, cookies, firstCode)
      firstCode = load.next
      api.push(load.claimed / load.seconds)
      floors.push(await floorRate(server.database, databaseUrl, CLIENTS, THROUGHPUT_MS))
    }
    const floorName = databaseUrl ? 'pgbench' : 'the driver'
    console.log(
      `${driver.padEnd(8)} checked claims (challenge, solve, claim), ${CLIENTS} visitors, ` +
        `median of ${ROUNDS} turns: ${rates(api)} | ${floorName}'s insert+notify ` +
        `${rates(floors)} | claims/${floorName} ${((100 * median(api)) / median(floors)).toFixed(0)}%`,
    )
  } finally {
    await bench.close()
  }
}

for (const driver of benchDrivers()) await benchmark(driver)
process.exit(0)
