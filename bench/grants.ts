/**
 * Grants through the partner API against their floor, per database driver (PGlite always;
 * PostgreSQL too when TEST_DATABASE_URL names a server), printed side by side, asserting nothing:
 *
 * - grants per second through `POST /api/v1/grants` by BENCH_CLIENTS (16) partner backends at
 *   once (autocannon, as the submissions' load), each under Idempotency-Keys of its own, next to the floor's
 *   insert + pg_notify by as many clients (`floor.ts`: pgbench on PostgreSQL, our driver on
 *   PGlite), in turns, compared by their medians;
 * - what a replayed key costs: the same grant asked again and again under its key (the stored
 *   answer, Idempotent-Replayed: true), its rate and latency beside a fresh grant's.
 *
 *   npm run grants -w @fernwood/bench
 *   TEST_DATABASE_URL=postgres://fernwood:fernwood@127.0.0.1:5432/fernwood_test npm run grants -w @fernwood/bench
 *
 * The server runs in this process with its worker off (grants are measured, not their payouts);
 * the backends (`grant-load.ts`) run in a process of their own beside it.
 */
import { createApiKey } from '@fernwood/server/api-keys'
import { createCampaign } from '@fernwood/server/catalogue'
import type { RunningServer } from '@fernwood/server/server'
import { benchDrivers, type Driver, startBenchServer } from './bench-server.ts'
import { median, ms, rates } from './figures.ts'
import { floorRate } from './floor.ts'
import { runLoad } from './load-process.ts'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16)
const THROUGHPUT_MS = Number(process.env.BENCH_THROUGHPUT_MS ?? 5_000)
// This machine's figures wander by a fifth from one run to the next: measured in turns.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

/** p50 / p99 of the answers, the median of the turns' for several. */
const latency = (loads: Load[]) =>
  `p50 ${ms(median(loads.map(({ p50 }) => p50)))} / p99 ${ms(median(loads.map(({ p99 }) => p99)))}`

interface Load {
  granted: number
  replayed: number
  refused: number
  seconds: number
  /** the answers' latency, ms: median and 99th percentile of the turn */
  p50: number
  p99: number
}

async function grantLoad(server: RunningServer, secret: string, replay: boolean): Promise<Load> {
  const load = await runLoad<Load>('grant-load.ts', {
    url: server.url,
    secret,
    campaign: 'bench-grants',
    clients: CLIENTS,
    seconds: Math.max(1, Math.round(THROUGHPUT_MS / 1000)),
    replay,
  })
  if (load.refused > 0) throw new Error(`the API refused ${load.refused} grants`)
  return load
}

async function benchmark(driver: Driver) {
  const bench = await startBenchServer(driver, {
    WORKER_ENABLED: 'false',
    PARTNER_API_REQUESTS_PER_MINUTE: '100000000',
  })
  const { server, databaseUrl } = bench
  try {
    const campaign = await createCampaign(server.database, {
      slug: 'bench-grants',
      name: 'Bench grants',
      kind: 'shared',
      rewardQuantity: '0.0001 FERN',
      tokenContract: 'fern.token',
    })
    // As many grants to one account as its game asks: the figure is the API's, not a limit's.
    await server.database.query('UPDATE campaigns SET grants_per_account = NULL WHERE id = $1', [
      campaign.id,
    ])
    const { secret } = await createApiKey(server.database, 'admin', {
      name: 'bench',
      campaigns: ['bench-grants'],
    })
    const name = driver.padEnd(8)
    const api: number[] = []
    const floors: number[] = []
    const fresh: Load[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const load = await grantLoad(server, secret, false)
      api.push(load.granted / load.seconds)
      fresh.push(load)
      floors.push(await floorRate(server.database, databaseUrl, CLIENTS, THROUGHPUT_MS))
    }
    const floorName = databaseUrl ? 'pgbench' : 'the driver'
    console.log(
      `${name} grants, ${CLIENTS} backends, median of ${ROUNDS} turns: API ${rates(api)} | ` +
        `${floorName}'s insert+notify ${rates(floors)} | API/${floorName} ` +
        `${((100 * median(api)) / median(floors)).toFixed(0)}%`,
    )
    const replayed = await grantLoad(server, secret, true)
    console.log(
      `${name} a replayed key: ${(replayed.replayed / replayed.seconds).toFixed(0)}/s, answer ` +
        `${latency([replayed])} | a fresh grant's answer ${latency(fresh)}`,
    )
  } finally {
    await bench.close()
  }
}

for (const driver of benchDrivers()) await benchmark(driver)
process.exit(0)
