import { deflateRawSync } from 'node:zlib'
import { startDevchain } from '@fernwood/devchain'
import { createRelay } from '@fernwood/relay'
import { APIClient } from '@wharfkit/antelope'
import { waitForCallback } from '@wharfkit/protocol-esr'
import { Base64u } from '@wharfkit/signing-request'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { devAnchorPage } from '../src/index.ts'
import { loginRequest, translate } from './support/login-request.ts'

// The page as the Fernwood server mounts it: beside the relay, on one origin.

type Running<T extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<T>>
let devchain: Running<typeof startDevchain>
let client: APIClient
const app = Fastify()
let origin: string

beforeAll(async () => {
  devchain = await startDevchain({ port: 0, blockIntervalMs: 100 })
  client = new APIClient({ url: devchain.url })
  await app.register(createRelay().plugin, { prefix: '/devchain/relay' })
  await app.register(devAnchorPage({ client, relayUrlFor: () => `${origin}/devchain/relay` }), {
    prefix: '/devchain/anchor',
  })
  origin = await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await app.close()
  await devchain.close()
})

function post(path: string, body: object) {
  return fetch(`${origin}/devchain/anchor${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

describe('the Dev Anchor page', () => {
  it('serves a form with the dev accounts and its script from our own origin', async () => {
    const page = await (await fetch(`${origin}/devchain/anchor`)).text()
    expect(page).toContain('<textarea id="link"')
    expect(page).toContain('<option>alice.wam</option>')
    expect(page).toContain('<script type="module" src="/devchain/anchor/page.js">')
    const script = await fetch(`${origin}/devchain/anchor/page.js`)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
  })

  it('names what a pasted link asks for', async () => {
    const login = await loginRequest(devchain.url, client, `${origin}/devchain/relay`)
    const response = await post('/inspect', { link: login.link })
    expect(await response.json()).toMatchObject({ kind: 'identity', appName: 'fernwood' })
  })

  it('Approve answers the login through our relay as the chosen account', async () => {
    const login = await loginRequest(devchain.url, client, `${origin}/devchain/relay`)
    const callback = waitForCallback(login.callback, WebSocket, translate)
    const response = await post('/answer', {
      link: login.link,
      decision: 'approve',
      account: 'carol.wam',
    })
    expect(await response.json()).toEqual({
      answered: 'approved',
      signer: 'carol.wam@active',
      serving: true,
    })
    expect(await callback).toMatchObject({ sa: 'carol.wam', sp: 'active' })
  })

  it('answers only through the relay in use: a link calling back elsewhere is refused', async () => {
    const login = await loginRequest(devchain.url, client, 'http://127.0.0.1:9/elsewhere')
    const response = await post('/answer', { link: login.link, decision: 'decline' })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({
      error: { message: expect.stringMatching(/^Refusing to post/) },
    })
  })

  it('refuses input that is not a request: a malformed body with 400, a non-link with 422', async () => {
    expect((await post('/answer', { link: 'esr:x', decision: 'maybe' })).status).toBe(400)
    expect((await post('/inspect', { link: 'not a link at all' })).status).toBe(422)
  })
})

describe("the Dev Anchor page's limits", () => {
  it('a 16 KB link that inflates to 12 MB is refused (422) with a short answer', async () => {
    const bomb = `esr:${Base64u.encode(new Uint8Array([0x82, ...deflateRawSync(Buffer.alloc(12_000_000))]))}`
    const response = await post('/inspect', { link: bomb })
    expect(response.status).toBe(422)
    const answer = await response.text()
    expect(answer.length).toBeLessThan(500)
    expect(JSON.parse(answer)).toMatchObject({
      error: {
        message: expect.stringMatching(/^This request is larger than the Dev Anchor reads/),
      },
    })
  })

  it('each client may have so many links read or answered a minute: then 429 with Retry-After', async () => {
    const limited = Fastify()
    await limited.register(
      devAnchorPage({
        client,
        relayUrlFor: () => undefined,
        rateLimit: { max: 2, windowMs: 60_000 },
        clientAddress: (request) => String(request.headers['x-client']),
      }),
    )
    const ask = (path: string, client: string, body: object) =>
      limited.inject({ method: 'POST', url: path, headers: { 'x-client': client }, payload: body })
    try {
      expect((await ask('/inspect', 'a', { link: 'not a link' })).statusCode).toBe(422)
      expect(
        (await ask('/answer', 'a', { link: 'not a link', decision: 'decline' })).statusCode,
      ).toBe(422)

      const over = await ask('/inspect', 'a', { link: 'not a link' })
      expect(over.statusCode).toBe(429)
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
      expect(over.json()).toMatchObject({ error: { code: 'DEV_ANCHOR_RATE_LIMITED' } })
      expect((await ask('/answer', 'a', { link: 'x', decision: 'decline' })).statusCode).toBe(429)
      // Another client is counted apart.
      expect((await ask('/inspect', 'b', { link: 'not a link' })).statusCode).toBe(422)
    } finally {
      await limited.close()
    }
  })
})
