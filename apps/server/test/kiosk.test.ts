import { createHash, randomUUID } from 'node:crypto'
import type { IssuedKioskCredentialResponse, KioskState } from '@fernwood/protocol/admin'
import { openEventStream } from '@fernwood/testkit'
import { afterAll, describe, expect, it } from 'vitest'
import { Kiosk } from '../src/admin/kiosk.ts'
import type { App } from '../src/app.ts'
import { redeemCodes } from '../src/campaigns/catalogue.ts'
import { campaignOverview } from '../src/campaigns/overview.ts'
import { operatorApp, runAdmin } from './support/operator-app.ts'
import { eventually } from './support/rewards.ts'
import { buildTestApp, jsonFromSite, TEST_ORIGIN } from './support/test-app.ts'
import { connectWithProof } from './support/wallet-proofs.ts'

const tools = operatorApp()
const otherServers: App[] = []
afterAll(async () => {
  for (const other of otherServers) await other.close()
})

async function campaign(slug: string, kind = 'unique', closed = false) {
  await tools.testDatabase.database.query(
    `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract, closed_at)
     VALUES ($1, 'Lantern walk', $2, '1.0000 FERN', 'fern.token', CASE WHEN $3 THEN now() END)`,
    [slug, kind, closed],
  )
}

const usesLeft = async (code: string) =>
  (
    await tools.testDatabase.database.query<{ uses_left: number }>(
      'SELECT uses_left FROM codes WHERE code = $1',
      [code],
    )
  )[0]?.uses_left

/** A visitor's claim of `code` as a worker takes it up: its use and a share of the cap taken. */
async function claim(code: string, account: string) {
  await tools.testDatabase.database.transaction(async (tx) => {
    const [verdict] = await redeemCodes(tx, [code])
    expect(verdict).toHaveProperty('campaignId')
    await tx.query(
      `INSERT INTO rewards (code, wax_account, status, campaign_id) VALUES ($1, $2, 'processing', $3)`,
      [code, account, (verdict as { campaignId: number }).campaignId],
    )
  })
}

const kioskState = (event: { data: unknown }) => event.data as KioskState
const isKiosk = (event: { event: string }) => event.event === 'kiosk'

/** Issues a kiosk credential for `slug` as the console does, as alice.wam. */
async function issue(slug: string, payload: object = {}): Promise<IssuedKioskCredentialResponse> {
  const issued = await tools.request(
    'POST',
    `/api/admin/campaigns/${slug}/kiosk-credentials`,
    payload,
  )
  expect(issued.statusCode, issued.body).toBe(201)
  return issued.json()
}

const secretOf = (link: string) => new URL(link).hash.slice(1)

/** What the kiosk page does with its link: presents the secret, keeps the cookie it is given. */
async function presentLink(link: string, app: App = tools.app) {
  return app.inject({
    method: 'POST',
    url: '/api/kiosk/session',
    headers: jsonFromSite,
    payload: { credential: secretOf(link) },
  })
}

/** The tablet's Cookie header once its link was presented: the kiosk's cookie, nothing else. */
async function tabletCookie(link: string, app: App = tools.app): Promise<string> {
  const presented = await presentLink(link, app)
  expect(presented.statusCode, presented.body).toBe(200)
  const cookie = presented.cookies.find(({ name }) => name === 'fernwood_kiosk')
  if (!cookie) throw new Error('no kiosk cookie was set')
  return `fernwood_kiosk=${cookie.value}`
}

const revoke = (id: string, app: App = tools.app) =>
  app.inject({
    method: 'DELETE',
    url: `/api/admin/kiosk-credentials/${id}`,
    headers: { origin: TEST_ORIGIN, cookie: tools.operator },
  })

async function kioskAudit(subject: string) {
  return tools.testDatabase.database.query<{ actor: string; action: string; details: object }>(
    `SELECT actor, action, details FROM audit_log
      WHERE subject = $1 AND (action LIKE 'kiosk.%' OR action = 'campaign.kiosk_opened')
      ORDER BY id`,
    [subject],
  )
}

/** Another server on the same database, as a second instance behind the load balancer. */
async function anotherServer(): Promise<{ app: App; url: string }> {
  const other = await buildTestApp(
    tools.testDatabase.database,
    { ADMIN_ACCOUNTS: 'alice.wam' },
    tools.chain,
  )
  otherServers.push(other)
  return { app: other, url: await other.listen({ port: 0, host: '127.0.0.1' }) }
}

describe('a kiosk credential', () => {
  it('is issued by an operator for one unique campaign: its secret is shown once, in the link’s fragment, and kept only as a SHA-256', async () => {
    await campaign('willow')
    const before = Date.now()
    const { credential, link } = await issue('willow')
    expect(link).toMatch(new RegExp(`^${TEST_ORIGIN}/kiosk#[A-Za-z0-9_-]{43}$`))
    expect(credential).toMatchObject({
      campaign: 'willow',
      operator: 'alice.wam',
      lastUsedAt: null,
    })
    const hours = (Date.parse(credential.expiresAt) - before) / 3_600_000
    expect(hours).toBeGreaterThan(23.99)
    expect(hours).toBeLessThan(24.01)

    const [stored] = await tools.testDatabase.database.query<Record<string, unknown>>(
      'SELECT * FROM kiosk_credentials WHERE id = $1',
      [credential.id],
    )
    expect(Buffer.from(stored.secret_hash as Uint8Array)).toEqual(
      createHash('sha256').update(secretOf(link)).digest(),
    )
    expect(JSON.stringify(stored)).not.toContain(secretOf(link))

    const listed = await tools.request('GET', '/api/admin/kiosk-credentials')
    expect(listed.json().credentials).toContainEqual(credential)
    expect(listed.body).not.toContain(secretOf(link))
    const longer = await issue('willow', { hours: 72 })
    expect(Date.parse(longer.credential.expiresAt) - before).toBeGreaterThan(71.99 * 3_600_000)

    expect(await kioskAudit('willow')).toEqual([
      {
        actor: 'admin:alice.wam',
        action: 'kiosk.credential_issued',
        details: { credential: credential.id, expiresAt: credential.expiresAt },
      },
      expect.objectContaining({ action: 'kiosk.credential_issued' }),
    ])
  })

  it('is refused for a shared or unknown campaign, beyond 1 to 720 hours, and to anyone but an operator', async () => {
    await campaign('brook', 'shared')
    await campaign('birch')
    const issuing = (slug: string, payload: object, cookie?: string) =>
      tools.request('POST', `/api/admin/campaigns/${slug}/kiosk-credentials`, payload, cookie)
    expect((await issuing('brook', {})).json().error.code).toBe('ADMIN_CAMPAIGN_SHARED')
    expect((await issuing('nowhere', {})).statusCode).toBe(404)
    for (const hours of [0, 721, 1.5]) {
      const refused = await issuing('birch', { hours })
      expect(refused.statusCode, String(hours)).toBe(400)
      expect(refused.json().error).toMatchObject({
        code: hours === 1.5 ? 'INVALID_REQUEST' : 'ADMIN_KIOSK_HOURS_INVALID',
      })
    }
    const visitor = await connectWithProof(tools.app, 'bob.wam')
    const refused = await issuing('birch', {}, visitor.cookie)
    expect(refused.json().error.code).toBe('ADMIN_NOT_OPERATOR')
    const [{ count }] = await tools.testDatabase.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM kiosk_credentials k JOIN campaigns c ON c.id = k.campaign_id
        WHERE c.slug IN ('brook', 'birch')`,
    )
    expect(count).toBe(0)
  })

  it('runs the kiosk with no session: a one-use claim link, replaced as soon as it is claimed; the replaced one is spent', async () => {
    await campaign('lantern')
    const { credential, link } = await issue('lantern')
    const tablet = await tabletCookie(link)
    const stream = await openEventStream(`${tools.baseUrl}/api/kiosk/live`, tablet)
    expect(stream.status).toBe(200)
    const first = kioskState(await stream.next(isKiosk))
    expect(first).toMatchObject({
      campaign: 'lantern',
      name: 'Lantern walk',
      state: 'open',
      claimed: 0,
      link: `${TEST_ORIGIN}/c/${first.code}`,
      // What a claim pays, for the public to see beside the code.
      reward: '1.0000 FERN',
      nft: null,
    })
    expect(first.code).toMatch(/^lantern-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    expect(await usesLeft(first.code ?? '')).toBe(1)

    await claim(first.code ?? '', 'bob.wam')
    const second = kioskState(await stream.next((event) => kioskState(event).code !== first.code))
    expect(second).toMatchObject({ claimed: 1, state: 'open' })
    expect(await usesLeft(second.code ?? '')).toBe(1)
    // The first link, opened again, pays nothing: a photograph of it was worth one claim.
    const preview = await tools.app.inject({
      method: 'GET',
      url: `/api/claims/${first.code}`,
      headers: jsonFromSite,
    })
    expect(preview.statusCode).toBe(404)

    // Once the screen is gone, nobody claims the code it showed.
    stream.close()
    await eventually(
      () => usesLeft(second.code ?? ''),
      (left) => left === 0,
    )
    expect((await kioskAudit('lantern')).map(({ actor, action }) => ({ actor, action }))).toEqual([
      { actor: 'admin:alice.wam', action: 'kiosk.credential_issued' },
      { actor: `kiosk:${credential.id}`, action: 'campaign.kiosk_opened' },
    ])
    const listed = await tools.request('GET', '/api/admin/kiosk-credentials')
    expect(
      listed.json().credentials.find(({ id }: { id: string }) => id === credential.id).lastUsedAt,
    ).toEqual(expect.any(String))
  })

  it('keeps its secret in an HttpOnly, SameSite=Strict cookie that ends with it', async () => {
    await campaign('rowan')
    const { credential, link } = await issue('rowan', { hours: 2 })
    const presented = await presentLink(link)
    expect(presented.json()).toEqual({ campaign: 'rowan', expiresAt: credential.expiresAt })
    const cookie = presented.cookies.find(({ name }) => name === 'fernwood_kiosk')
    expect(cookie).toMatchObject({
      value: secretOf(link),
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
    })
    // A cookie's expiry is told in whole seconds.
    expect(Math.abs(Number(cookie?.expires) - Date.parse(credential.expiresAt))).toBeLessThan(1_000)
    for (const credentialSent of ['', 'x'.repeat(43), `${secretOf(link)}x`]) {
      const refused = await presentLink(`${TEST_ORIGIN}/kiosk#${credentialSent}`)
      expect(refused.statusCode).toBe(401)
      expect(refused.json().error.code).toBe('KIOSK_CREDENTIAL_INVALID')
      expect(refused.cookies).toEqual([])
    }
  })

  it('opens nothing else: every /api/admin route and the visitors’ routes refuse it, and no session opens the kiosk', async () => {
    await campaign('alder')
    const { link } = await issue('alder')
    const tablet = await tabletCookie(link)
    const document = (await tools.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    const adminOperations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'DELETE',
          url: path
            .replace('{slug}', 'alder')
            .replace(/\{(id|rewardId)\}/, randomUUID())
            .replace('/nft-template', '/nft-template?nft=fernwoodnfts:1'),
        })),
      )
    expect(adminOperations.length).toBeGreaterThan(15)
    const visitorOperations = [
      { method: 'GET' as const, url: '/api/rewards' },
      { method: 'GET' as const, url: '/api/live' },
      { method: 'POST' as const, url: '/api/session/sign-out-everywhere' },
    ]
    // Its secret is no session token either.
    const asSession = `fernwood_session=${secretOf(link)}`
    for (const cookie of [tablet, asSession]) {
      for (const { method, url } of [...adminOperations, ...visitorOperations]) {
        const response = await tools.app.inject({
          method,
          url,
          headers: { ...(method === 'DELETE' ? { origin: TEST_ORIGIN } : jsonFromSite), cookie },
          ...(method === 'POST' && { payload: {} }),
        })
        expect(response.statusCode, `${method} ${url} with ${cookie}`).toBe(401)
        expect(response.json().error.code, `${method} ${url}`).toBe('NOT_SIGNED_IN')
      }
    }
    // And the operator's own session opens no kiosk.
    for (const cookie of [tools.operator, asSession]) {
      const refused = await tools.app.inject({ url: '/api/kiosk/live', headers: { cookie } })
      expect(refused.statusCode).toBe(401)
      expect(refused.json().error.code).toBe('KIOSK_CREDENTIAL_INVALID')
    }
  })

  it('revoked on one server, is refused by another at once, and the kiosk it shows there ends and retires its code', async () => {
    await campaign('hazel')
    const { credential, link } = await issue('hazel')
    const other = await anotherServer()
    const tablet = await tabletCookie(link, other.app)
    const stream = await openEventStream(`${other.url}/api/kiosk/live`, tablet)
    const shown = kioskState(await stream.next(isKiosk))

    const revoked = await revoke(credential.id)
    expect(revoked.statusCode, revoked.body).toBe(204)
    // The revoke's change reaches the other server's kiosks: well before their next refresh (5 s).
    const startedWaiting = Date.now()
    await stream.ended
    expect(Date.now() - startedWaiting).toBeLessThan(4_000)
    for (const app of [other.app, tools.app]) {
      const again = await app.inject({ url: '/api/kiosk/live', headers: { cookie: tablet } })
      expect(again.statusCode).toBe(401)
      expect(again.json().error.code).toBe('KIOSK_CREDENTIAL_INVALID')
      expect((await presentLink(link, app)).statusCode).toBe(401)
    }
    await eventually(
      () => usesLeft(shown.code ?? ''),
      (left) => left === 0,
    )

    // Revoked is revoked: not again, and not listed.
    expect((await revoke(credential.id)).json().error.code).toBe('ADMIN_KIOSK_CREDENTIAL_NOT_FOUND')
    const listed = await tools.request('GET', '/api/admin/kiosk-credentials')
    expect(listed.json().credentials.map(({ id }: { id: string }) => id)).not.toContain(
      credential.id,
    )
    expect((await kioskAudit('hazel')).map(({ actor, action }) => ({ actor, action }))).toEqual([
      { actor: 'admin:alice.wam', action: 'kiosk.credential_issued' },
      { actor: `kiosk:${credential.id}`, action: 'campaign.kiosk_opened' },
      { actor: 'admin:alice.wam', action: 'kiosk.credential_revoked' },
    ])
  })

  it('expired, is refused, and the kiosk it shows ends at its expiry', async () => {
    await campaign('aspen')
    const { credential, link } = await issue('aspen')
    await tools.testDatabase.database.query(
      `UPDATE kiosk_credentials SET expires_at = now() + interval '2 seconds' WHERE id = $1`,
      [credential.id],
    )
    const tablet = await tabletCookie(link)
    const stream = await openEventStream(`${tools.baseUrl}/api/kiosk/live`, tablet)
    await stream.next(isKiosk)
    await stream.ended
    const again = await tools.app.inject({ url: '/api/kiosk/live', headers: { cookie: tablet } })
    expect(again.json().error.code).toBe('KIOSK_CREDENTIAL_INVALID')
    expect((await presentLink(link)).statusCode).toBe(401)
    expect((await revoke(credential.id)).statusCode).toBe(404)
  })

  it('is issued, listed and revoked by the CLI too', async () => {
    await campaign('linden')
    const issued = await runAdmin(
      tools.testDatabase.database,
      'kiosk',
      'issue',
      '--campaign',
      'linden',
      '--hours',
      '8',
    )
    const [, id] = /^Issued kiosk credential (\S+) for linden, until \S+\.$/.exec(issued[0]) ?? []
    expect(id).toBeDefined()
    const link = issued.find((line) => line.includes('/kiosk#'))?.trim() ?? ''
    expect(link).toMatch(/^http:\/\/\S+\/kiosk#[A-Za-z0-9_-]{43}$/)
    expect((await presentLink(link)).statusCode).toBe(200)

    const listed = await runAdmin(tools.testDatabase.database, 'kiosk', 'list')
    expect(listed.find((line) => line.startsWith(id))).toContain('\tlinden\tby the CLI\t')
    expect(listed.join('\n')).not.toContain(secretOf(link))

    expect(await runAdmin(tools.testDatabase.database, 'kiosk', 'revoke', id)).toEqual([
      `Revoked kiosk credential ${id}: every server refuses it, and its kiosk shows no code.`,
    ])
    expect((await presentLink(link)).statusCode).toBe(401)
    await expect(runAdmin(tools.testDatabase.database, 'kiosk', 'revoke', id)).rejects.toThrow(
      `No kiosk credential ${id} is in force`,
    )
    await expect(
      runAdmin(tools.testDatabase.database, 'kiosk', 'issue', '--campaign', 'brook'),
    ).rejects.toThrow('brook is a shared campaign')
    const audit = await kioskAudit('linden')
    expect(audit.map(({ actor, action }) => ({ actor, action }))).toEqual([
      { actor: 'admin', action: 'kiosk.credential_issued' },
      { actor: 'admin', action: 'kiosk.credential_revoked' },
    ])
  })
})

describe('the kiosk', () => {
  it('replaces its code every KIOSK_CODE_SECONDS, retiring the one replaced and any a stopped kiosk left', async () => {
    await campaign('ember')
    await tools.testDatabase.database.query(
      `INSERT INTO codes (code, campaign_id, uses_left, kiosk_until)
       SELECT 'ember-left-over', id, 1, now() - interval '1 hour' FROM campaigns WHERE slug = 'ember'`,
    )
    const shown: KioskState[] = []
    const kiosk = new Kiosk({
      database: tools.testDatabase.database,
      actor: 'kiosk:ember',
      slug: 'ember',
      origin: TEST_ORIGIN,
      codeSeconds: 1,
      send: (state) => shown.push(state),
      onError: (error) => {
        throw error
      },
    })
    await kiosk.start()
    expect(await usesLeft('ember-left-over')).toBe(0)
    const codes = await eventually(
      async () => new Set(shown.map((state) => state.code)),
      (seen) => seen.size >= 2,
    )
    await kiosk.stop()
    const [first, second] = [...codes] as string[]
    expect(await usesLeft(first)).toBe(0)
    expect(await usesLeft(second)).toBe(0)
    expect(shown[0].replacedBy).toEqual(expect.stringMatching(/Z$/))
  })

  it('shows no code while its campaign is not open, and follows it when it reopens', async () => {
    await campaign('moss', 'unique', true)
    const { link } = await issue('moss')
    const stream = await openEventStream(
      `${tools.baseUrl}/api/kiosk/live`,
      await tabletCookie(link),
    )
    expect(kioskState(await stream.next(isKiosk))).toMatchObject({
      state: 'closed',
      link: null,
      code: null,
    })
    const reopened = await tools.request('POST', '/api/admin/campaigns/moss/reopen', {})
    expect(reopened.statusCode).toBe(200)
    const open = kioskState(await stream.next((event) => kioskState(event).link !== null))
    expect(open.state).toBe('open')
    stream.close()
    expect((await campaignOverview(tools.testDatabase.database, 'moss')).codes).toBe(1)
  })
})
