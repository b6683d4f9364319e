import type { AdminCampaign, AdminOverview } from '@fernwood/protocol/admin'
import { describe, expect, it } from 'vitest'
import { withCampaign } from './overview'

const campaignOf = (detail: Partial<AdminCampaign>) => detail as AdminCampaign

const overviewOf = (campaigns: AdminCampaign[]) =>
  ({ campaigns, payouts: {}, generations: [], kioskCredentials: [] }) as unknown as AdminOverview

describe("the console's own change of a campaign, shown before the next overview", () => {
  it('replaces that campaign alone, in its place', () => {
    const oak = campaignOf({ slug: 'old-oak', cap: 5 })
    const fern = campaignOf({ slug: 'fern-hollow', cap: null, state: 'open' })
    const edited = campaignOf({ slug: 'fern-hollow', cap: 10, state: 'closed' })
    const shown = withCampaign(overviewOf([oak, fern]), edited)
    expect(shown.campaigns).toEqual([oak, edited])
    expect(shown.campaigns[0]).toBe(oak)
  })

  it("keeps the chain's figures of an NFT campaign, which the server's answer does not carry", () => {
    const relics = campaignOf({
      slug: 'relics',
      nftSource: 'pool',
      nftSupply: { issued: 12, max: 0 },
      nftPoolSize: 9,
      payoutDelay: 0,
    })
    const edited = campaignOf({ slug: 'relics', nftSource: 'pool', payoutDelay: 3600 })
    expect(withCampaign(overviewOf([relics]), edited).campaigns).toEqual([
      { ...edited, nftSupply: { issued: 12, max: 0 }, nftPoolSize: 9 },
    ])
  })

  it('adds nothing for a campaign the overview does not list yet', () => {
    const oak = campaignOf({ slug: 'old-oak' })
    expect(withCampaign(overviewOf([oak]), campaignOf({ slug: 'new-one' })).campaigns).toEqual([
      oak,
    ])
  })
})
