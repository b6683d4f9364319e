import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serverEntries } from '@fernwood/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebhookSender } from '../src/partner-webhooks/webhook-sender.ts'
import { parkReward } from '../src/rewards/lifecycle.ts'
import { partnerPost, verifiedDelivery } from './support/partners.ts'
import { eventually } from './support/rewards.ts'
import { spawnScript } from './support/script-process.ts'
import { jsonFromSite } from './support/test-app.ts'
import { testDriver } from './support/test-database.ts'
import { useTestProcesses } from './support/test-processes.ts'
import { useTestApp } from './support/use-test-app.ts'
import { connectWithProof } from './support/wallet-proofs.ts'
import { fernCampaign, recordingLogger } from './support/worker.ts'

/**
 * The partner API's operator operations (admin/partner-operations.ts): API keys and webhook
 * endpoints, through the console's API as a verified operator and through the CLI's real entry.
 */

const shared = useTestApp({ environment: { ADMIN_ACCOUNTS: 'alice.wam' }, sharedChain: true })
const { storage } = useTestProcesses()

let operator: string
let receiver: Server
let receiverUrl: string
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = []
// While set, the receiver answers 503: it is "down".
let receiverDown = false

beforeAll(async () => {
  operator = (await connectWithProof(shared.app, 'alice.wam')).cookie
  receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      if (!receiverDown) received.push({ headers: request.headers, body })
      response.writeHead(receiverDown ? 503 : 204).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fernwood`
})

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve))
})

const asOperator = (method: 'GET' | 'POST', url: string, payload?: object) =>
  shared.app.inject({ method, url, headers: { ...jsonFromSite, cookie: operator }, payload })

const newCampaign = async () => {
  const slug = `partner-${randomUUID().slice(0, 8)}`
  await fernCampaign(shared.database, slug, [])
  return slug
}

const auditOf = (action: string, subject: string) =>
  shared.database.query<{ actor: string; details: Record<string, unknown> }>(
    'SELECT actor, details FROM audit_log WHERE action = $1 AND subject = $2',
    [action, subject],
  )

/** One round of the outbox's sender, as a server runs it, with no wait before a retry. */
async function deliverDue(maxAttempts = 10) {
  const sender = new WebhookSender({
    database: shared.database,
    logger: recordingLogger().logger,
    policy: { allowLoopback: true, allowPrivate: false },
    retryBaseMs: 0,
    maxAttempts,
  })
  return sender.deliverDue()
}

describe('API keys, as a verified operator in the console', () => {
  it('a key is created with its secret shown once, works on /api/v1, and is refused once revoked', async () => {
    const slug = await newCampaign()
    const created = await asOperator('POST', '/api/admin/api-keys', {
      name: 'Quest server',
      campaigns: [slug],
    })
    expect(created.statusCode).toBe(201)
    expect(created.headers['cache-control']).toBe('no-store')
    const key = created.json()
    expect(key).toMatchObject({ name: 'Quest server', campaigns: [slug], revokedAt: null })
    expect(key.secret).toMatch(/^fwk_/)

    const listed = await asOperator('GET', '/api/admin/api-keys')
    const entry = listed.json().keys.find((each: { id: string }) => each.id === key.id)
    expect(entry).toMatchObject({ name: 'Quest server', lastUsedAt: null, revokedAt: null })
    expect(listed.body).not.toContain(key.secret)

    const partner = (secret: string) =>
      shared.app.inject({
        method: 'GET',
        url: '/api/v1/grants?reference=none',
        headers: { authorization: `Bearer ${secret}` },
      })
    expect((await partner(key.secret)).statusCode).toBe(200)
    // A use is recorded once its answer is sent.
    await eventually(
      async () =>
        (await asOperator('GET', '/api/admin/api-keys'))
          .json()
          .keys.find((each: { id: string }) => each.id === key.id).lastUsedAt,
      (lastUsedAt) => lastUsedAt !== null,
      10_000,
    )

    const revoked = await asOperator('POST', `/api/admin/api-keys/${key.id}/revoke`, {})
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json().revokedAt).not.toBeNull()
    const refused = await partner(key.secret)
    expect(refused.statusCode).toBe(401)
    expect(refused.json().error.code).toBe('API_KEY_INVALID')

    expect(await auditOf('api-key.created', key.id)).toEqual([
      { actor: 'admin:alice.wam', details: { name: 'Quest server', campaigns: [slug] } },
    ])
    expect(await auditOf('api-key.revoked', key.id)).toEqual([
      { actor: 'admin:alice.wam', details: {} },
    ])
  })

  it('a key for a campaign that does not exist is refused with 404 and nothing is made', async () => {
    const response = await asOperator('POST', '/api/admin/api-keys', {
      name: 'Nowhere',
      campaigns: ['no-such-campaign'],
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('API_KEY_CAMPAIGN_UNKNOWN')
    const [{ count }] = await shared.database.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM api_keys WHERE name = 'Nowhere'",
    )
    expect(count).toBe(0)
  })

  it('revoking a key that does not exist is 404, and a body not of its schema is 400', async () => {
    const missing = await asOperator('POST', `/api/admin/api-keys/${randomUUID()}/revoke`, {})
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.code).toBe('API_KEY_NOT_FOUND')
    const extra = await asOperator('POST', '/api/admin/api-keys', { name: 'x', campaigns: 'a' })
    expect(extra.statusCode).toBe(400)
    expect(extra.json().error.code).toBe('INVALID_REQUEST')
  })
})

describe('webhooks, as a verified operator in the console', () => {
  it('reward.failed reaches a loopback receiver, which verifies it; a failed delivery is listed first and redelivered under its webhook-id', async () => {
    const slug = await newCampaign()
    const added = await asOperator('POST', '/api/admin/webhooks', {
      url: receiverUrl,
      events: ['reward.failed'],
      campaigns: [slug],
    })
    expect(added.statusCode).toBe(201)
    expect(added.headers['cache-control']).toBe('no-store')
    const endpoint = added.json()
    expect(endpoint.secret).toMatch(/^whsec_/)
    expect((await asOperator('GET', '/api/admin/webhooks')).body).not.toContain(endpoint.secret)

    // A reward the worker took to pay, whose payout the chain refused for good.
    const parkedReward = async () => {
      const [{ id }] = await shared.database.query<{ id: string }>(
        `INSERT INTO rewards (code, wax_account, status, campaign_id)
         SELECT 'code-' || gen_random_uuid(), 'bob.wam', 'processing', id
           FROM campaigns WHERE slug = $1 RETURNING id`,
        [slug],
      )
      await parkReward(shared.database, id, 'assertion failure: overdrawn balance')
      return id
    }
    const first = await parkedReward()
    received.length = 0
    expect(await deliverDue()).toBe(1)
    expect(received).toHaveLength(1)
    const [delivery] = received
    const message = verifiedDelivery(endpoint.secret, delivery)
    expect(message).toMatchObject({
      type: 'reward.failed',
      data: { rewardId: first, campaign: slug, account: 'bob.wam', grant: false },
    })
    // The chain's words stay with the operator.
    expect(delivery.body).not.toContain('overdrawn')

    // A second one, whose receiver is down until the sender gives up on it.
    receiverDown = true
    const second = await parkedReward()
    expect(await deliverDue(1)).toBe(1)
    receiverDown = false
    const listed = await asOperator('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)
    expect(listed.statusCode).toBe(200)
    const deliveries = listed.json().deliveries
    expect(deliveries.map((each: { rewardId: string; state: string }) => each)).toMatchObject([
      { rewardId: second, state: 'failed', event: 'reward.failed', attempts: 1 },
      { rewardId: first, state: 'sent', event: 'reward.failed', attempts: 1 },
    ])
    expect(deliveries[0].lastError).toMatch(/503/)

    const redelivered = await asOperator(
      'POST',
      `/api/admin/webhooks/${endpoint.id}/deliveries/${deliveries[0].id}/redeliver`,
      {},
    )
    expect(redelivered.statusCode).toBe(200)
    expect(redelivered.json()).toMatchObject({ state: 'pending', attempts: 0 })
    expect(await deliverDue()).toBe(1)
    expect(received.at(-1)?.headers['webhook-id']).toBe(`msg_delivery_${deliveries[0].id}`)
    expect(JSON.parse(received.at(-1)?.body ?? '{}').data.rewardId).toBe(second)

    const removed = await asOperator('POST', `/api/admin/webhooks/${endpoint.id}/remove`, {})
    expect(removed.statusCode).toBe(200)
    expect(removed.json().removedAt).not.toBeNull()
    await parkedReward()
    expect(await deliverDue()).toBe(0)

    expect(await auditOf('webhook.registered', endpoint.id)).toHaveLength(1)
    expect(await auditOf('webhook.redelivered', endpoint.id)).toEqual([
      { actor: 'admin:alice.wam', details: { delivery: deliveries[0].id } },
    ])
    expect(await auditOf('webhook.removed', endpoint.id)).toHaveLength(1)
  })

  it('a delivery of another endpoint, or of none, is 404 to redeliver', async () => {
    const slug = await newCampaign()
    const endpoint = (
      await asOperator('POST', '/api/admin/webhooks', {
        url: receiverUrl,
        events: ['reward.completed'],
        campaigns: [slug],
      })
    ).json()
    const response = await asOperator(
      'POST',
      `/api/admin/webhooks/${endpoint.id}/deliveries/999999/redeliver`,
      {},
    )
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('WEBHOOK_DELIVERY_NOT_FOUND')
    const unknownEvent = await asOperator('POST', '/api/admin/webhooks', {
      url: receiverUrl,
      events: ['reward.paid'],
      campaigns: [slug],
    })
    expect(unknownEvent.statusCode).toBe(400)
  })

  it('a private address is refused off the devchain unless allowed', async () => {
    const response = await asOperator('POST', '/api/admin/webhooks', {
      url: 'https://10.1.2.3/hook',
      events: ['reward.completed'],
      campaigns: [await newCampaign()],
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().error.code).toBe('WEBHOOK_URL_REFUSED')
  })
})

describe('claim links with an expiry', () => {
  it('a link past its expiresAt is refused as an ended campaign’s code; one before it is claimed', async () => {
    const slug = `links-${randomUUID().slice(0, 8)}`
    await fernCampaign(shared.database, slug, [], { kind: 'unique' })
    const key = (
      await asOperator('POST', '/api/admin/api-keys', { name: 'Links', campaigns: [slug] })
    ).json()
    const linkExpiring = async (expiresAt: string) => {
      const response = await partnerPost(shared.app, key.secret, 'claim-links', {
        campaign: slug,
        count: 1,
        expiresAt,
      })
      expect(response.statusCode, response.body).toBe(201)
      return response.json().links[0].code as string
    }
    const later = new Date(Date.now() + 3600_000).toISOString()
    const fresh = await linkExpiring(later)
    const expired = await linkExpiring(new Date(Date.now() - 60_000).toISOString())

    const preview = async (code: string) => (await shared.app.inject(`/api/claims/${code}`)).json()
    expect(await preview(fresh)).toMatchObject({ state: 'open', endsAt: later })
    expect(await preview(expired)).toMatchObject({ state: 'ended' })

    const visitor = (await connectWithProof(shared.app, 'bob.wam')).cookie
    const submit = (code: string) =>
      shared.app.inject({
        method: 'POST',
        url: '/api/codes',
        headers: { ...jsonFromSite, cookie: visitor },
        payload: { code },
      })
    const refused = await submit(expired)
    expect(refused.statusCode).toBe(201)
    expect(refused.json().reward).toMatchObject({ status: 'rejected', rejection: 'ended' })
    const accepted = await submit(fresh)
    expect(accepted.json().reward).toMatchObject({ status: 'pending' })
  })
})

// Each command starts the CLI as its own process: allow for a busy machine.
describe(`the CLI's api-keys and webhooks commands (${testDriver})`, { timeout: 180_000 }, () => {
  it('creates a key showing its secret once, lists it, revokes it; adds, lists and removes a webhook', async () => {
    const env = await storage()
    const admin = async (...argv: string[]) => {
      const cli = spawnScript(serverEntries.admin, env, argv)
      return { exitCode: await cli.exited, output: cli.output() }
    }
    const campaign = await admin(
      ...['campaigns', 'create', '--slug', 'quests', '--name', 'Quests'],
      ...['--kind', 'shared', '--reward', '1.0000 FERN'],
    )
    expect(campaign.exitCode, campaign.output).toBe(0)

    const created = await admin(
      'api-keys',
      'create',
      '--name',
      // A name holding a terminal's escape sequence is printed without it.
      'Quest\u001b[2Jbot',
      '--campaigns',
      'quests',
    )
    expect(created.exitCode, created.output).toBe(0)
    const id = /Created API key ([0-9a-f-]{36}) \(Quest\?\[2Jbot\) for quests\./.exec(
      created.output,
    )?.[1]
    const secret = /^\s+(fwk_\S+)$/m.exec(created.output)?.[1]
    expect(id).toBeDefined()
    expect(secret).toBeDefined()

    const listed = await admin('api-keys', 'list')
    expect(listed.output).toContain(`${id}\tQuest?[2Jbot\tquests\t`)
    expect(listed.output).toContain('last used never\tin force')
    expect(listed.output).not.toContain(secret)
    expect(created.output + listed.output).not.toContain('\u001b')

    const revoked = await admin('api-keys', 'revoke', '--id', String(id))
    expect(revoked.exitCode, revoked.output).toBe(0)
    expect(revoked.output).toContain(
      `Revoked API key ${id} (Quest?[2Jbot): every server refuses it.`,
    )

    const unknown = await admin('api-keys', 'create', '--name', 'x', '--campaigns', 'nowhere')
    expect(unknown.exitCode).toBe(2)
    expect(unknown.output).toContain('There is no campaign nowhere.')

    const added = await admin(
      ...['webhooks', 'add', '--url', 'http://127.0.0.1:9/hook'],
      ...['--events', 'reward.completed,reward.failed', '--campaigns', 'quests'],
    )
    expect(added.exitCode, added.output).toBe(0)
    const endpoint = /Registered webhook ([0-9a-f-]{36})/.exec(added.output)?.[1]
    expect(added.output).toMatch(/^\s+whsec_\S+$/m)
    expect((await admin('webhooks', 'list')).output).toContain(
      `${endpoint}\thttp://127.0.0.1:9/hook\treward.completed,reward.failed\tquests\tin force`,
    )
    expect((await admin('webhooks', 'deliveries', '--id', String(endpoint))).output).toContain(
      '0 deliveries',
    )
    const removed = await admin('webhooks', 'remove', '--id', String(endpoint))
    expect(removed.exitCode, removed.output).toBe(0)
    expect(removed.output).toContain(`Removed webhook ${endpoint} (http://127.0.0.1:9/hook).`)
  })
})
