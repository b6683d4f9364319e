import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { createApiKey } from '../src/partner-api/api-keys.ts'
import { registerWebhook, removeWebhook } from '../src/partner-webhooks/endpoints.ts'
import { WebhookSender } from '../src/partner-webhooks/webhook-sender.ts'
import { partnerPost, verifiedDelivery } from './support/partners.ts'
import { eventually } from './support/rewards.ts'
import { buildTestApp } from './support/test-app.ts'
import { useWorkerTest } from './support/use-worker-test.ts'
import { fernCampaign, recordingLogger } from './support/worker.ts'

const shared = useWorkerTest()
let app: App
let receiver: Server
let receiverUrl: string
const received: Array<{ headers: IncomingHttpHeaders; body: string; answered: number }> = []
// How many of the next deliveries the receiver refuses (it is "down").
let refuseNext = 0
const senders: WebhookSender[] = []
const loopbackOnly = { allowLoopback: true, allowPrivate: false }

beforeAll(async () => {
  app = await buildTestApp(shared.database, {}, shared.chain)
  receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const answered = refuseNext > 0 ? 503 : 204
      if (refuseNext > 0) refuseNext--
      received.push({ headers: request.headers, body, answered })
      response.writeHead(answered).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fernwood`
})

afterEach(async () => {
  for (const sender of senders.splice(0)) await sender.stop()
  await shared.database.query('UPDATE webhook_endpoints SET removed_at = now()')
  received.length = 0
})

afterAll(async () => {
  await app?.close()
  await new Promise((resolve) => receiver?.close(resolve))
})

function startSender() {
  const sender = new WebhookSender({
    database: shared.database,
    logger: recordingLogger().logger,
    policy: loopbackOnly,
    pollIntervalMs: 25,
    retryBaseMs: 10,
  })
  sender.start()
  senders.push(sender)
}

async function grantedCampaign() {
  const slug = `hooked-${randomUUID().slice(0, 8)}`
  await fernCampaign(shared.database, slug, [])
  const key = await createApiKey(shared.database, 'admin', { name: slug, campaigns: [slug] })
  const endpoint = await registerWebhook(
    shared.database,
    'admin',
    { url: receiverUrl, events: ['reward.completed', 'reward.rejected'], campaigns: [slug] },
    loopbackOnly,
  )
  const response = await partnerPost(app, key.secret, 'grants', {
    campaign: slug,
    account: 'alice.wam',
    reference: 'quest-42',
  })
  expect(response.statusCode).toBe(201)
  return { grantId: response.json().grant.id as string, endpoint, secret: key.secret }
}

describe('per-reward webhooks', () => {
  it('a grant paid by the worker is announced signed to a loopback receiver, which verifies it', async () => {
    const { grantId, endpoint, secret } = await grantedCampaign()
    await shared.startWorker()
    startSender()
    await eventually(
      async () => received.length,
      (count) => count > 0,
      30_000,
    )
    const [delivery] = received
    const message = verifiedDelivery(endpoint.secret, delivery)
    expect(message.type).toBe('reward.completed')
    expect(message.data).toMatchObject({
      rewardId: grantId,
      account: 'alice.wam',
      grant: true,
      reference: 'quest-42',
      amount: '1.0000',
      token: 'FERN',
    })
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/grants/${grantId}`,
      headers: { authorization: `Bearer ${secret}` },
    })
    expect(read.json().grant).toMatchObject({
      status: 'completed',
      transactionId: message.data.transactionId,
    })
  })

  it('a receiver that is down gets the event afterwards, under the same webhook-id', async () => {
    refuseNext = 2
    await grantedCampaign()
    await shared.startWorker()
    startSender()
    await eventually(
      async () => received.filter(({ answered }) => answered === 204).length,
      (count) => count === 1,
      30_000,
    )
    expect(received.map(({ answered }) => answered)).toEqual([503, 503, 204])
    expect(new Set(received.map(({ headers }) => headers['webhook-id'])).size).toBe(1)
  })

  it('refuses endpoints outside the SSRF guard: loopback off the devchain, private, plain HTTP', async () => {
    const slug = `guarded-${randomUUID().slice(0, 8)}`
    await fernCampaign(shared.database, slug, [])
    const register = (url: string, policy = { allowLoopback: false, allowPrivate: false }) =>
      registerWebhook(
        shared.database,
        'admin',
        { url, events: ['reward.completed'], campaigns: [slug] },
        policy,
      )
    await expect(register('http://127.0.0.1:9/hook')).rejects.toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
    })
    await expect(register('https://10.1.2.3/hook')).rejects.toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
    })
    await expect(register('http://93.184.216.34/hook')).rejects.toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
    })
    const allowed = await register('https://10.1.2.3/hook', {
      allowLoopback: false,
      allowPrivate: true,
    })
    expect(allowed.secret).toMatch(/^whsec_/)
    const removed = await removeWebhook(shared.database, 'admin', { id: allowed.id })
    expect(removed.removedAt).not.toBeNull()
  })
})
