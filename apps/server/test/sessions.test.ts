import { createHash } from 'node:crypto'
import { openEventStream } from '@fernwood/testkit'
import { describe, expect, it } from 'vitest'
import { signInVisitor } from './support/rewards.ts'
import { buildTestApp, jsonFromSite, sessionCookieOf, TEST_ORIGIN } from './support/test-app.ts'
import { useTestApp } from './support/use-test-app.ts'
import { connectWithProof } from './support/wallet-proofs.ts'

const shared = useTestApp({ listen: true })

const signIn = () =>
  shared.app.inject({ method: 'POST', url: '/api/session', headers: jsonFromSite, payload: {} })

const withCookie = (token: string) => ({ cookie: `fernwood_session=${token}` })

describe('anonymous sessions', () => {
  it('signing in creates an anonymous user with no wax account and sets a session cookie', async () => {
    const response = await signIn()
    expect(response.statusCode).toBe(201)
    const { user } = response.json()
    expect(user).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), waxAccount: null })

    const cookie = response.cookies.find(({ name }) => name === 'fernwood_session')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie?.secure).toBeFalsy()
    expect(Buffer.from(cookie?.value ?? '', 'base64url')).toHaveLength(32)
  })

  it('under HTTPS the cookie is __Host-fernwood_session: Secure, Path=/ and no Domain, though the proxy speaks HTTP to us', async () => {
    const secureApp = await buildTestApp(shared.database, {
      PUBLIC_ORIGIN: 'https://fernwood.test',
    })
    const headers = { ...jsonFromSite, origin: 'https://fernwood.test' }
    try {
      const signedIn = await secureApp.inject({
        method: 'POST',
        url: '/api/session',
        headers,
        payload: {},
      })
      expect(signedIn.statusCode).toBe(201)
      expect(signedIn.cookies).toEqual([
        expect.objectContaining({
          name: '__Host-fernwood_session',
          secure: true,
          path: '/',
          httpOnly: true,
          sameSite: 'Lax',
        }),
      ])
      expect(signedIn.cookies[0]).not.toHaveProperty('domain')
      const token = signedIn.cookies[0].value
      const session = await secureApp.inject({
        method: 'GET',
        url: '/api/session',
        headers: { cookie: `__Host-fernwood_session=${token}` },
      })
      expect(session.json()).toEqual({ user: signedIn.json().user })

      const signedOut = await secureApp.inject({
        method: 'DELETE',
        url: '/api/session',
        headers: { ...headers, cookie: `__Host-fernwood_session=${token}` },
        payload: {},
      })
      expect(signedOut.statusCode).toBe(204)
      expect(signedOut.cookies).toEqual([
        expect.objectContaining({ name: '__Host-fernwood_session', value: '', secure: true }),
      ])
    } finally {
      await secureApp.close()
    }
  })

  it('under HTTPS a plain fernwood_session cookie, which a subdomain could plant, is not read', async () => {
    const secureApp = await buildTestApp(shared.database, {
      PUBLIC_ORIGIN: 'https://fernwood.test',
    })
    try {
      const signedIn = await secureApp.inject({
        method: 'POST',
        url: '/api/session',
        headers: { ...jsonFromSite, origin: 'https://fernwood.test' },
        payload: {},
      })
      expect(signedIn.statusCode).toBe(201)
      const token = signedIn.cookies[0].value
      // The same token under the cookie's own name is a live session: only the name is refused.
      const genuine = await secureApp.inject({
        method: 'GET',
        url: '/api/session',
        headers: { cookie: `__Host-fernwood_session=${token}` },
      })
      expect(genuine.json()).toEqual({ user: signedIn.json().user })
      const planted = await secureApp.inject({
        method: 'GET',
        url: '/api/session',
        headers: withCookie(token),
      })
      expect(planted.json()).toEqual({ user: null })
    } finally {
      await secureApp.close()
    }
  })

  it('without PUBLIC_ORIGIN, a request that came over HTTPS (by a trusted proxy) gets the __Host- cookie', async () => {
    const proxiedApp = await buildTestApp(shared.database, {
      PUBLIC_ORIGIN: '',
      TRUST_PROXY: '1',
    })
    try {
      const signedIn = await proxiedApp.inject({
        method: 'POST',
        url: '/api/session',
        headers: {
          'content-type': 'application/json',
          host: 'localhost',
          origin: 'https://localhost',
          'x-forwarded-proto': 'https',
        },
        payload: {},
      })
      expect(signedIn.statusCode).toBe(201)
      expect(signedIn.cookies).toEqual([
        expect.objectContaining({ name: '__Host-fernwood_session', secure: true, path: '/' }),
      ])
    } finally {
      await proxiedApp.close()
    }
  })

  it('the database keeps only a hash of the session token', async () => {
    const token = sessionCookieOf(await signIn())
    const rows = await shared.database.query<{ token_hash: Uint8Array }>(
      'SELECT token_hash FROM sessions WHERE token_hash = $1',
      [createHash('sha256').update(token).digest()],
    )
    expect(rows).toHaveLength(1)
    const everything = JSON.stringify(
      await shared.database.query(
        'SELECT s.*, u.* FROM sessions s JOIN users u ON u.id = s.user_id',
      ),
    )
    expect(everything).not.toContain(token)
  })

  it('the session cookie reads back the same user', async () => {
    const signedIn = await signIn()
    const response = await shared.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: withCookie(sessionCookieOf(signedIn)),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ user: signedIn.json().user })
  })

  it('without a cookie, or with a forged or expired one, the visitor is signed out (200, no user)', async () => {
    const token = sessionCookieOf(await signIn())
    await shared.database.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [createHash('sha256').update(token).digest()],
    )
    for (const headers of [{}, withCookie('forged-token-value'), withCookie(token)]) {
      const response = await shared.app.inject({ method: 'GET', url: '/api/session', headers })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ user: null })
    }
  })

  it('signing out deletes the session row and clears the cookie', async () => {
    const token = sessionCookieOf(await signIn())
    const response = await shared.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { ...jsonFromSite, ...withCookie(token) },
      payload: {},
    })
    expect(response.statusCode).toBe(204)
    const cleared = response.cookies.find(({ name }) => name === 'fernwood_session')
    expect(cleared?.value).toBe('')
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now())

    const rows = await shared.database.query('SELECT 1 FROM sessions WHERE token_hash = $1', [
      createHash('sha256').update(token).digest(),
    ])
    expect(rows).toHaveLength(0)
    const after = await shared.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: withCookie(token),
    })
    expect(after.json()).toEqual({ user: null })
  })

  it('signing out needs no body: the Origin check guards it', async () => {
    const token = sessionCookieOf(await signIn())
    const foreign = await shared.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { origin: 'https://evil.example', ...withCookie(token) },
    })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().error.code).toBe('CROSS_ORIGIN_REFUSED')

    const response = await shared.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { origin: TEST_ORIGIN, ...withCookie(token) },
    })
    expect(response.statusCode).toBe(204)
    const after = await shared.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: withCookie(token),
    })
    expect(after.json()).toEqual({ user: null })
  })

  it('a sign-out that does carry a body must still send it as JSON (415)', async () => {
    const response = await shared.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { origin: TEST_ORIGIN, 'content-type': 'text/plain' },
      payload: 'x',
    })
    expect(response.statusCode).toBe(415)
  })

  it('signing in again replaces the previous session', async () => {
    const first = sessionCookieOf(await signIn())
    const second = await shared.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { ...jsonFromSite, ...withCookie(first) },
      payload: {},
    })
    expect(second.statusCode).toBe(201)
    const old = await shared.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: withCookie(first),
    })
    expect(old.json()).toEqual({ user: null })
  })
})

describe('sign out everywhere', () => {
  const signOutEverywhere = (cookie: string) =>
    shared.app.inject({
      method: 'POST',
      url: '/api/session/sign-out-everywhere',
      headers: { ...jsonFromSite, cookie },
      payload: {},
    })
  const userOf = async (cookie: string) =>
    (await shared.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json()
      .user

  it('ends every session of every user bound to the wallet, and their live streams, but no one else’s', async () => {
    const phone = await connectWithProof(shared.app, 'alice.wam')
    const laptop = await connectWithProof(shared.app, 'alice.wam')
    const here = await connectWithProof(shared.app, 'alice.wam')
    // Bound without a proof (as ALLOW_UNVERIFIED_WALLETS allows): a claim on the account ends too.
    const claimant = await signInVisitor(shared.app, shared.database, 'alice.wam')
    const bob = await connectWithProof(shared.app, 'bob.wam')
    const laptopStream = await openEventStream(`${shared.baseUrl}/api/live`, laptop.cookie)
    await laptopStream.next((event) => event.event === 'snapshot')

    const response = await signOutEverywhere(here.cookie)
    expect(response.statusCode).toBe(204)
    expect(response.cookies).toEqual([
      expect.objectContaining({ name: 'fernwood_session', value: '' }),
    ])
    await laptopStream.ended
    for (const visitor of [phone, laptop, here, claimant])
      expect(await userOf(visitor.cookie)).toBeNull()
    expect(await userOf(bob.cookie)).toEqual({ id: bob.userId, waxAccount: 'bob.wam' })

    const audited = await shared.database.query(
      'SELECT action, subject, details FROM audit_log WHERE actor = $1',
      [`user:${here.userId}`],
    )
    expect(audited).toContainEqual({
      action: 'session.signed-out-everywhere',
      subject: 'alice.wam',
      details: { sessions: 4, users: 4 },
    })
  })

  it('is refused to a visitor whose wallet is unproven or not connected, and ends nothing', async () => {
    const proven = await connectWithProof(shared.app, 'carol.wam')
    const claimant = await signInVisitor(shared.app, shared.database, 'carol.wam')
    const walletless = await signInVisitor(shared.app, shared.database)
    for (const visitor of [claimant, walletless]) {
      const response = await signOutEverywhere(visitor.cookie)
      expect(response.statusCode).toBe(403)
      expect(response.json().error.code).toBe('SIGN_OUT_EVERYWHERE_UNPROVEN')
      expect(await userOf(visitor.cookie)).not.toBeNull()
    }
    expect(await userOf(proven.cookie)).toEqual({ id: proven.userId, waxAccount: 'carol.wam' })
  })

  it('is refused to a wallet bound before its permission was recorded', async () => {
    const visitor = await connectWithProof(shared.app, 'carol.wam')
    await shared.database.query('UPDATE users SET wax_permission = NULL WHERE id = $1', [
      visitor.userId,
    ])
    const response = await signOutEverywhere(visitor.cookie)
    expect(response.json().error.code).toBe('SIGN_OUT_EVERYWHERE_UNPROVEN')
  })

  it('needs a session, and our Origin', async () => {
    const visitor = await connectWithProof(shared.app, 'carol.wam')
    const foreign = await shared.app.inject({
      method: 'POST',
      url: '/api/session/sign-out-everywhere',
      headers: { ...jsonFromSite, origin: 'https://evil.example', cookie: visitor.cookie },
      payload: {},
    })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().error.code).toBe('CROSS_ORIGIN_REFUSED')
    const signedOut = await signOutEverywhere('')
    expect(signedOut.statusCode).toBe(401)
    expect(await userOf(visitor.cookie)).not.toBeNull()
  })
})

describe('request hygiene', () => {
  it('a state-changing request without our Origin is refused (403)', async () => {
    for (const origin of [undefined, 'https://evil.example']) {
      const response = await shared.app.inject({
        method: 'POST',
        url: '/api/session',
        headers: { 'content-type': 'application/json', ...(origin && { origin }) },
        payload: {},
      })
      expect(response.statusCode).toBe(403)
      expect(response.json().error.code).toBe('CROSS_ORIGIN_REFUSED')
    }
  })

  it('spelling the path in percent-escapes does not get around the Origin check', async () => {
    const response = await shared.app.inject({
      method: 'POST',
      url: '/%61pi/session',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: {},
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().error.code).toBe('CROSS_ORIGIN_REFUSED')
  })

  it('a state-changing request that is not JSON is refused (415)', async () => {
    const response = await shared.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json().error.code).toBe('JSON_REQUIRED')
  })

  it('malformed JSON is refused with 400 and a message', async () => {
    const response = await shared.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: jsonFromSite,
      payload: '{"oops":',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
    })
  })

  it('a body over the limit is refused with 413 and nothing is written', async () => {
    const [{ count: before }] = await shared.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users',
    )
    const response = await shared.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: jsonFromSite,
      payload: JSON.stringify({ padding: 'x'.repeat(20_000) }),
    })
    expect(response.statusCode).toBe(413)
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE')
    const [{ count: after }] = await shared.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users',
    )
    expect(after).toBe(before)
  })

  it('an unknown route answers 404 in JSON', async () => {
    const response = await shared.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'There is no GET /api/nothing-here.' },
    })
  })

  it('sign-ins are rate limited per client address with a clear 429', async () => {
    const limitedApp = await buildTestApp(shared.database, {
      SIGN_INS_PER_MINUTE: '2',
      TRUST_PROXY: '1',
    })
    const statuses: number[] = []
    let last: Awaited<ReturnType<typeof limitedApp.inject>> | undefined
    for (let attempt = 0; attempt < 3; attempt++) {
      last = await limitedApp.inject({
        method: 'POST',
        url: '/api/session',
        headers: { ...jsonFromSite, 'x-forwarded-for': '192.0.2.1' },
        payload: {},
      })
      statuses.push(last.statusCode)
    }
    await limitedApp.close()
    expect(statuses).toEqual([201, 201, 429])
    expect(last?.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests\. Try again in \d+ (second|minute)s?\.$/),
    })
  })

  it('behind one proxy, a client’s own X-Forwarded-For entries do not move its limit', async () => {
    const behindProxy = await buildTestApp(shared.database, {
      SIGN_INS_PER_MINUTE: '2',
      TRUST_PROXY: '1',
    })
    const statuses: number[] = []
    for (let attempt = 0; attempt < 3; attempt++) {
      // The client wrote the first entry; the proxy appended the address it really saw.
      const response = await behindProxy.inject({
        method: 'POST',
        url: '/api/session',
        remoteAddress: '10.0.0.2',
        headers: { ...jsonFromSite, 'x-forwarded-for': `203.0.113.${attempt}, 198.51.100.7` },
        payload: {},
      })
      statuses.push(response.statusCode)
    }
    await behindProxy.close()
    expect(statuses).toEqual([201, 201, 429])
  })
})
