import type { KioskState } from '@fernwood/protocol/admin'
import { openEventStream } from '@fernwood/testkit'
import { describe, expect, it } from 'vitest'
import { Kiosk } from '../src/admin/kiosk.ts'
import { campaignOverview } from '../src/admin/operations.ts'
import { redeemCodes } from '../src/campaigns/catalogue.ts'
import { operatorApp } from './support/operator-app.ts'
import { eventually } from './support/rewards.ts'
import { jsonFromSite, TEST_ORIGIN } from './support/test-app.ts'
import { connectWithProof } from './support/wallet-proofs.ts'

const tools = operatorApp()

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

describe('the kiosk', () => {
  it('shows a one-use claim link, replaced as soon as it is claimed; the replaced one is spent', async () => {
    await campaign('lantern')
    const stream = await openEventStream(
      `${tools.baseUrl}/api/admin/campaigns/lantern/kiosk`,
      tools.operator,
    )
    expect(stream.status).toBe(200)
    const first = kioskState(await stream.next((event) => event.event === 'kiosk'))
    expect(first).toMatchObject({
      campaign: 'lantern',
      name: 'Lantern walk',
      state: 'open',
      claimed: 0,
      link: `${TEST_ORIGIN}/c/${first.code}`,
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
    const [{ count }] = await tools.testDatabase.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM audit_log
        WHERE actor = 'admin:alice.wam' AND action = 'campaign.kiosk_opened' AND subject = 'lantern'`,
    )
    expect(count).toBe(1)
  })

  it('replaces its code every KIOSK_CODE_SECONDS, retiring the one replaced and any a stopped kiosk left', async () => {
    await campaign('ember')
    await tools.testDatabase.database.query(
      `INSERT INTO codes (code, campaign_id, uses_left, kiosk_until)
       SELECT 'ember-left-over', id, 1, now() - interval '1 hour' FROM campaigns WHERE slug = 'ember'`,
    )
    const shown: KioskState[] = []
    const kiosk = new Kiosk({
      database: tools.testDatabase.database,
      operator: 'admin',
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
    const stream = await openEventStream(
      `${tools.baseUrl}/api/admin/campaigns/moss/kiosk`,
      tools.operator,
    )
    expect(kioskState(await stream.next((event) => event.event === 'kiosk'))).toMatchObject({
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

  it('is refused for a shared campaign, an unknown one, and anyone but an operator', async () => {
    await campaign('brook', 'shared')
    const open = (slug: string, cookie?: string) =>
      tools.request('GET', `/api/admin/campaigns/${slug}/kiosk`, undefined, cookie)
    expect((await open('brook')).json().error.code).toBe('ADMIN_CAMPAIGN_SHARED')
    expect((await open('nowhere')).statusCode).toBe(404)
    const visitor = await connectWithProof(tools.app, 'bob.wam')
    const refused = await open('lantern', visitor.cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('ADMIN_NOT_OPERATOR')
  })
})
