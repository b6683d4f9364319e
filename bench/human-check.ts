/**
 * What the human check (apps/server/src/fairness/) costs, side by side, asserting nothing:
 *
 * - a visitor's solve time at base difficulty, in headless Chromium with the web app's own worker
 *   (one worker, as on a two-core machine), on this desktop and with the CPU throttled 4x (CDP's
 *   Emulation.setCPUThrottlingRate, the usual stand-in for a mid-range phone);
 * - the CPU a farm of 100 (aged) accounts behind one address spends for one claim each, next to
 *   the same 100 accounts each behind an address of its own: the difficulty the server issued to
 *   each, times the attempts of a base challenge (half its most, on average), times one
 *   attempt's CPU in Node.js (PBKDF2 natively, as a farm would run it; GPUs do better);
 * - what the check adds to a claim's latency on the server: a shared code's claim with its
 *   solution (verified, spent, recorded) next to one of a campaign with the check off.
 *
 *   npm run human-check -w @fernwood/bench   (after npm run build -w @fernwood/web)
 *
 * The farm's claims run on a second server whose challenges take one cheap attempt per base
 * difficulty, so that the run takes seconds: the difficulties it issues are those of the
 * deployment's settings, and its CPU is counted at their cost.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { addCodes, createCampaign } from '@fernwood/server/catalogue'
import type { RunningServer } from '@fernwood/server/server'
import { type Challenge, solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { chromium } from 'playwright-core'
import { enter, freshAccount } from './accounts.ts'
import { startBenchServer } from './bench-server.ts'
import { ms, p50p99, percentile } from './figures.ts'

const VISITOR_SOLVES = Number(process.env.BENCH_SOLVES ?? 6)
const FARM_ACCOUNTS = 100
const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url))
// Aged accounts, as farms hold them (the young-account factor would only add to their bill),
// signing in as often as the farm needs; nothing is paid out.
const QUIET = {
  HUMAN_CHECK_YOUNG_ACCOUNT_DAYS: '0',
  SIGN_INS_PER_MINUTE: '100000',
  WORKER_ENABLED: 'false',
}

interface ChallengeAnswer {
  challenge: Challenge
  difficulty: number
}

async function post(server: RunningServer, route: string, cookie: string, body: unknown) {
  const started = performance.now()
  const response = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify(body),
  })
  const answer = await response.json()
  if (!response.ok)
    throw new Error(`${route} answered ${response.status}: ${JSON.stringify(answer)}`)
  return { answer, ms: performance.now() - started }
}

async function sharedCampaign(server: RunningServer, code: string, humanCheck: 'pow' | 'off') {
  const campaign = await createCampaign(server.database, {
    slug: code,
    name: code,
    kind: 'shared',
    rewardQuantity: '0.0001 FERN',
    tokenContract: 'fern.token',
  })
  await addCodes(server.database, campaign, [code])
  await server.database.query('UPDATE campaigns SET human_check = $2 WHERE id = $1', [
    campaign.id,
    humanCheck,
  ])
}

/** Solves `challenge` in Node.js: the attempts it took and the CPU they cost, in ms. */
async function solveInNode(challenge: Challenge) {
  const before = process.cpuUsage()
  const solution = await solveChallenge({ challenge, deriveKey })
  const used = process.cpuUsage(before)
  if (!solution) throw new Error('unsolved')
  return { solution, attempts: solution.counter + 1, cpuMs: (used.user + used.system) / 1000 }
}

/** A visitor's solve times (ms) in Chromium at each CPU throttling rate, base difficulty. */
async function visitorSolveTimes(server: RunningServer, rates: number[]) {
  const worker = (await readdir(path.join(webDist, 'assets'))).find((file) =>
    /^human-check-worker-.*\.js$/.test(file),
  )
  if (!worker) throw new Error('no human-check worker in apps/web/dist: build the web app first')
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  })
  try {
    const page = await browser.newPage()
    await page.goto(`${server.url}/`)
    const cdp = await page.context().newCDPSession(page)
    const times = new Map<number, number[]>()
    for (const rate of rates) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      const solved = await page.evaluate(
        async ({ workerUrl, solves }) => {
          await fetch('/api/session', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
          const took: number[] = []
          for (let index = 0; index < solves; index++) {
            const response = await fetch('/api/claims/challenge', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ code: 'bench-checked' }),
            })
            const { challenge } = (await response.json()) as { challenge: unknown }
            // The page's Worker (this file is typed for Node.js, which has none).
            const { Worker: PageWorker } = globalThis as unknown as {
              Worker: new (
                url: string,
                options: { type: 'module' },
              ) => {
                onmessage: (event: { data: unknown }) => void
                onerror: (event: { message: string }) => void
                postMessage(message: unknown): void
                terminate(): void
              }
            }
            const solver = new PageWorker(workerUrl, { type: 'module' })
            const started = performance.now()
            await new Promise((resolve, reject) => {
              solver.onmessage = ({ data }) =>
                data ? resolve(data) : reject(new Error('unsolved'))
              solver.onerror = (event) => reject(new Error(event.message))
              solver.postMessage({ type: 'work', challenge, counterStart: 0, counterStep: 1 })
            })
            took.push(performance.now() - started)
            solver.terminate()
          }
          return took
        },
        { workerUrl: `/assets/${worker}`, solves: VISITOR_SOLVES },
      )
      times.set(rate, solved)
    }
    return times
  } finally {
    await browser.close()
  }
}

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`

async function main() {
  const [real, cheap] = await Promise.all([
    startBenchServer('pglite', { HUMAN_CHECK_DEFAULT: 'pow', WEB_DIST: webDist, ...QUIET }),
    startBenchServer('pglite', {
      HUMAN_CHECK_DEFAULT: 'pow',
      HUMAN_CHECK_BASE_ATTEMPTS: '1',
      HUMAN_CHECK_COST: '1',
      ...QUIET,
    }),
  ])
  try {
    const { env } = real
    await sharedCampaign(real.server, 'bench-checked', 'pow')
    await sharedCampaign(cheap.server, 'bench-checked', 'pow')
    await sharedCampaign(cheap.server, 'bench-unchecked', 'off')

    // One attempt's CPU in Node.js at the deployment's cost, from base challenges solved here.
    const visitor = await enter(real.server, freshAccount())
    let attempts = 0
    let cpuMs = 0
    const issued: number[] = []
    for (let index = 0; index < 4; index++) {
      const { answer, ms: took } = await post(
        real.server,
        '/api/claims/challenge',
        visitor.cookie,
        {
          code: 'bench-checked',
        },
      )
      issued.push(took)
      const solved = await solveInNode((answer as ChallengeAnswer).challenge)
      attempts += solved.attempts
      cpuMs += solved.cpuMs
    }
    const cpuPerAttempt = cpuMs / attempts
    const baseCpu = (cpuPerAttempt * (env.HUMAN_CHECK_BASE_ATTEMPTS + 1)) / 2

    const browserTimes = await visitorSolveTimes(real.server, [1, 4])

    // The farm: 100 accounts, one after the other, each claiming the shared code from 127.0.0.1.
    const factors: number[] = []
    const checkedClaims: number[] = []
    const uncheckedClaims: number[] = []
    for (let index = 0; index < FARM_ACCOUNTS; index++) {
      const account = await enter(cheap.server, freshAccount())
      const { answer } = await post(cheap.server, '/api/claims/challenge', account.cookie, {
        code: 'bench-checked',
      })
      const { challenge, difficulty } = answer as ChallengeAnswer
      factors.push(difficulty)
      const { solution } = await solveInNode(challenge)
      const humanCheck = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
      const checked = await post(cheap.server, '/api/codes', account.cookie, {
        code: 'bench-checked',
        humanCheck,
      })
      checkedClaims.push(checked.ms)
      const unchecked = await post(cheap.server, '/api/codes', account.cookie, {
        code: 'bench-unchecked',
      })
      uncheckedClaims.push(unchecked.ms)
    }
    const farmCpu = factors.reduce((sum, factor) => sum + factor * baseCpu, 0)

    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
    console.log(
      `Human check (cost ${env.HUMAN_CHECK_COST} PBKDF2 rounds x at most ${env.HUMAN_CHECK_BASE_ATTEMPTS} attempts at base; PGlite)\n`,
    )
    for (const [rate, times] of browserTimes) {
      console.log(
        `visitor's solve, Chromium ${rate === 1 ? 'desktop     ' : `throttled ${rate}x`}: mean ${seconds(mean(times))}, p50 ${seconds(percentile(times, 0.5))}, most ${seconds(Math.max(...times))} (${times.length} challenges, one worker)`,
      )
    }
    console.log(
      `one attempt in Node.js:               ${ms(cpuPerAttempt)} CPU; a base challenge ${seconds(baseCpu)} CPU on average`,
    )
    console.log(
      `farm of ${FARM_ACCOUNTS} accounts, one address:      ${seconds(farmCpu)} CPU for one claim each (the 10th pays ${seconds(factors[9] * baseCpu)}, the 100th ${seconds(factors[FARM_ACCOUNTS - 1] * baseCpu)})`,
    )
    console.log(
      `the same ${FARM_ACCOUNTS}, an address each:          ${seconds(FARM_ACCOUNTS * baseCpu)} CPU`,
    )
    console.log(`challenge issued (server):            ${p50p99(issued)}`)
    console.log(`claim, check off (server round trip): ${p50p99(uncheckedClaims)}`)
    console.log(`claim with its solution:              ${p50p99(checkedClaims)}`)
  } finally {
    await real.close()
    await cheap.close()
  }
}

await main()
