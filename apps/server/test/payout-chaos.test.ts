import { randomInt } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDevchain } from '@fernwood/devchain'
import { serverEntries } from '@fernwood/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { readEnvironment } from '../src/config/environment.ts'
import type { Database } from '../src/db/database.ts'
import { openDatabase } from '../src/db/open-database.ts'
import { PayoutChainNode } from '../src/payouts/chain-node.ts'
import { payoutAccountFrom } from '../src/payouts/settings.ts'
import { WharfkitPayoutSigner } from '../src/payouts/signer.ts'
import { eventually, untilEveryRewardCompleted } from './support/rewards.ts'
import { type ScriptProcess, spawnScript, stopScript } from './support/script-process.ts'
import { remoteTestChain } from './support/test-app.ts'
import {
  copyMigratedCluster,
  createPostgresDatabase,
  dropPostgresDatabase,
  testDriver,
} from './support/test-database.ts'
import { balanceOf, fernCampaign, testWorker } from './support/worker.ts'

const ACCOUNTS = ['alice.wam', 'bob.wam', 'carol.wam']
// Few rewards, many faults: each kill and restart costs seconds, and the run must stay short for CI.
const CODES_PER_ACCOUNT = 4

let devchain: Awaited<ReturnType<typeof startDevchain>>
let chain: ChainConnection
let proxy: ChaosProxy
let dataDir: string
let postgresUrl: URL | undefined

beforeAll(async () => {
  devchain = await startDevchain({ port: 0, blockIntervalMs: 100, irreversibleLag: 3 })
  chain = remoteTestChain(devchain)
  proxy = await startChaosProxy(devchain)
  dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-chaos-'))
  await copyMigratedCluster(dataDir)
  if (testDriver === 'postgres') postgresUrl = await createPostgresDatabase()
})
afterAll(async () => {
  await new Promise((resolve) => proxy.server.close(resolve))
  await devchain.close()
  await rm(dataDir, { recursive: true, force: true })
  if (postgresUrl) await dropPostgresDatabase(postgresUrl)
})

interface ChaosProxy {
  server: Server
  url: string
  faults: {
    lost: number
    delayed: number
    failedLookups: number
    lostAnswers: number
    droppedBeforeFinality: number
  }
}

const LOOKUPS = /get_info|get_transaction_status|get_block$/

/**
 * A node between the workers and the chain that misbehaves: it loses requests, delays them,
 * fails lookups, executes transfers and then loses the answer, and has a fork lose some executed
 * transfers before they are irreversible.
 */
async function startChaosProxy(target: Awaited<ReturnType<typeof startDevchain>>) {
  const faults = { lost: 0, delayed: 0, failedLookups: 0, lostAnswers: 0, droppedBeforeFinality: 0 }
  const server = createServer(async (request, response) => {
    const body = await readBody(request)
    const url = request.url ?? '/'
    const roll = Math.random()
    if (roll < 0.05) {
      faults.lost++
      request.socket.destroy()
      return
    }
    if (roll < 0.12) {
      faults.delayed++
      await new Promise((resolve) => setTimeout(resolve, 100 + randomInt(500)))
    }
    if (LOOKUPS.test(url) && Math.random() < 0.08) {
      faults.failedLookups++
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ code: 500, message: 'Internal Service Error' }))
      return
    }
    const upstream = await fetch(`${target.url}${url}`, {
      method: request.method,
      headers: { 'content-type': 'application/json' },
      body: request.method === 'GET' ? undefined : body,
    }).catch(() => undefined)
    if (!upstream) {
      request.socket.destroy()
      return
    }
    const text = await upstream.text()
    if (url.endsWith('/send_transaction') && upstream.status === 202) {
      const { transaction_id: id } = JSON.parse(text) as { transaction_id: string }
      if (Math.random() < 0.1) {
        setTimeout(() => {
          try {
            target.dropTransaction(id)
            faults.droppedBeforeFinality++
          } catch {
            // already irreversible: the fork came too late
          }
        }, randomInt(150))
      }
      if (Math.random() < 0.15) {
        faults.lostAnswers++
        request.socket.destroy()
        return
      }
    }
    response.writeHead(upstream.status, { 'content-type': 'application/json' })
    response.end(text)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, url: `http://127.0.0.1:${port}`, faults }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })
}

const open = () => openDatabase({ databaseUrl: postgresUrl?.toString(), dataDir })

/**
 * The workers' storage: on PostgreSQL two worker processes side by side; on PGlite, whose files
 * one process owns, one process running two workers.
 */
const workerEnvironment = () => ({
  DATA_DIR: dataDir,
  ...(postgresUrl && { DATABASE_URL: postgresUrl.toString() }),
  DEVCHAIN_URL: proxy.url,
  WORKER_POLL_INTERVAL_MS: '25',
  WORKER_LEASE_SECONDS: '1',
  WORKER_CONCURRENCY: '4',
  // Batches of three: each kill can catch a batch anywhere between signing and finality.
  PAYOUT_BATCH_SIZE: '3',
  PAYOUT_EXPIRE_SECONDS: '10',
  CHAIN_TIMEOUT_MS: '1000',
  WORKERS: testDriver === 'postgres' ? '1' : '2',
})

const admin = (args: string[]) =>
  spawnScript(
    serverEntries.admin,
    {
      DATA_DIR: dataDir,
      DATABASE_URL: postgresUrl?.toString() ?? '',
      DEVCHAIN_URL: devchain.url,
    },
    ['payouts', 'reconcile', ...args],
  )

// Starts and kills worker processes for a while, on a shared machine: allow for it.
describe('payouts under chaos', { timeout: 600_000 }, () => {
  it('two workers, SIGKILLed at random behind a misbehaving node, pay each reward exactly once in batches; reconcile agrees', async () => {
    let database: Database = await open()
    const codes = Array.from({ length: CODES_PER_ACCOUNT }, (_, index) => `chaos-${index}`)
    await fernCampaign(database, 'chaos', codes)
    const before = await Promise.all(ACCOUNTS.map((account) => balanceOf(chain, account)))
    for (const code of codes) {
      for (const account of ACCOUNTS) {
        await database.query('INSERT INTO rewards (code, wax_account) VALUES ($1, $2)', [
          code,
          account,
        ])
      }
    }
    // PGlite has one owner at a time: the test lets go of it while worker processes run.
    await database.close()

    const processes = testDriver === 'postgres' ? 2 : 1
    const running: ScriptProcess[] = Array.from({ length: processes }, () =>
      spawnScript('test/support/chaos-worker.ts', workerEnvironment()),
    )
    let kills = 0
    const paidOnChain = async () =>
      (await Promise.all(ACCOUNTS.map((account) => balanceOf(chain, account)))).every(
        (balance, index) => balance >= before[index] + CODES_PER_ACCOUNT - 1e-9,
      )
    const deadline = Date.now() + 180_000
    while (!(await paidOnChain()) && Date.now() < deadline) {
      // Each kill hits a worker that has been paying for a random while.
      const victim = randomInt(running.length)
      await eventually(
        async () => running[victim].output(),
        (output) => output.includes('chaos workers running'),
        60_000,
      )
      await new Promise((resolve) => setTimeout(resolve, 1000 + randomInt(4000)))
      running[victim].child.kill('SIGKILL')
      await running[victim].exited
      kills++
      running[victim] = spawnScript('test/support/chaos-worker.ts', workerEnvironment())
    }
    for (const worker of running) await stopScript(worker)
    expect(kills).toBeGreaterThan(0)

    // A calm worker settles what the chaos left confirming or unsettled.
    database = await open()
    try {
      const calm = testWorker(database, chain, {
        env: { PAYOUT_EXPIRE_SECONDS: '10', WORKER_LEASE_SECONDS: '1' },
      })
      await calm.start()
      try {
        await untilEveryRewardCompleted(database, 120_000)
      } finally {
        await calm.stop()
      }

      const total = ACCOUNTS.length * CODES_PER_ACCOUNT
      const payouts = await database.query<{ state: string; rewards: number; count: number }>(
        `SELECT state, count(DISTINCT reward_id)::int AS rewards, count(*)::int AS count
           FROM payouts GROUP BY state ORDER BY state`,
      )
      const batched = await database.query<{ transfers: number }>(
        'SELECT max(transfers)::int AS transfers FROM payout_transactions',
      )
      expect(batched[0].transfers).toBeGreaterThan(1)
      expect(payouts.find((row) => row.state === 'confirmed')).toEqual({
        state: 'confirmed',
        rewards: total,
        count: total,
      })
      expect(payouts.map((row) => row.state).filter((state) => state !== 'confirmed')).toEqual(
        payouts.some((row) => row.state === 'expired') ? ['expired'] : [],
      )
      const after = await Promise.all(ACCOUNTS.map((account) => balanceOf(chain, account)))
      after.forEach((balance, index) => {
        expect(balance).toBeCloseTo(before[index] + CODES_PER_ACCOUNT, 4)
      })
    } finally {
      await database.close()
    }

    // The operator's proof, from the CLI as they run it (on PGlite with the workers stopped).
    const clean = admin([])
    expect(await clean.exited).toBe(0)
    expect(clean.output()).toMatch(/No discrepancy: \d+ transfer\(s\) from fernwoodpays/)

    database = await open()
    let rewardId: string
    try {
      ;[{ id: rewardId }] = await database.query<{ id: string }>(
        "SELECT id FROM rewards WHERE wax_account = 'bob.wam' LIMIT 1",
      )
    } finally {
      await database.close()
    }
    const signer = new WharfkitPayoutSigner(chain, payoutAccountFrom(readEnvironment({})), {
      expireSeconds: 60,
      timeoutMs: 2000,
    })
    const byHand = await signer.sign([
      {
        tokenContract: 'fern.token',
        to: 'bob.wam',
        quantity: '1.0000 FERN',
        memo: `Fernwood reward ${rewardId}`,
      },
    ])
    expect(await new PayoutChainNode(chain, 2000).send(byHand.packed)).toMatchObject({
      landed: true,
    })
    await eventually(
      () => chain.client.v1.chain.get_transaction_status(byHand.transactionId),
      (status) => status.state !== 'LOCALLY_APPLIED',
    )
    const found = admin([])
    expect(await found.exited).toBe(1)
    expect(found.output()).toContain(`reward ${rewardId} (bob.wam) paid 2 times on chain`)
    expect(found.output()).toContain(byHand.transactionId)
    expect(found.output()).toMatch(/^1 discrepancy: /m)
  })
})
