import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { enqueueAlert } from '../src/alerts/alert-events.ts'
import { AlertSender } from '../src/alerts/alert-sender.ts'
import { recordPayoutBalance } from '../src/alerts/balance-watch.ts'
import { alertPauseChanges } from '../src/alerts/pause-alerts.ts'
import { type RunningAlerts, startAlerts } from '../src/alerts/start-alerts.ts'
import { addCodes, createCampaign, redeemCodes } from '../src/campaigns/catalogue.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { readEnvironment } from '../src/config/environment.ts'
import type { Database } from '../src/db/database.ts'
import { openPostgresDatabase } from '../src/db/postgres-database.ts'
import { ResourcePause } from '../src/payouts/resource-pause.ts'
import { parkReward } from '../src/rewards/lifecycle.ts'
import type { RewardWorker } from '../src/worker/reward-worker.ts'
import { eventually } from './support/rewards.ts'
import { createTestChain } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase, testDriver } from './support/test-database.ts'
import { fernCampaign, recordingLogger, testWorker } from './support/worker.ts'

const SECRET = 'alerts-test-secret-0123456789'

let testDatabase: TestDatabase
/** A second process's connection: its own pool on PostgreSQL; on PGlite, the one database. */
let secondConnection: Database
const senders: AlertSender[] = []

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  secondConnection =
    testDriver === 'postgres'
      ? await openPostgresDatabase(testDatabase.url as string)
      : testDatabase.database
})
afterEach(async () => {
  for (const sender of senders.splice(0)) await sender.stop()
  for (const receiver of receivers.splice(0)) await receiver.close()
  // Each test reads only the alerts it wrote.
  await testDatabase.database.query('DELETE FROM alerts')
  await testDatabase.database.query('DELETE FROM alert_conditions')
})
afterAll(async () => {
  if (secondConnection !== testDatabase.database) await secondConnection.close()
  await testDatabase.drop()
})

interface Received {
  body: string
  signature: string | undefined
  json: {
    id: string
    event: string
    text: string
    content: string
    data: Record<string, unknown>
    at: string
  }
}

const receivers: Array<{ close(): Promise<void> }> = []

/**
 * A webhook receiver on loopback that keeps every request, answering each with the next of
 * `statuses` (200 once they run out), as Slack and Discord answer.
 */
async function startReceiver(statuses: number[] = []) {
  const received: Received[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const signature = request.headers['x-fernwood-signature']
      received.push({
        body,
        signature: typeof signature === 'string' ? signature : undefined,
        json: JSON.parse(body),
      })
      response.statusCode = statuses.shift() ?? 200
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  receivers.push({
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
  return { url: `http://127.0.0.1:${port}/hooks/alerts`, received }
}

async function startSender(url: string, database = testDatabase.database) {
  const sender = new AlertSender({
    database,
    url,
    secret: SECRET,
    productName: 'Fernwood',
    logger: recordingLogger().logger,
    pollIntervalMs: 20,
    retryBaseMs: 50,
    retryMaxMs: 200,
  })
  senders.push(sender)
  await sender.start()
  return sender
}

const signatureOf = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex')

async function alertRows() {
  return testDatabase.database.query<{
    id: string
    event: string
    attempts: number
    sent: boolean
  }>('SELECT id::text, event, attempts, sent_at IS NOT NULL AS sent FROM alerts ORDER BY id')
}

describe(`operators' alerts (${testDriver})`, () => {
  it('each event reaches the webhook signed, as Slack and Discord take it', async () => {
    const db = testDatabase.database
    // campaign.cap_reached and campaign.budget_spent, by the claims that take the last reward.
    const capped = await createCampaign(db, {
      slug: 'alert-capped',
      name: 'Capped',
      kind: 'unique',
      rewardQuantity: '1.0000 FERN',
      tokenContract: 'fern.token',
      totalCap: 2,
    })
    const budgeted = await createCampaign(db, {
      slug: 'alert-budget',
      name: 'Budgeted',
      kind: 'unique',
      rewardQuantity: '1.0000 FERN',
      tokenContract: 'fern.token',
      budgetRewards: 1,
    })
    await addCodes(db, capped, ['cap-1', 'cap-2', 'cap-3'])
    await addCodes(db, budgeted, ['budget-1', 'budget-2'])
    for (const codes of [['cap-1'], ['cap-2', 'budget-1'], ['cap-3', 'budget-2']]) {
      await db.transaction((tx) => redeemCodes(tx, codes))
    }
    // payout.failed, as the worker parks a reward the chain refused.
    const [reward] = await db.query<{ id: string }>(
      `INSERT INTO rewards (code, wax_account, status) VALUES ('cap-1', 'alice.wam', 'processing')
       RETURNING id`,
    )
    await parkReward(db, reward.id, 'assertion failure: overdrawn balance')
    // balance.low, as the balance watch records a reading.
    await recordPayoutBalance(db, {
      account: 'fernwoodpays',
      balance: '12.0000 FERN',
      threshold: '100.0000',
    })
    // payouts.paused and payouts.resumed, as the payout pause announces them.
    const pause = new ResourcePause({
      database: db,
      readResources: async () => {
        throw new Error('not read here')
      },
      logger: recordingLogger().logger,
      baseDelayMs: 1000,
      maxDelayMs: 1000,
    })
    alertPauseChanges(pause, db, recordingLogger().logger)
    await pause.enter('cpu', 'billed CPU time exceeds the maximum')
    await eventually(alertRows, (rows) => rows.some((row) => row.event === 'payouts.paused'))
    await pause.lift()
    await eventually(alertRows, (rows) => rows.some((row) => row.event === 'payouts.resumed'))

    const receiver = await startReceiver()
    await startSender(receiver.url)
    await eventually(
      async () => receiver.received.length,
      (count) => count === 6,
    )
    expect(receiver.received.map(({ json }) => json.event).sort()).toEqual([
      'balance.low',
      'campaign.budget_spent',
      'campaign.cap_reached',
      'payout.failed',
      'payouts.paused',
      'payouts.resumed',
    ])
    for (const { body, signature, json } of receiver.received) {
      expect(signature).toBe(signatureOf(body))
      expect(json.text).toMatch(/^Fernwood: ./)
      expect(json.content).toBe(json.text)
      expect(new Date(json.at).toISOString()).toBe(json.at)
    }
    const byEvent = new Map(receiver.received.map(({ json }) => [json.event, json]))
    expect(byEvent.get('campaign.cap_reached')?.data).toEqual({
      campaign: 'alert-capped',
      name: 'Capped',
      claimed: 2,
      cap: 2,
    })
    expect(byEvent.get('campaign.budget_spent')?.data).toMatchObject({ claimed: 1, budget: 1 })
    expect(byEvent.get('payout.failed')?.data).toEqual({
      rewardId: reward.id,
      account: 'alice.wam',
      code: 'cap-1',
      error: 'assertion failure: overdrawn balance',
    })
    expect(byEvent.get('balance.low')?.data).toEqual({
      account: 'fernwoodpays',
      balance: '12.0000 FERN',
      threshold: '100.0000 FERN',
    })
    expect(byEvent.get('payouts.paused')?.data).toMatchObject({ resource: 'cpu' })
    expect(byEvent.get('payouts.resumed')?.data).toMatchObject({ resource: 'cpu' })
    // Each marked sent once its receiver answered.
    await eventually(alertRows, (rows) => rows.every((row) => row.sent))
  })

  it('an alert the receiver answers with 500 is sent again, the same body, until it is taken', async () => {
    const receiver = await startReceiver([500, 503])
    await enqueueAlert(testDatabase.database, 'balance.low', {
      account: 'fernwoodpays',
      balance: '1.0000 FERN',
      threshold: '10.0000 FERN',
    })
    await startSender(receiver.url)
    const [row] = await eventually(alertRows, (rows) => rows[0]?.sent)
    expect(row.attempts).toBe(3)
    expect(receiver.received).toHaveLength(3)
    expect(new Set(receiver.received.map(({ body }) => body)).size).toBe(1)
    for (const { body, signature } of receiver.received) expect(signature).toBe(signatureOf(body))
  })

  it('two senders sharing the outbox send each alert once', async () => {
    const receiver = await startReceiver()
    await Promise.all([
      startSender(receiver.url, testDatabase.database),
      startSender(receiver.url, secondConnection),
    ])
    // Each alert wakes both senders at once, so they race for every one.
    for (let index = 0; index < 60; index++) {
      await enqueueAlert(testDatabase.database, 'payout.failed', {
        rewardId: `reward-${index}`,
        account: 'alice.wam',
        code: `code-${index}`,
        error: 'refused',
      })
    }
    await eventually(alertRows, (rows) => rows.length === 60 && rows.every((row) => row.sent))
    const ids = receiver.received.map(({ json }) => json.id)
    expect(ids).toHaveLength(60)
    expect(new Set(ids).size).toBe(60)
  })

  it('a low balance is alerted once per fall below the threshold, not once per check', async () => {
    const reading = (balance: string) =>
      recordPayoutBalance(testDatabase.database, {
        account: 'fernwoodpays',
        balance,
        threshold: '100',
      })
    expect(await reading('150.0000 FERN')).toBe(false)
    // Two processes find the same fall at once: one alert.
    const [first, second] = await Promise.all([
      reading('99.9999 FERN'),
      recordPayoutBalance(secondConnection, {
        account: 'fernwoodpays',
        balance: '99.9999 FERN',
        threshold: '100',
      }),
    ])
    expect([first, second].filter(Boolean)).toHaveLength(1)
    expect(await reading('50.0000 FERN')).toBe(false)
    expect(await reading('100.0000 FERN')).toBe(false)
    expect(await reading('20.0000 FERN')).toBe(true)
    const rows = await alertRows()
    expect(rows.map((row) => row.event)).toEqual(['balance.low', 'balance.low'])
  })

  it('a process running a worker alerts its refused payout and the low balance it reads from the chain', async () => {
    const chain: ChainConnection = await createTestChain()
    let worker: RewardWorker | undefined
    let alerts: RunningAlerts | undefined
    try {
      const receiver = await startReceiver()
      const db = testDatabase.database
      await fernCampaign(db, 'alert-jackpot', ['alert-jackpot'], {
        rewardQuantity: '5000000.0000 FERN',
      })
      await db.query("INSERT INTO rewards (code, wax_account) VALUES ('alert-jackpot', 'bob.wam')")
      worker = testWorker(db, chain)
      await worker.start()
      alerts = await startAlerts(
        readEnvironment({
          ALERT_WEBHOOK_URL: receiver.url,
          ALERT_WEBHOOK_SECRET: SECRET,
          ALERT_LOW_BALANCE: '900000000000',
        }),
        {
          database: db,
          chain,
          logger: recordingLogger().logger,
          pause: worker.resourcePause,
          balanceCheckMs: 50,
          sender: { pollIntervalMs: 20 },
        },
      )
      const received = await eventually(
        async () => receiver.received.map(({ json }) => json),
        (bodies) => bodies.length >= 2,
      )
      expect(received.map((body) => body.event).sort()).toEqual(['balance.low', 'payout.failed'])
      const failed = received.find((body) => body.event === 'payout.failed')
      expect(failed?.data).toMatchObject({ account: 'bob.wam', code: 'alert-jackpot' })
      expect(failed?.data.error).toContain('overdrawn balance')
      const low = received.find((body) => body.event === 'balance.low')
      expect(low?.data).toMatchObject({
        account: 'fernwoodpays',
        balance: expect.stringMatching(/^[0-9.]+ FERN$/),
        threshold: '900000000000 FERN',
      })
      for (const { body, signature } of receiver.received) expect(signature).toBe(signatureOf(body))
    } finally {
      await alerts?.stop()
      await worker?.stop()
      await chain.close()
    }
  })
})
