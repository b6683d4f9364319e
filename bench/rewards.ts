/**
 * The rewards engine against its floor, per database driver (PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL names a server), printed side by side in one run, asserting nothing:
 *
 * - code submissions per second through the HTTP API (BENCH_CLIENTS visitors at once, each with
 *   their live feed open), next to the same insert + pg_notify transaction sent straight to the
 *   database by as many clients: by `pgbench` on PostgreSQL, and through our driver on both;
 * - submit → the submitter's own live event, p50/p99, on a fresh account and on one with
 *   BENCH_HISTORY (10,000) history entries, next to a raw NOTIFY → LISTEN round trip;
 * - submit → paid in the live feed, by the worker on the embedded devchain.
 *
 *   npm run rewards -w @fernwood/bench
 *   TEST_DATABASE_URL=postgres://fernwood:fernwood@127.0.0.1:5432/fernwood_test npm run rewards -w @fernwood/bench
 *
 * The server runs in this process (visitors get their wax account through its database); the
 * submission load (autocannon, `submission-load.ts`) and the latency figure's visitor
 * (`own-event-latency.ts`) each run in a process of their own beside it, as pgbench runs beside
 * PostgreSQL. The latency figures are one visitor at a time, on a quiet server. PGBENCH names
 * pgbench when it is not at Debian's PostgreSQL 15 path.
 */
import type { Database } from '@fernwood/server/database'
import type { Environment } from '@fernwood/server/environment'
import type { RunningServer } from '@fernwood/server/server'
import { createSubmissionBatches } from '@fernwood/server/submission-batches'
import { submissionRulesOf } from '@fernwood/server/submission-rules'
import { createRewardWorker } from '@fernwood/server/worker'
import { enter, freshAccount } from './accounts.ts'
import {
  addPayoutCodes,
  addSharedCodes,
  benchDrivers,
  type Driver,
  startBenchServer,
  VISITORS_BEHIND_A_PROXY,
} from './bench-server.ts'
import { median, p50p99, rates } from './figures.ts'
import { driverRate, floorRate, rateOf } from './floor.ts'
import { submitToOwnEvent } from './latency-visitor.ts'
import { runLoad } from './load-process.ts'
import { LiveFeed, sharedCode, submitCode } from './visitor.ts'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16)
const THROUGHPUT_MS = Number(process.env.BENCH_THROUGHPUT_MS ?? 5_000)
// This machine's figures wander by a fifth from one run to the next: the API and its floor are
// measured in turns, this many times each, and compared by their medians.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
// Enough that a p99 rests on ten samples, not on the two slowest of a few hundred.
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 1_000)
const HISTORY_ENTRIES = Number(process.env.BENCH_HISTORY ?? 10_000)
const PAYOUTS = Number(process.env.BENCH_PAYOUTS ?? 30)
const PAYING_ACCOUNTS = ['alice.wam', 'bob.wam', 'carol.wam']
// Valid codes of one shared campaign: every account may redeem each once, so no visitor is ever
// locked out for guessing, and as many as a fast run can use.
const SHARED_CODES = 20_000

/** A visitor as `enter` makes one, with their live feed open in this process. */
async function signIn(server: RunningServer, waxAccount: string) {
  const visitor = await enter(server, waxAccount)
  const feed = await LiveFeed.open(`${server.url}/api/live`, visitor.cookie)
  return { ...visitor, feed }
}

/**
 * Code submissions through the API by visitors whose live feeds are open: both the load and the
 * feeds run in `submission-load.ts`, which also counts the submitted codes the feeds carried.
 */
async function apiSubmissionRate(server: RunningServer) {
  const visitors = await Promise.all(
    Array.from({ length: CLIENTS }, () => enter(server, freshAccount())),
  )
  const load = {
    url: server.url,
    cookies: visitors.map(({ cookie }) => cookie),
    seconds: Math.max(1, Math.round(THROUGHPUT_MS / 1000)),
  }
  const { submitted, refused, errors, seconds, delivered } = await runLoad<Record<string, number>>(
    'submission-load.ts',
    load,
  )
  if (refused > 0 || errors > 0) {
    throw new Error(`the API refused ${refused} submissions and ${errors} failed`)
  }
  if (delivered < submitted) {
    throw new Error(`the live feeds carried ${delivered} of ${submitted} submissions`)
  }
  return submitted / seconds
}

/**
 * The submission the API makes, without HTTP: through our submission batches (session, limits,
 * turns, lockout, insert and its event) by as many clients, each its own visitor.
 */
async function repositoryRate(server: RunningServer, env: Environment) {
  const visitors = await Promise.all(
    Array.from({ length: CLIENTS }, () => signIn(server, freshAccount())),
  )
  const submitCode = createSubmissionBatches(server.database, submissionRulesOf(env))
  const rate = await rateOf(CLIENTS, THROUGHPUT_MS, async (client, n) => {
    const sessionToken = visitors[client].cookie.split('=')[1]
    await submitCode({ sessionToken, code: sharedCode(n), clientAddress: '127.0.0.1' })
  })
  for (const { feed } of visitors) feed.close()
  return rate
}

/** Gives an account `entries` paid rewards, as a long-time visitor has. */
async function seedHistory(database: Database, waxAccount: string, entries: number) {
  // Settled long ago: the lockout's window (minutes) never reaches them.
  await database.query(
    `WITH paid AS (
       INSERT INTO rewards (code, wax_account, status, created_at, updated_at)
       SELECT 'old-' || g, $1, 'completed', now() - make_interval(days => 1, secs => g),
              now() - make_interval(days => 1, secs => g)
         FROM generate_series(1, $2::int) AS g
       RETURNING id, code, created_at)
     INSERT INTO reward_history (reward_id, wax_account, code, amount, token, transaction_id, "timestamp")
     SELECT id, $1, code, '1.0000', 'FERN', md5(code) || md5(code || '.'), created_at FROM paid`,
    [waxAccount, entries],
  )
}

/** A NOTIFY sent on one connection to its arrival at a LISTEN on the channel the feed uses. */
async function notifyRoundTrips(database: Database) {
  const channel = 'fernwood_bench_floor'
  let arrived: (() => void) | undefined
  const unlisten = await database.listen(channel, () => arrived?.())
  const latencies: number[] = []
  for (let index = 0; index < LATENCY_SAMPLES; index++) {
    const seen = new Promise<void>((resolve) => {
      arrived = resolve
    })
    const sentAt = performance.now()
    await database.query('SELECT pg_notify($1, $2)', [channel, String(index)])
    await seen
    latencies.push(performance.now() - sentAt)
  }
  await unlisten()
  return latencies
}

/** Rewards paid on the embedded devchain by the worker: submission to the paid entry in the feed. */
async function submitToPaid(server: RunningServer, env: Environment) {
  const codes = await addPayoutCodes(server.database, Math.ceil(PAYOUTS / PAYING_ACCOUNTS.length))
  // The earlier phases' rewards went to accounts no chain has: the worker is not to pay them.
  await server.database.query("UPDATE rewards SET status = 'rejected' WHERE status = 'pending'")
  const worker = createRewardWorker(env, {
    database: server.database,
    chain: server.chain,
    logger: {
      info: () => undefined,
      warn: () => undefined,
      error: (details, message) => console.error(message, details),
    },
  })
  await worker.start()
  const payers = await Promise.all(PAYING_ACCOUNTS.map((account) => signIn(server, account)))
  const latencies: number[] = []
  await Promise.all(
    payers.map(async ({ cookie, feed }) => {
      for (const code of codes) {
        // A history entry's amount follows its code; a pending reward's status does.
        const paid = feed.carrying(`"code":"${code}","amount"`)
        const sentAt = performance.now()
        await submitCode(server.url, cookie, code)
        latencies.push((await paid) - sentAt)
      }
    }),
  )
  await worker.stop()
  for (const { feed } of payers) feed.close()
  return latencies
}

async function benchmark(driver: Driver) {
  const bench = await startBenchServer(driver, {
    // Submissions are measured alone; the payout phase starts its own worker.
    WORKER_ENABLED: 'false',
    WORKER_POLL_INTERVAL_MS: '200',
    ...VISITORS_BEHIND_A_PROXY,
  })
  const { server, env, databaseUrl } = bench
  try {
    await addSharedCodes(server.database, SHARED_CODES)
    const name = driver.padEnd(8)
    const api: number[] = []
    const floors: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      api.push(await apiSubmissionRate(server))
      floors.push(await floorRate(server.database, databaseUrl, CLIENTS, THROUGHPUT_MS))
    }
    const repository = await repositoryRate(server, env)
    const direct = await driverRate(server.database, CLIENTS, THROUGHPUT_MS)
    const floorName = databaseUrl ? 'pgbench' : 'the driver'
    console.log(
      `${name} submissions, ${CLIENTS} clients, median of ${ROUNDS} turns: API ${rates(api)} | ` +
        `${floorName}'s insert+notify ${rates(floors)} | API/${floorName} ` +
        `${((100 * median(api)) / median(floors)).toFixed(0)}%`,
    )
    console.log(
      `${name} without HTTP: its submission batches ${repository.toFixed(0)}/s | the insert+notify ` +
        `through the driver ${direct.toFixed(0)}/s`,
    )

    // The turns above left tens of thousands of new rows: vacuumed now, so the latency samples
    // measure the submission, not autovacuum catching up beside it.
    await server.database.exec('VACUUM ANALYZE')
    const fresh = await submitToOwnEvent(server, freshAccount(), { samples: LATENCY_SAMPLES })
    const longAccount = freshAccount()
    await seedHistory(server.database, longAccount, HISTORY_ENTRIES)
    // Likewise for the seeded history: autovacuum would otherwise start on it mid-sample.
    await server.database.exec('VACUUM ANALYZE')
    const long = await submitToOwnEvent(server, longAccount, { samples: LATENCY_SAMPLES })
    const notify = await notifyRoundTrips(server.database)
    console.log(
      `${name} submit → own live event: fresh account ${p50p99(fresh.events)} | ` +
        `${HISTORY_ENTRIES} history entries ${p50p99(long.events)} | ` +
        `NOTIFY → LISTEN ${p50p99(notify)}`,
    )
    console.log(
      `${name} submit → its answer: fresh account ${p50p99(fresh.answers)} | ` +
        `${HISTORY_ENTRIES} history entries ${p50p99(long.answers)}`,
    )

    const paid = await submitToPaid(server, env)
    console.log(
      `${name} ${paid.length} payouts on the devchain: submit → paid in the live feed ${p50p99(paid)}`,
    )
  } finally {
    await bench.close()
  }
}

for (const driver of benchDrivers()) await benchmark(driver)
process.exit(0)
