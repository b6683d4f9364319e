import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { UsageError } from '../src/admin/cli-errors.ts'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { operatorApp, runAdmin } from './support/operator-app.ts'
import { REFUSED_RULES } from './support/refused-rules.ts'
import { randomAccount, signInVisitor, submitCode } from './support/rewards.ts'
import { testDriver } from './support/test-database.ts'
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

describe(`editing a campaign (${testDriver})`, () => {
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

/** A shared campaign created as `campaigns create` does; its code is its slug. */
const sharedCampaign = (slug: string) =>
  admin(
    'campaigns',
    'create',
    '--slug',
    slug,
    '--name',
    slug,
    '--kind',
    'shared',
    '--reward',
    '1.0000 FERN',
    '--code',
    slug,
  )

const rulesShown = async (code: string) =>
  (await tools.request('GET', `/api/claims/${code}`)).json().rules

describe(`editing a campaign's rules (${testDriver})`, () => {
  let refusals = 0

  it('the CLI sets each rule and clears it with none, each change audited with what it was', async () => {
    await sharedCampaign('glade')
    const folder = await mkdtemp(path.join(tmpdir(), 'fernwood-edit-'))
    const allowlist = path.join(folder, 'guests.txt')
    await writeFile(allowlist, 'alice.wam\ncarol.wam\n')
    try {
      await admin(
        'campaigns',
        'edit',
        'glade',
        '--allowlist',
        allowlist,
        '--min-balance',
        '10.0000 FERN@fern.token',
        '--holds-nft',
        'fernwoodnfts:1',
        '--min-account-age-days',
        '7',
        '--group',
        'glades',
        '--per-wallet',
        '2/week',
      )
    } finally {
      await rm(folder, { recursive: true })
    }
    const minBalance = {
      rule: 'min_balance',
      amount: '10.0000',
      token: 'FERN',
      contract: 'fern.token',
    }
    const holdsNft = { rule: 'holds_nft', collection: 'fernwoodnfts', template: 1 }
    const minAccountAge = { rule: 'min_account_age', days: 7 }
    const tree = { all: [{ rule: 'allowlist' }, minBalance, holdsNft, minAccountAge] }
    expect(await rulesShown('glade')).toEqual({
      eligibility: tree,
      walletLimit: { group: 'glades', claims: 2, period: 'week' },
    })
    await admin('campaigns', 'edit', 'glade', '--per-wallet', '1/day', '--holds-nft', 'none')
    const withoutNft = { all: [{ rule: 'allowlist' }, minBalance, minAccountAge] }
    expect(await rulesShown('glade')).toEqual({
      eligibility: withoutNft,
      walletLimit: { group: 'glades', claims: 1, period: 'day' },
    })
    await admin(
      'campaigns',
      'edit',
      'glade',
      '--allowlist',
      'none',
      '--min-balance',
      'none',
      '--min-account-age-days',
      'none',
      '--group',
      'none',
    )
    expect(await rulesShown('glade')).toBeUndefined()
    const edits = (await audited('glade')).filter((row) => row.action === 'campaign.edited')
    expect(edits.map((row) => row.details)).toEqual([
      {
        before: { rules: null, allowlistAccounts: null, group: null, perWallet: null },
        after: { rules: tree, allowlistAccounts: 2, group: 'glades', perWallet: '2/week' },
      },
      {
        before: { rules: tree, perWallet: '2/week' },
        after: { rules: withoutNft, perWallet: '1/day' },
      },
      {
        before: { rules: withoutNft, allowlistAccounts: 2, group: 'glades', perWallet: '1/day' },
        after: { rules: null, allowlistAccounts: null, group: null, perWallet: null },
      },
    ])
  })

  it.each([
    ...REFUSED_RULES,
    [{ group: 'unheard-of' }, 'ADMIN_GROUP_INVALID', 'group'],
    [{ perWallet: '1/day' }, 'ADMIN_PER_WALLET_INVALID', 'perWallet'],
    [{ perWallet: null }, 'ADMIN_PER_WALLET_INVALID', 'perWallet'],
    [{ group: null, perWallet: '1/day' }, 'ADMIN_PER_WALLET_INVALID', 'perWallet'],
  ])(
    'refuses the rule %j as %s, naming the field %s, and changes nothing',
    async (rule, code, field) => {
      refusals += 1
      const slug = `refused-${refusals}`
      await campaign(slug)
      const refused = await edit(slug, { cap: 10, ...rule })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error).toMatchObject({ code, field })
      const [row] = await tools.testDatabase.database.query<Record<string, unknown>>(
        'SELECT total_cap, rules, claim_group FROM campaigns WHERE slug = $1',
        [slug],
      )
      expect(row).toEqual({ total_cap: null, rules: null, claim_group: null })
      expect(await audited(slug)).toEqual([])
    },
  )

  it('the next claim meets the rules as edited', async () => {
    await sharedCampaign('hollow')
    const claim = async (account: string) => {
      const visitor = await signInVisitor(tools.app, tools.testDatabase.database, account)
      return (await submitCode(tools.app, visitor, { code: 'hollow' })).json().reward
    }
    const edited = await edit('hollow', {
      allowlist: 'account\nalice.wam\n',
      holdsNft: 'fernwoodnfts',
      group: 'hollows',
      perWallet: '3/hour',
    })
    // The console's edit dialog starts from the rules as written.
    expect(edited.json().campaign.rules).toEqual({
      tree: { all: [{ rule: 'allowlist' }, { rule: 'holds_nft', collection: 'fernwoodnfts' }] },
      allowlist: true,
      minBalance: null,
      holdsNft: 'fernwoodnfts',
      minAccountAgeDays: null,
      group: 'hollows',
      perWallet: '3/hour',
    })
    expect((await edit('hollow', { holdsNft: '' })).json().campaign.rules.holdsNft).toBeNull()
    expect(await claim('bob.wam')).toMatchObject({ status: 'rejected', rejection: 'not_eligible' })
    expect((await claim('alice.wam')).status).toBe('pending')
    expect((await edit('hollow', { allowlist: null })).statusCode).toBe(200)
    expect((await claim('carol.wam')).status).toBe('pending')
  })

  it('the console replaces an allowlist with one of 50,000 accounts, past the default body limit', async () => {
    await sharedCampaign('meadow')
    expect((await edit('meadow', { allowlist: 'alice.wam\n' })).statusCode).toBe(200)
    const accounts = Array.from({ length: 50_000 }, () => randomAccount('m'))
    const replaced = await edit('meadow', { allowlist: `account\n${accounts.join('\n')}\n` })
    expect(replaced.statusCode).toBe(200)
    expect(replaced.json().campaign.rules.allowlist).toBe(true)
    const listed = await tools.testDatabase.database.query<{ account: string }>(
      `SELECT a.account FROM campaign_allowlists a
         JOIN campaigns c ON c.id = a.campaign_id WHERE c.slug = 'meadow'`,
    )
    expect(listed).toHaveLength(50_000)
    expect(listed.some((row) => row.account === 'alice.wam')).toBe(false)
    const claim = async (account: string) => {
      const visitor = await signInVisitor(tools.app, tools.testDatabase.database, account)
      return (await submitCode(tools.app, visitor, { code: 'meadow' })).json().reward
    }
    expect((await claim(accounts[49_999])).status).toBe('pending')
    expect(await claim('alice.wam')).toMatchObject({
      status: 'rejected',
      rejection: 'not_eligible',
    })
  })
})
