import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { RewardChanged, RewardPaid, SubmitCodeResponse } from '@fernwood/protocol'
import { openEventStream } from '@fernwood/testkit'
import { type Challenge, solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEnvironment } from '../src/config/environment.ts'
import { type RunningServer, startServer } from '../src/server.ts'
import {
  copyMigratedCluster,
  createPostgresDatabase,
  dropPostgresDatabase,
  testDriver,
} from './support/test-database.ts'
import { balanceOf } from './support/worker.ts'

let server: RunningServer
let dataDir: string
let postgresUrl: URL | undefined

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-e2e-rewards-'))
  await copyMigratedCluster(dataDir)
  if (testDriver === 'postgres') postgresUrl = await createPostgresDatabase()
  server = await startServer(
    readEnvironment({
      PORT: '0',
      DATA_DIR: dataDir,
      ...(postgresUrl && { DATABASE_URL: postgresUrl.toString() }),
      WEB_DIST: '/nonexistent',
      WORKER_POLL_INTERVAL_MS: '50',
    }),
    { logger: false },
  )
})
afterAll(async () => {
  await server?.close()
  await rm(dataDir, { recursive: true, force: true })
  if (postgresUrl) await dropPostgresDatabase(postgresUrl)
})

describe('the server with its worker and embedded devchain', () => {
  it('seeds the welcome campaign and the devchain demo campaign on first start', async () => {
    const codes = await server.database.query<{
      code: string
      slug: string
      reward_quantity: string
    }>(
      `SELECT k.code, c.slug, c.reward_quantity FROM codes k JOIN campaigns c ON c.id = k.campaign_id
        ORDER BY c.id, k.code`,
    )
    expect(codes[0]).toEqual({
      code: 'fernwoodwelcome',
      slug: 'welcome',
      reward_quantity: '10.0000 FERN',
    })
    expect(codes.filter((row) => row.slug === 'forest-demo')).toHaveLength(5)
  })

  it('serves the devchain’s node API to any client, like a node (no Origin needed)', async () => {
    const response = await fetch(`${server.url}/devchain/v1/chain/get_account`, {
      method: 'POST',
      body: JSON.stringify({ account_name: 'alice.wam' }),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { account_name: string }).account_name).toBe('alice.wam')
  })

  it('is ready only when the chain answers too', async () => {
    const response = await fetch(`${server.url}/api/ready`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ checks: { database: 'ok', chain: 'ok' } })
  })

  it('the welcome code goes pending → completed live, with a transaction that moved the amount', async () => {
    const signIn = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: '{}',
    })
    const { user } = (await signIn.json()) as { user: { id: string } }
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]
    await server.database.query("UPDATE users SET wax_account = 'bob.wam' WHERE id = $1", [user.id])
    const before = await balanceOf(server.chain, 'bob.wam')

    const stream = await openEventStream(`${server.url}/api/live`, cookie)
    try {
      await stream.next((event) => event.event === 'snapshot')
      const headers = { 'content-type': 'application/json', origin: server.url, cookie }
      // The human check at its default cost, solved as the browser's worker solves it.
      const asked = await fetch(`${server.url}/api/claims/challenge`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ code: 'FernwoodWelcome' }),
      })
      expect(asked.status).toBe(200)
      const { challenge } = (await asked.json()) as { challenge: Challenge }
      const solution = await solveChallenge({ challenge, deriveKey })
      const humanCheck = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
      const submitted = await fetch(`${server.url}/api/codes`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ code: 'FernwoodWelcome', humanCheck }),
      })
      expect(submitted.status).toBe(201)

      const rewardId = ((await submitted.json()) as SubmitCodeResponse).reward.id
      const paid = await stream.next((event) => event.event === 'paid', 15_000)
      const { entry, rewardId: paidReward } = paid.data as RewardPaid
      expect(paidReward).toBe(rewardId)
      expect(entry).toMatchObject({ code: 'fernwoodwelcome', amount: '10.0000', token: 'FERN' })
      // Before it, deltas of the one reward moving forward (each carries its state when sent,
      // so a quick worker may fold two steps into one).
      const lifecycle = ['pending', 'processing', 'confirming']
      const steps = stream.events
        .filter((event) => event.event === 'reward')
        .map((event) => (event.data as RewardChanged).reward)
      expect(steps.length).toBeGreaterThan(0)
      expect(steps.every((reward) => reward.id === rewardId)).toBe(true)
      const order = steps.map((reward) => lifecycle.indexOf(reward.status))
      expect(order).toEqual([...order].sort())
      expect(order.includes(-1)).toBe(false)
      expect(await balanceOf(server.chain, 'bob.wam')).toBeCloseTo(before + 10, 4)
      const onChain = (await server.chain.client.call({
        path: '/v1/history/get_transaction',
        params: { id: entry.transactionId },
      })) as { id: string }
      expect(onChain.id).toBe(entry.transactionId)
    } finally {
      stream.close()
    }
  })
})
