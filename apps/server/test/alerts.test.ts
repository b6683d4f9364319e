import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { enqueueAlert } from '../src/alerts/alert-events.ts'
import { AlertSender, type AlertSenderOptions } from '../src/alerts/alert-sender.ts'
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

// A secret as operators set it before alerts followed Standard Webhooks: its receivers' form is
// whsec_ and the base64 of its bytes.
const SECRET = 'alerts-test-secret-0123456789'
const RECEIVERS_SECRET = `whsec_${Buffer.from(SECRET).toString('base64')}`

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
  headers: Record<string, string>
  json: {
    id: string
    event: string
    text: string
    content: string
    allowed_mentions: unknown
    data: Record<string, unknown>
    at: string
  }
}

/** The request's headers as a receiver hands them to `Webhook.verify`. */
function headersOf(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  )
}

/** What a receiver using the `standardwebhooks` library does: throws unless it is genuine and fresh. */
const verify = ({ body, headers }: Received, secret = RECEIVERS_SECRET) =>
  new Webhook(secret).verify(body, headers)

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
      received.push({ body, headers: headersOf(request.headers), json: JSON.parse(body) })
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

async function startSender(
  url: string,
  database = testDatabase.database,
  options: Partial<AlertSenderOptions> = {},
) {
  const sender = new AlertSender({
    database,
    url,
    secret: SECRET,
    productName: 'Fernwood',
    logger: recordingLogger().logger,
    pollIntervalMs: 20,
    retryBaseMs: 50,
    retryMaxMs: 200,
    ...options,
  })
  senders.push(sender)
  await sender.start()
  return sender
}

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
    for (const delivery of receiver.received) {
      const { json } = delivery
      expect(verify(delivery)).toEqual(json)
      expect(json.text).toMatch(/^Fernwood: ./)
      expect(json.allowed_mentions).toEqual({ parse: [] })
      expect(new Date(json.at).toISOString()).toBe(json.at)
    }
    const messageIds = receiver.received.map(({ headers }) => headers['webhook-id'])
    expect(new Set(messageIds).size).toBe(6)
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

  it('an alert the receiver answers with 500 is sent again, the same body and webhook-id, signed at each attempt', async () => {
    const receiver = await startReceiver([500, 503])
    await enqueueAlert(testDatabase.database, 'balance.low', {
      account: 'fernwoodpays',
      balance: '1.0000 FERN',
      threshold: '10.0000 FERN',
    })
    // Retries over a second apart, so each attempt's time is a timestamp of its own.
    await startSender(receiver.url, testDatabase.database, { retryBaseMs: 1100, retryMaxMs: 1100 })
    const [row] = await eventually(alertRows, (rows) => rows[0]?.sent)
    expect(row.attempts).toBe(3)
    expect(receiver.received).toHaveLength(3)
    expect(new Set(receiver.received.map(({ body }) => body)).size).toBe(1)
    const messageIds = receiver.received.map(({ headers }) => headers['webhook-id'])
    expect(messageIds[0]).toMatch(/^alert_/)
    expect(new Set(messageIds).size).toBe(1)
    const timestamps = receiver.received.map(({ headers }) => Number(headers['webhook-timestamp']))
    expect(timestamps[1]).toBeGreaterThan(timestamps[0])
    expect(timestamps[2]).toBeGreaterThan(timestamps[1])
    for (const delivery of receiver.received) verify(delivery)
  })

  it('a delivery captured and sent again after the 5-minute tolerance is refused by its receiver', async () => {
    const secret = `whsec_${Buffer.from('a key of the spec form, 32 bytes').toString('base64')}`
    const receiver = await startReceiver()
    await enqueueAlert(testDatabase.database, 'balance.low', {
      account: 'fernwoodpays',
      balance: '1.0000 FERN',
      threshold: '10.0000 FERN',
    })
    await startSender(receiver.url, testDatabase.database, { secret })
    const [captured] = await eventually(
      async () => receiver.received,
      (received) => received.length === 1,
    )
    expect(verify(captured, secret)).toEqual(captured.json)
    const sentAt = Number(captured.headers['webhook-timestamp']) * 1000
    vi.useFakeTimers({ toFake: ['Date'], now: sentAt + 5 * 60_000 + 2000 })
    try {
      expect(() => verify(captured, secret)).toThrow('Message timestamp too old')
      // Nor can the replay pass for a fresh one: the signature covers the timestamp.
      const refreshed = {
        ...captured,
        headers: {
          ...captured.headers,
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        },
      }
      expect(() => verify(refreshed, secret)).toThrow('No matching signature found')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a campaign named with chat markup reaches Slack and Discord as text that pings nobody', async () => {
    const db = testDatabase.database
    const name = '<@everyone> & <b>'
    const campaign = await createCampaign(db, {
      slug: 'alert-markup',
      name,
      kind: 'unique',
      rewardQuantity: '1.0000 FERN',
      tokenContract: 'fern.token',
      totalCap: 1,
    })
    await addCodes(db, campaign, ['markup-1'])
    await db.transaction((tx) => redeemCodes(tx, ['markup-1']))
    const receiver = await startReceiver()
    await startSender(receiver.url)
    const [{ json }] = await eventually(
      async () => receiver.received,
      (received) => received.length === 1,
    )
    expect(json.text).toBe(
      'Fernwood: Campaign “&lt;@everyone&gt; &amp; &lt;b&gt;” (alert-markup) reached its cap: 1 of 1 rewards claimed.',
    )
    expect(json.content).toBe(
      'Fernwood: Campaign “\\<\\@everyone\\> & \\<b\\>” (alert-markup) reached its cap: 1 of 1 rewards claimed.',
    )
    expect(json.allowed_mentions).toEqual({ parse: [] })
    // The data is JSON, for programs: the name as it is.
    expect(json.data.name).toBe(name)
  })

  it('a whsec_ secret that is not the base64 of a key of 24 bytes or more is refused at start', async () => {
    const start = (secret: string) =>
      startAlerts(
        readEnvironment({
          ALERT_WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
          ALERT_WEBHOOK_SECRET: secret,
        }),
        {
          database: testDatabase.database,
          chain: {} as ChainConnection,
          logger: recordingLogger().logger,
        },
      )
    await expect(start('whsec_not-base64-at-all-but-long-enough')).rejects.toThrow(
      /ALERT_WEBHOOK_SECRET.*base64/,
    )
    await expect(start(`whsec_${Buffer.alloc(16, 1).toString('base64')}`)).rejects.toThrow(
      /at least 24 bytes/,
    )
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
      for (const delivery of receiver.received) verify(delivery)
    } finally {
      await alerts?.stop()
      await worker?.stop()
      await chain.close()
    }
  })
})
