/**
 * Rewards engine figures, per database driver (PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL names a server): code submissions per second through the HTTP API, the
 * p50/p99 time from sending a submission to the submitter's live feed (SSE) showing it, and
 * the p50/p99 time from submission to the paid reward appearing in the feed (worker, embedded
 * devchain). Starts real servers on free ports, stops by itself, prints figures only.
 *
 *   npx tsx bench/rewards.ts
 *   TEST_DATABASE_URL=postgres://fernwood:fernwood@127.0.0.1:5432/fernwood_test npx tsx bench/rewards.ts
 *
 * The load generator runs in the server's process (it needs the database to give visitors a
 * wax account), so the figures include its own cost on the same event loop.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { addCodes, createCampaign } from '../apps/server/src/campaigns/catalogue.ts'
import { readEnvironment } from '../apps/server/src/config/environment.ts'
import { type RunningServer, startServer } from '../apps/server/src/server.ts'
import { createRewardWorker } from '../apps/server/src/worker/create-worker.ts'
import { onEventBlocks } from '../apps/server/test/support/event-stream.ts'

const VISITORS = Number(process.env.BENCH_VISITORS ?? 20)
const CODES_PER_VISITOR = Number(process.env.BENCH_CODES_PER_VISITOR ?? 25)
const PAYOUTS = Number(process.env.BENCH_PAYOUTS ?? 30)
const PAYING_ACCOUNTS = ['alice.wam', 'bob.wam', 'carol.wam']

interface Snapshot {
  pending: Array<{ code: string }>
  history: Array<{ code: string }>
}

/**
 * One visitor's open live feed. It resolves waiters as snapshots arrive, where the tests'
 * EventStream polls, so that the measured latency is the feed's own.
 */
class LiveFeed {
  readonly #waiters: Array<{ matches: (snapshot: Snapshot) => boolean; resolve: () => void }> = []
  #request: http.ClientRequest | undefined

  static open(url: string, cookie: string): Promise<LiveFeed> {
    const feed = new LiveFeed()
    return new Promise((resolve, reject) => {
      feed.#request = http.get(
        url,
        { headers: { cookie, accept: 'text/event-stream' } },
        (response) => {
          onEventBlocks(response, (lines) => {
            const data = lines.find((line) => line.startsWith('data: '))
            if (data) feed.#deliver(JSON.parse(data.slice(6)) as Snapshot)
          })
          resolve(feed)
        },
      )
      feed.#request.on('error', reject)
    })
  }

  /** Resolves when a snapshot satisfying `matches` arrives (registered before the change is made). */
  until(matches: (snapshot: Snapshot) => boolean): Promise<void> {
    return new Promise((resolve) => this.#waiters.push({ matches, resolve }))
  }

  close() {
    this.#request?.destroy()
  }

  #deliver(snapshot: Snapshot) {
    for (let index = this.#waiters.length - 1; index >= 0; index--) {
      if (this.#waiters[index].matches(snapshot)) {
        this.#waiters[index].resolve()
        this.#waiters.splice(index, 1)
      }
    }
  }
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]
}

const milliseconds = (value: number) => `${value.toFixed(1)} ms`

function randomAccount(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  return `bench${Array.from({ length: 7 }, () => letters[randomInt(letters.length)]).join('')}`
}

async function signIn(server: RunningServer, waxAccount: string) {
  const response = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: '{}',
  })
  const { user } = (await response.json()) as { user: { id: string } }
  await server.database.query('UPDATE users SET wax_account = $2 WHERE id = $1', [
    user.id,
    waxAccount,
  ])
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]
  const feed = await LiveFeed.open(`${server.url}/api/live`, cookie)
  return { cookie, feed }
}

async function submit(server: RunningServer, cookie: string, code: string) {
  const response = await fetch(`${server.url}/api/codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify({ code }),
  })
  if (response.status !== 201)
    throw new Error(`submit answered ${response.status}: ${await response.text()}`)
}

/** Many visitors submitting codes at once, each watching their own feed for each code. */
async function measureSubmissions(server: RunningServer) {
  const visitors = await Promise.all(
    Array.from({ length: VISITORS }, () => signIn(server, randomAccount())),
  )
  const latencies: number[] = []
  const startedAt = performance.now()
  await Promise.all(
    visitors.map(async ({ cookie, feed }) => {
      for (let index = 0; index < CODES_PER_VISITOR; index++) {
        const code = `bench-${randomBytes(6).toString('hex')}`
        const seen = feed.until((snapshot) =>
          snapshot.pending.some((reward) => reward.code === code),
        )
        const sentAt = performance.now()
        await submit(server, cookie, code)
        await seen
        latencies.push(performance.now() - sentAt)
      }
    }),
  )
  const seconds = (performance.now() - startedAt) / 1000
  for (const { feed } of visitors) feed.close()
  return { submissions: latencies.length, perSecond: latencies.length / seconds, latencies }
}

/** Rewards paid on the embedded devchain by the worker: submission to the paid entry in the feed. */
async function measurePayouts(server: RunningServer, env: ReturnType<typeof readEnvironment>) {
  const campaign = await createCampaign(server.database, {
    slug: 'bench-payouts',
    name: 'Bench payouts',
    kind: 'shared',
    rewardQuantity: '0.0001 FERN',
    tokenContract: 'fern.token',
  })
  const codes = Array.from(
    { length: Math.ceil(PAYOUTS / PAYING_ACCOUNTS.length) },
    (_, index) => `pay-${index}`,
  )
  await addCodes(server.database, campaign, codes)
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
        const paid = feed.until((snapshot) => snapshot.history.some((entry) => entry.code === code))
        const sentAt = performance.now()
        await submit(server, cookie, code)
        await paid
        latencies.push(performance.now() - sentAt)
      }
    }),
  )
  await worker.stop()
  for (const { feed } of payers) feed.close()
  return latencies
}

async function benchmark(driver: 'pglite' | 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-bench-rewards-'))
  const database = driver === 'postgres' ? await createPostgresDatabase() : undefined
  const env = readEnvironment({
    PORT: '0',
    DATA_DIR: dataDir,
    ...(database && { DATABASE_URL: database.url }),
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    // Submissions are measured alone; the payout phase starts its own worker.
    WORKER_ENABLED: 'false',
    WORKER_POLL_INTERVAL_MS: '200',
    CODE_SUBMITS_PER_MINUTE: '1000000',
    CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '1000000',
  })
  const server = await startServer(env, { logger: false })
  try {
    const submissions = await measureSubmissions(server)
    const payouts = await measurePayouts(server, env)
    console.log(
      `${driver.padEnd(8)} ${submissions.submissions} submissions by ${VISITORS} visitors: ` +
        `${submissions.perSecond.toFixed(0)}/s; submit → SSE event p50 ${milliseconds(percentile(submissions.latencies, 0.5))}, ` +
        `p99 ${milliseconds(percentile(submissions.latencies, 0.99))}`,
    )
    console.log(
      `${driver.padEnd(8)} ${payouts.length} payouts on the devchain: submit → paid in the SSE feed ` +
        `p50 ${milliseconds(percentile(payouts, 0.5))}, p99 ${milliseconds(percentile(payouts, 0.99))}`,
    )
  } finally {
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
    await database?.drop()
  }
}

/** A database of the benchmark's own on the TEST_DATABASE_URL server, dropped afterwards. */
async function createPostgresDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL as string
  const name = `fernwood_bench_${randomBytes(6).toString('hex')}`
  const admin = new URL(serverUrl)
  admin.pathname = '/postgres'
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await run(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

await benchmark('pglite')
if (process.env.TEST_DATABASE_URL) await benchmark('postgres')
process.exit(0)
