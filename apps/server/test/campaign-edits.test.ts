import { describe, expect, it } from 'vitest'
import { UsageError } from '../src/admin/commands.ts'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { operatorApp, runAdmin } from './support/operator-app.ts'
import { connectWithProof } from './support/wallet-proofs.ts'

const tools = operatorApp()
const admin = (...argv: string[]) => runAdmin(tools.testDatabase.database, ...argv)
const edit = (slug: string, payload: object, cookie?: string) =>
  tools.request('POST', `/api/admin/campaigns/${slug}/edit`, payload, cookie)

/** A unique campaign with `claimed` claims counted, closed when `closed`. */
async function campaign(
  slug: string,
  fields: { claimed?: number; closed?: boolean; endsAt?: string } = {},
) {
  await tools.testDatabase.database.query(
    `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract, claimed_count,
                            closed_at, ends_at, starts_at)
     VALUES ($1, $1, 'unique', '1.0000 FERN', 'fern.token', $2, CASE WHEN $3 THEN now() END, $4,
             CASE WHEN $4::timestamptz IS NOT NULL THEN $4::timestamptz - interval '30 days' END)`,
    [slug, fields.claimed ?? 0, fields.closed ?? false, fields.endsAt ?? null],
  )
}

const audited = (slug: string) =>
  tools.testDatabase.database.query<{ actor: string; action: string; details: unknown }>(
    'SELECT actor, action, details FROM audit_log WHERE subject = $1 ORDER BY id',
    [slug],
  )

describe('editing a campaign', () => {
  it('the CLI changes its window and cap, each change audited with what it was', async () => {
    await campaign('lantern', { claimed: 3 })
    const lines = await admin(
      'campaigns',
      'edit',
      'lantern',
      '--starts-at',
      '2026-12-01T09:00:00Z',
      '--ends-at',
      '2026-12-24T18:00:00+01:00',
      '--cap',
      '50',
    )
    expect(lines).toEqual([
      'Campaign lantern: 2026-12-01T09:00:00.000Z .. 2026-12-24T17:00:00.000Z, cap 50, 3 claimed, scheduled.',
    ])
    await admin('campaigns', 'edit', 'lantern', '--cap', 'none', '--starts-at', 'none')
    expect(await audited('lantern')).toEqual([
      {
        actor: 'admin',
        action: 'campaign.edited',
        details: {
          before: { starts_at: null, ends_at: null, total_cap: null },
          after: {
            starts_at: '2026-12-01T09:00:00.000Z',
            ends_at: '2026-12-24T17:00:00.000Z',
            total_cap: 50,
          },
        },
      },
      {
        actor: 'admin',
        action: 'campaign.edited',
        details: {
          before: { starts_at: '2026-12-01T09:00:00.000Z', total_cap: 50 },
          after: { starts_at: null, total_cap: null },
        },
      },
    ])
  })

  it('refuses a window that ends before it starts and a cap below the claims made, naming the field', async () => {
    await campaign('moss', { claimed: 7 })
    const below = await edit('moss', { cap: 6 })
    expect(below.statusCode).toBe(400)
    expect(below.json().error).toEqual({
      code: 'ADMIN_CAP_BELOW_CLAIMED',
      message: 'The cap cannot be below the 7 rewards claimed already.',
      field: 'cap',
    })
    expect((await edit('moss', { cap: 7 })).statusCode).toBe(200)
    await admin('campaigns', 'edit', 'moss', '--ends-at', '2027-01-10T00:00:00Z')
    const window = await edit('moss', { startsAt: '2027-01-10T00:00:00Z' })
    expect(window.json().error).toMatchObject({ code: 'ADMIN_WINDOW_INVALID', field: 'endsAt' })
    const time = await edit('moss', { endsAt: 'next friday' })
    expect(time.json().error).toMatchObject({ code: 'ADMIN_TIME_INVALID', field: 'endsAt' })
    expect((await edit('moss', {})).json().error.code).toBe('ADMIN_EDIT_EMPTY')
    expect((await edit('moss', { cap: '8' })).statusCode).toBe(400)
    await expect(admin('campaigns', 'edit', 'moss', '--cap', '3')).rejects.toThrow(
      new UsageError('The cap cannot be below the 7 rewards claimed already.'),
    )
    await expect(admin('campaigns', 'edit', 'moss', '--cap', 'lots')).rejects.toThrow(UsageError)
    // Only the two accepted changes were made and audited.
    expect((await audited('moss')).map((row) => row.details)).toEqual([
      { before: { total_cap: null }, after: { total_cap: 7 } },
      { before: { ends_at: null }, after: { ends_at: '2027-01-10T00:00:00.000Z' } },
    ])
  })

  it('gives a closed, ended campaign a later end and reopens it in one change', async () => {
    await campaign('ember', { closed: true, endsAt: '2026-01-01T00:00:00Z' })
    const stays = await edit('ember', { reopen: true })
    expect(stays.json().error.code).toBe('ADMIN_CAMPAIGN_WINDOW_OVER')
    const reopened = await edit('ember', { endsAt: '2099-01-01T00:00:00Z', reopen: true })
    expect(reopened.statusCode).toBe(200)
    expect(reopened.json().campaign).toMatchObject({
      slug: 'ember',
      endsAt: '2099-01-01T00:00:00.000Z',
      state: 'open',
    })
    expect((await audited('ember')).map(({ actor, action }) => `${actor} ${action}`)).toEqual([
      'admin:alice.wam campaign.edited',
      'admin:alice.wam campaign.reopened',
    ])
    expect((await edit('ember', { reopen: true })).json().error.code).toBe(
      'ADMIN_CAMPAIGN_NOT_CLOSED',
    )
  })

  it('leaves the welcome campaign alone, and refuses anyone but an operator', async () => {
    await seedCatalogueFor(readEnvironment({}), tools.testDatabase.database)
    expect((await edit('welcome', { cap: 5 })).json().error.code).toBe(
      'ADMIN_CAMPAIGN_WELCOME_EDIT',
    )
    const visitor = await connectWithProof(tools.app, 'bob.wam')
    await campaign('fern')
    const refused = await edit('fern', { cap: 5 }, visitor.cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('ADMIN_NOT_OPERATOR')
    expect(await audited('fern')).toEqual([])
    expect((await edit('nowhere', { cap: 5 })).statusCode).toBe(404)
  })
})
