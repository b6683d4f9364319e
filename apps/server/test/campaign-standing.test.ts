import type { AdminCampaign, KioskState } from '@fernwood/protocol/admin'
import { beforeAll, describe, expect, it } from 'vitest'
import { Kiosk } from '../src/admin/kiosk.ts'
import { addCodes, findCampaign, redeemCodes } from '../src/campaigns/catalogue.ts'
import { readClaimPreview } from '../src/campaigns/claim-preview.ts'
import { listCampaignOverview } from '../src/campaigns/overview.ts'
import { operatorApp, runAdmin } from './support/operator-app.ts'
import { eventually } from './support/rewards.ts'
import { TEST_ORIGIN } from './support/test-app.ts'
import { testDriver } from './support/test-database.ts'

const tools = operatorApp()

/** A campaign in each phase, and in the phases that meet, with the state it must read. */
const campaigns = [
  { slug: 'standing-scheduled', state: 'scheduled', set: `starts_at = now() + interval '1 day'` },
  { slug: 'standing-open', state: 'open', set: `total_cap = 3, claimed_count = 2` },
  // No cap nor budget: nothing to spend, however many claim it (below).
  { slug: 'standing-unlimited', state: 'open', set: `ends_at = now() + interval '1 day'` },
  { slug: 'standing-ended', state: 'ended', set: `ends_at = now() - interval '1 minute'` },
  { slug: 'standing-closed', state: 'closed', set: 'closed_at = now()' },
  // An operator's close holds whatever the window says.
  {
    slug: 'standing-closed-early',
    state: 'closed',
    set: `closed_at = now(), starts_at = now() + interval '1 day'`,
  },
  { slug: 'standing-cap-reached', state: 'spent', set: 'total_cap = 2, claimed_count = 2' },
  // Spent by claims, as a worker takes them (below).
  { slug: 'standing-budget-spent', state: 'spent', set: 'budget_rewards = 2' },
  // The past end counts before what was spent.
  {
    slug: 'standing-spent-then-ended',
    state: 'ended',
    set: `total_cap = 1, claimed_count = 1, ends_at = now() - interval '1 minute'`,
  },
] as const

beforeAll(async () => {
  const { database } = tools.testDatabase
  for (const { slug, set } of campaigns) {
    await database.query(
      `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract)
       VALUES ($1, $1, 'unique', '1.0000 FERN', 'fern.token')`,
      [slug],
    )
    await database.query(`UPDATE campaigns SET ${set} WHERE slug = $1`, [slug])
    const campaign = await findCampaign(database, slug)
    if (!campaign) throw new Error(`no campaign ${slug}`)
    await addCodes(database, campaign, [`${slug}-a`, `${slug}-b`, `${slug}-c`])
  }
  await database.transaction(async (tx) => {
    const verdicts = await redeemCodes(tx, [
      'standing-budget-spent-a',
      'standing-budget-spent-b',
      'standing-unlimited-a',
      'standing-unlimited-b',
    ])
    expect(verdicts.every((verdict) => 'campaignId' in verdict)).toBe(true)
  })
})

/** Each of the test's campaigns, slug to the state `campaigns list` prints. */
async function statesListed(): Promise<Record<string, string>> {
  const [heading, ...lines] = await runAdmin(tools.testDatabase.database, 'campaigns', 'list')
  const state = heading.split('\t').indexOf('state')
  const rows = lines.map((line) => line.split('\t'))
  return Object.fromEntries(
    rows.filter(([slug]) => slug.startsWith('standing-')).map((row) => [row[0], row[state]]),
  )
}

/** Each of the test's campaigns, slug to its state in the console's overview. */
async function statesInTheConsole(): Promise<Record<string, string>> {
  const response = await tools.request('GET', '/api/admin/campaigns')
  expect(response.statusCode).toBe(200)
  const overview = response.json().campaigns as AdminCampaign[]
  return Object.fromEntries(
    overview
      .filter(({ slug }) => slug.startsWith('standing-'))
      .map((campaign) => [campaign.slug, campaign.state]),
  )
}

describe(`a campaign's standing (${testDriver})`, () => {
  it('`campaigns list` and the console read the same state for each campaign, a spent one included', async () => {
    const expected = Object.fromEntries(campaigns.map(({ slug, state }) => [slug, state]))
    expect(await statesListed()).toEqual(expected)
    expect(await statesInTheConsole()).toEqual(expected)
  })

  it('a claim link refuses each phase in the visitor’s words: a spent campaign as fully claimed', async () => {
    const previewed: Record<string, string | undefined> = {}
    for (const { slug } of campaigns) {
      previewed[slug] = (await readClaimPreview(tools.testDatabase.database, `${slug}-c`))?.state
    }
    expect(previewed).toEqual({
      'standing-scheduled': 'not_started',
      'standing-open': 'open',
      'standing-unlimited': 'open',
      'standing-ended': 'ended',
      'standing-closed': 'ended',
      'standing-closed-early': 'ended',
      'standing-cap-reached': 'fully_claimed',
      'standing-budget-spent': 'fully_claimed',
      'standing-spent-then-ended': 'ended',
    })
  })

  it('a kiosk stops handing out codes once its campaign is spent, and opened spent shows none', async () => {
    const { database } = tools.testDatabase
    await database.query(
      `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract, budget_rewards)
       VALUES ('kiosk-glow', 'Glow walk', 'unique', '1.0000 FERN', 'fern.token', 1)`,
    )
    const codesMade = async () =>
      (
        await database.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM codes k JOIN campaigns c ON c.id = k.campaign_id
            WHERE c.slug = 'kiosk-glow'`,
        )
      )[0].count
    const openKiosk = async () => {
      const shown: KioskState[] = []
      const kiosk = new Kiosk({
        database,
        actor: 'kiosk:glow',
        slug: 'kiosk-glow',
        origin: TEST_ORIGIN,
        codeSeconds: 60,
        send: (state) => shown.push(state),
        onError: (error) => {
          throw error
        },
      })
      await kiosk.start()
      return { kiosk, shown }
    }

    const { kiosk, shown } = await openKiosk()
    const [first] = shown
    expect(first).toMatchObject({ state: 'open', claimed: 0 })
    await database.transaction(async (tx) => {
      const [verdict] = await redeemCodes(tx, [first.code ?? ''])
      expect(verdict).toHaveProperty('campaignId')
    })
    // As the kiosks' feed hands each kiosk the overview after a claim.
    kiosk.update(await listCampaignOverview(database))
    const after = await eventually(
      async () => shown.at(-1),
      (state) => state?.claimed === 1,
    )
    expect(after).toMatchObject({ state: 'spent', link: null, code: null })
    await kiosk.stop()

    const again = await openKiosk()
    expect(again.shown).toEqual([expect.objectContaining({ state: 'spent', code: null })])
    await again.kiosk.stop()
    expect(await codesMade()).toBe(1)
  })
})
