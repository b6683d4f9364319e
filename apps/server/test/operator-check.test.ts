import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCampaign } from '../src/campaigns/catalogue.ts'
import { readOperatorCheckSecret, shownReason } from '../src/fairness/operator-check.ts'
import { createApiKey } from '../src/partner-api/api-keys.ts'
import { randomAccount, rewardsOf, signInVisitor, submitCode } from './support/rewards.ts'
import { useTestApp } from './support/use-test-app.ts'
import { fernCampaign } from './support/worker.ts'

// Short, so that the endpoint that never answers in time costs the test little.
const TIMEOUT_MS = 1500

const shared = useTestApp({ environment: { OPERATOR_CHECK_TIMEOUT_MS: String(TIMEOUT_MS) } })

/** What the operator's endpoint does with a request, by its path. */
type Behaviour = (request: IncomingMessage, response: ServerResponse, body: string) => void

/** A request the endpoint received, once its Standard Webhooks signature was verified. */
interface Received {
  path: string
  payload: { account: string; campaign: string; code: string }
}

let receiver: Server
let receiverUrl: string
const received: Received[] = []
/** The secret each path's campaign signs with, which the endpoint verifies against. */
const secrets = new Map<string, string>()
const behaviours = new Map<string, Behaviour>()

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const path = request.url ?? '/'
      const secret = secrets.get(path)
      try {
        if (!secret) throw new Error('no campaign of this path')
        new Webhook(secret).verify(body, request.headers as Record<string, string>)
      } catch {
        json(response, 401, { error: 'bad signature' })
        return
      }
      received.push({ path, payload: JSON.parse(body) })
      behaviours.get(path)?.(request, response, body)
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
})
afterAll(async () => {
  receiver.closeAllConnections()
  await new Promise((resolve) => receiver.close(resolve))
})

/** A shared campaign whose code is `slug`, checked at `path` of the receiver answering so. */
async function checkedCampaign(slug: string, behaviour: Behaviour, url = `${receiverUrl}/${slug}`) {
  const { database } = shared
  const campaign = await fernCampaign(database, slug, [slug])
  await database.query('UPDATE campaigns SET check_url = $2 WHERE id = $1', [campaign.id, url])
  secrets.set(`/${slug}`, await readOperatorCheckSecret(database, campaign.id))
  behaviours.set(`/${slug}`, behaviour)
  return slug
}

type Visitor = Awaited<ReturnType<typeof signInVisitor>>

async function claim(code: string, account = randomAccount('chk')) {
  const visitor = await signInVisitor(shared.app, shared.database, account)
  return { ...(await submitAs(visitor, code)), account }
}

async function submitAs(visitor: Visitor, code: string) {
  const response = await submitCode(shared.app, visitor, { code })
  return { response, body: response.json(), visitor }
}

async function codesListed(visitor: Visitor) {
  const { pending } = await rewardsOf(shared.app, visitor)
  return pending.map((reward: { code: string }) => reward.code)
}

const RETRY_ANSWER = {
  code: 'OPERATOR_CHECK_UNAVAILABLE',
  message:
    'The organiser of this reward could not be reached to check this claim. Please try again in a moment.',
}

/** The visitor is asked to try again, and nothing of the claim was kept. */
async function expectRetry(outcome: Awaited<ReturnType<typeof submitAs>>, code: string) {
  expect(outcome.response.statusCode).toBe(503)
  expect(outcome.body.error).toMatchObject(RETRY_ANSWER)
  expect(outcome.response.headers['retry-after']).toBe('5')
  expect(await codesListed(outcome.visitor)).not.toContain(code)
}

describe('the operator’s own check, asked before a claim is accepted', () => {
  it('sends {account, campaign, code}, signed with the campaign’s secret; a yes accepts the claim', async () => {
    const code = await checkedCampaign('check-yes', (_, response) =>
      json(response, 200, { eligible: true }),
    )
    const { response, body, account } = await claim(code)
    expect(response.statusCode).toBe(201)
    expect(body.reward.status).toBe('pending')
    expect(received.filter((request) => request.path === '/check-yes')).toEqual([
      { path: '/check-yes', payload: { account, campaign: 'check-yes', code } },
    ])
  })

  it('each campaign signs with its own secret: another campaign’s does not verify', async () => {
    const { database } = shared
    const first = await createCampaign(database, {
      slug: 'secret-a',
      name: 'a',
      kind: 'shared',
      rewardQuantity: '1.0000 FERN',
      tokenContract: 'fern.token',
    })
    const a = await readOperatorCheckSecret(database, first.id)
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(await readOperatorCheckSecret(database, first.id)).toBe(a)
    expect(await readOperatorCheckSecret(database, first.id + 1)).not.toBe(a)
    // The receiver checks each path's campaign's secret: a path given another's is refused, 401,
    // which the claim answers as no answer at all.
    const code = await checkedCampaign('check-wrong-secret', (_, response) =>
      json(response, 200, { eligible: true }),
    )
    secrets.set('/check-wrong-secret', a)
    await expectRetry(await claim(code), code)
  })

  it('a no refuses the claim as not eligible, with the operator’s reason as plain text', async () => {
    const code = await checkedCampaign('check-no', (_, response) =>
      json(response, 200, {
        eligible: false,
        reason: `<b>Members</b>\u202e only\n\n  of the ${'very '.repeat(60)}club`,
      }),
    )
    const { response, body, visitor } = await claim(code)
    expect(response.statusCode).toBe(201)
    expect(body.reward).toMatchObject({ status: 'rejected', rejection: 'not_eligible' })
    const { failedRule } = body.reward
    expect(failedRule.rule).toBe('operator_check')
    // Kept as text (the page renders it as text), its bidi override and line breaks gone, cut.
    expect(failedRule.reason.startsWith('<b>Members</b> only of the very very')).toBe(true)
    expect([...failedRule.reason]).toHaveLength(200)
    expect(failedRule.reason.endsWith('…')).toBe(true)
    expect(failedRule.reason).not.toMatch(/[\u202e\n]/)
    // The refusal stays on the visitor's list with the reason.
    const { pending } = await rewardsOf(shared.app, visitor)
    expect(pending.find((reward: { code: string }) => reward.code === code)).toMatchObject({
      rejection: 'not_eligible',
      failedRule: { rule: 'operator_check', reason: failedRule.reason },
    })
  })

  it('a no without a reason names the operator’s check alone', async () => {
    const code = await checkedCampaign('check-no-reason', (_, response) =>
      json(response, 200, { eligible: false, reason: null }),
    )
    const { body } = await claim(code)
    expect(body.reward).toMatchObject({
      status: 'rejected',
      rejection: 'not_eligible',
      failedRule: { rule: 'operator_check' },
    })
    expect(body.reward.failedRule).not.toHaveProperty('reason')
  })

  it('an endpoint that does not answer in time asks the visitor to retry; once it answers, the claim goes through', async () => {
    let slow = true
    const code = await checkedCampaign('check-slow', (_, response) => {
      if (slow) setTimeout(() => json(response, 200, { eligible: true }), TIMEOUT_MS * 3)
      else json(response, 200, { eligible: true })
    })
    // Timed from the submission alone: a sign-in slowed by a busy machine is not the check's wait.
    const visitor = await signInVisitor(shared.app, shared.database, randomAccount('chk'))
    const startedAt = Date.now()
    const first = await submitAs(visitor, code)
    expect(Date.now() - startedAt).toBeLessThan(TIMEOUT_MS * 3)
    await expectRetry(first, code)
    slow = false
    const again = await submitCode(shared.app, first.visitor, { code })
    expect(again.statusCode).toBe(201)
    expect(again.json().reward.status).toBe('pending')
  })

  it('a redirect is not followed: the visitor is asked to retry, and its target is never asked', async () => {
    const target = await checkedCampaign('check-redirect-target', (_, response) =>
      json(response, 200, { eligible: true }),
    )
    const code = await checkedCampaign('check-redirect', (_, response) =>
      response.writeHead(307, { location: `${receiverUrl}/${target}` }).end(),
    )
    await expectRetry(await claim(code), code)
    expect(received.some((request) => request.path === `/${target}`)).toBe(false)
  })

  it('garbage, a wrong shape, an error status or an endless answer each ask the visitor to retry', async () => {
    const answers: Record<string, Behaviour> = {
      'check-garbage': (_, response) => response.writeHead(200).end('yes please'),
      'check-shape': (_, response) => json(response, 200, { eligible: 'true' }),
      'check-status': (_, response) => json(response, 500, { eligible: true }),
      'check-long': (_, response) =>
        json(response, 200, { eligible: true, reason: 'x'.repeat(10_000) }),
    }
    for (const [slug, behaviour] of Object.entries(answers)) {
      const code = await checkedCampaign(slug, behaviour)
      await expectRetry(await claim(code), code)
    }
  })

  it('a URL the guard refuses (a private address, plain HTTP elsewhere than loopback) is never asked', async () => {
    for (const [slug, url] of [
      ['check-private', 'https://10.1.2.3/check'],
      ['check-plain-http', 'http://203.0.113.7/check'],
    ]) {
      const code = await checkedCampaign(slug, () => {}, url)
      await expectRetry(await claim(code), code)
    }
  })

  it('a partner’s grant, made with the operator’s key, is not asked: there is no code to send', async () => {
    const slug = await checkedCampaign('check-granted', (_, response) =>
      json(response, 200, { eligible: false }),
    )
    const { secret } = await createApiKey(shared.database, 'admin', {
      name: slug,
      campaigns: [slug],
    })
    const response = await shared.app.inject({
      method: 'POST',
      url: '/api/v1/grants',
      headers: {
        authorization: `Bearer ${secret}`,
        'idempotency-key': 'grant-of-a-checked-campaign',
        'content-type': 'application/json',
      },
      payload: { campaign: slug, account: 'alice.wam' },
    })
    expect(response.statusCode).toBe(201)
    expect(received.some((request) => request.path === `/${slug}`)).toBe(false)
  })

  it('a campaign without a check URL asks nothing', async () => {
    const before = received.length
    const code = 'check-none'
    await fernCampaign(shared.database, code, [code])
    const { body } = await claim(code)
    expect(body.reward.status).toBe('pending')
    expect(received).toHaveLength(before)
  })
})

describe('an operator’s reason as a visitor is shown it', () => {
  it('is one line of text without controls, at most 200 characters', () => {
    expect(shownReason(' Only\tfor\r\nmembers ')).toBe('Only for members')
    expect(shownReason('\u2066\u0007 ')).toBeUndefined()
    expect(shownReason(undefined)).toBeUndefined()
    expect(shownReason('🌲'.repeat(300))).toBe(`${'🌲'.repeat(199)}…`)
  })
})
