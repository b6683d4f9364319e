/**
 * How many live streams one server process holds: with N idle visitors' feeds open (none, then
 * BENCH_STREAMS, by default 2,000, 5,000 and 10,000), the server's memory per stream and one more
 * visitor's submit → own live event, p50/p99, beside the floor (the same with no feed open), on
 * PGlite and, when TEST_DATABASE_URL names a server, PostgreSQL. Prints figures, asserts nothing;
 * LIVE_STREAMS_PER_PROCESS's default rests on them.
 *
 *   npm run streams -w @fernwood/bench
 *   TEST_DATABASE_URL=postgres://fernwood:fernwood@127.0.0.1:5432/fernwood_test npm run streams -w @fernwood/bench
 *
 * The server runs in this process, so its memory is this process's: resident (VmRSS) and V8 heap
 * after a full collection (hence `--expose-gc`), just before the feeds open and with N open,
 * the difference divided by N. The idle visitors run in a process of their own
 * (`idle-visitors.ts`), each signed in through the API from an address of its own, so the
 * per-address caps keep their defaults. The latency visitor (`own-event-latency.ts`, in a process
 * of its own too, a fresh account each time) submits BENCH_LATENCY_SAMPLES (400) codes
 * BENCH_LATENCY_GAP_MS (35) apart: its samples span the heartbeats, which the server writes to a
 * fiftieth of the open streams every 300 ms, as a visitor's submissions would. With each number
 * of feeds open it is measured twice: on a quiet server, and while other visitors
 * (BENCH_LOAD_VISITORS, 16, with their own feeds open, from `submission-load.ts` in a process of
 * its own) submit BENCH_LOAD_RATE (1,000) codes a second between them; the rate they got through
 * is printed beside it.
 *
 * Every stream is a file descriptor in the server and one in the visitors' process: the npm script
 * raises the soft limit (`ulimit -n`) to the hard one, and an N that would not fit under it is
 * skipped, saying so.
 */
import { fork } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setTimeout } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import type { RunningServer } from '@fernwood/server/server'
import { enter, freshAccount } from './accounts.ts'
import { addSharedCodes, benchDrivers, type Driver, startBenchServer } from './bench-server.ts'
import { ms, p50p99, percentile } from './figures.ts'
import { submitToOwnEvent } from './latency-visitor.ts'
import { runLoad } from './load-process.ts'

const STREAMS = (process.env.BENCH_STREAMS ?? '2000,5000,10000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b)
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 400)
const LATENCY_GAP_MS = Number(process.env.BENCH_LATENCY_GAP_MS ?? 35)
const LOAD_RATE = Number(process.env.BENCH_LOAD_RATE ?? 1_000)
const LOAD_VISITORS = Number(process.env.BENCH_LOAD_VISITORS ?? 16)
// The load outlasts the latency visitor's run, which it starts a second before.
const LOAD_SECONDS = Math.ceil((LATENCY_SAMPLES * LATENCY_GAP_MS) / 1000) + 3
// Each load visitor sends the next shared code in turn, so a run sends at most this many.
const LOAD_CODES = Math.ceil(LOAD_RATE * LOAD_SECONDS * 1.5)
// What the server holds open besides the streams: its database (files or a pool), the devchain's
// files, the listening socket, the latency visitor's connections.
const OTHER_FILE_DESCRIPTORS = 200
// However busy the machine, a run ends: opening 10,000 feeds took under a minute on 2 busy cores.
const OPENING_LIMIT_MS = 300_000

/** The soft limit on this process's open files (the visitors' process inherits it), if known. */
function openFilesLimit(): number {
  try {
    const limit = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))
    return limit ? Number(limit[1]) : Number.POSITIVE_INFINITY
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/** This process's (the server's) resident memory and live V8 heap, in bytes. */
async function serverMemory() {
  // Twice, a moment apart: the first collection's finalizers free more for the second, and V8
  // hands freed pages back to the system in the background.
  for (let collection = 0; collection < 2; collection++) {
    globalThis.gc?.()
    await setTimeout(1000)
  }
  const { rss, heapUsed } = process.memoryUsage()
  return { rss, heapUsed }
}

/** The idle visitors' process; `hold(n)` resolves once n of their feeds are open. */
async function startIdleVisitors(url: string) {
  const visitors = fork(
    fileURLToPath(new URL('./idle-visitors.ts', import.meta.url)),
    [JSON.stringify({ url })],
    { execArgv: ['--import', 'tsx'] },
  )
  const answer = <T>() =>
    new Promise<T>((resolve, reject) => {
      const exited = (code: number | null) =>
        reject(new Error(`the idle visitors' process exited (${code})`))
      const late = globalThis.setTimeout(
        () => reject(new Error(`the idle visitors did not answer in ${OPENING_LIMIT_MS} ms`)),
        OPENING_LIMIT_MS,
      )
      visitors.once('exit', exited)
      visitors.once('message', (message: T & { error?: string }) => {
        visitors.off('exit', exited)
        clearTimeout(late)
        if (message.error) reject(new Error(`an idle visitor failed: ${message.error}`))
        else resolve(message)
      })
    })
  const { ownAddresses } = await answer<{ ownAddresses: boolean }>()
  return {
    ownAddresses,
    hold: (streams: number) => {
      const opened = answer<{ open: number }>()
      visitors.send({ hold: streams })
      return opened
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (!visitors.connected) return resolve()
        visitors.once('exit', () => resolve())
        visitors.disconnect()
      }),
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`
const kilobytesEach = (bytes: number, count: number) => `${(bytes / 1024 / count).toFixed(1)} KB`
const times = (value: number, floor: number) => `×${(value / floor).toFixed(2)}`

/**
 * The latency visitor's run, and what the server's thread did meanwhile: its CPU time (the idle
 * streams' heartbeats among it) and its event loop's longest stall (a heartbeat turn, a query on
 * PGlite's thread, a collection of the streams' heap).
 */
async function timeOwnEvents(server: RunningServer) {
  const stalls = monitorEventLoopDelay({ resolution: 1 })
  const cpuBefore = process.cpuUsage()
  const startedAt = performance.now()
  stalls.enable()
  const { events, answers } = await submitToOwnEvent(server, freshAccount(), {
    samples: LATENCY_SAMPLES,
    gapMs: LATENCY_GAP_MS,
  })
  stalls.disable()
  const { user, system } = process.cpuUsage(cpuBefore)
  return {
    events,
    answers,
    cpuShare: (user + system) / 1000 / (performance.now() - startedAt),
    longestStallMs: stalls.max / 1e6,
  }
}

/**
 * `measure`, run while other visitors submit LOAD_RATE codes a second between them; also the
 * rate they got through, which falls short of LOAD_RATE where the server cannot keep up.
 */
async function underLoad<T>(server: RunningServer, measure: () => Promise<T>) {
  const visitors = await Promise.all(
    Array.from({ length: LOAD_VISITORS }, () => enter(server, freshAccount())),
  )
  const load = {
    url: server.url,
    cookies: visitors.map(({ cookie }) => cookie),
    seconds: LOAD_SECONDS,
    rate: LOAD_RATE,
  }
  const loading = runLoad<Record<string, number>>('submission-load.ts', load)
  await setTimeout(1000)
  const measured = await measure()
  const { submitted, refused, errors, seconds } = await loading
  if (refused > 0 || errors > 0) {
    throw new Error(`the API refused ${refused} of the load's submissions and ${errors} failed`)
  }
  return { measured, rate: submitted / seconds }
}

async function benchmark(driver: Driver) {
  const bench = await startBenchServer(driver, {
    // The latency visitor's submissions are measured alone: nothing pays them.
    WORKER_ENABLED: 'false',
    LIVE_STREAMS_PER_PROCESS: '1000000',
    // The idle visitors' proxy where they cannot bind addresses of their own (idle-visitors.ts).
    TRUST_PROXY: '127.0.0.1',
  })
  const { server } = bench
  const visitors = await startIdleVisitors(server.url)
  const name = driver.padEnd(8)
  try {
    await addSharedCodes(server.database, Math.max(LATENCY_SAMPLES + 1, LOAD_CODES))
    const limit = openFilesLimit()
    console.log(
      `${name} open files allowed (ulimit -n): ${limit}; idle visitors from ` +
        `${visitors.ownAddresses ? 'loopback addresses of their own' : 'X-Forwarded-For addresses'}`,
    )
    const floor = await timeOwnEvents(server)
    const describe = (streams: number, run: typeof floor) =>
      `${name} ${streams.toLocaleString('en').padStart(6)} streams: submit → own live event ` +
      `${p50p99(run.events)} (${times(percentile(run.events, 0.5), percentile(floor.events, 0.5))} / ` +
      `${times(percentile(run.events, 0.99), percentile(floor.events, 0.99))} the floor) | → its ` +
      `answer ${p50p99(run.answers)} | server CPU ${(100 * run.cpuShare).toFixed(0)}% of a core, ` +
      `event loop stalled up to ${ms(run.longestStallMs)}`
    console.log(describe(0, floor))
    const before = await serverMemory()
    for (const streams of STREAMS) {
      if (streams + OTHER_FILE_DESCRIPTORS > limit) {
        console.log(
          `${name} ${streams.toLocaleString('en').padStart(6)} streams: skipped, more than ` +
            `ulimit -n ${limit} allows`,
        )
        continue
      }
      const openingFrom = performance.now()
      const { open } = await visitors.hold(streams)
      const openingSeconds = (performance.now() - openingFrom) / 1000
      const held = await serverMemory()
      const rss = held.rss - before.rss
      const heap = held.heapUsed - before.heapUsed
      console.log(
        `${name} ${open.toLocaleString('en').padStart(6)} streams (${openingSeconds.toFixed(0)} s ` +
          `to sign in and open): server RSS +${megabytes(rss)}, ${kilobytesEach(rss, open)} a ` +
          `stream; heap +${megabytes(heap)}, ${kilobytesEach(heap, open)} a stream`,
      )
      console.log(describe(open, await timeOwnEvents(server)))
      const loaded = await underLoad(server, () => timeOwnEvents(server))
      console.log(
        `${describe(open, loaded.measured)} | while others submit ` +
          `${loaded.rate.toFixed(0)} codes/s (${LOAD_RATE} asked)`,
      )
    }
  } finally {
    await visitors.stop()
    await bench.close()
  }
}

if (!globalThis.gc)
  console.log('no --expose-gc: the heap figures include garbage not yet collected')
for (const driver of benchDrivers()) await benchmark(driver)
process.exit(0)
