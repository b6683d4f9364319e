import type { AdminCampaign, NftTemplatePreview } from '@fernwood/protocol/admin'
import { describe, expect, it } from 'vitest'
import { consoleEn as en } from '../texts/en'
import ko from '../texts/ko'
import tr from '../texts/tr'
import zhHans from '../texts/zh-hans'
import zhHant from '../texts/zh-hant'
import { campaignStockOf, templateStockOf } from './nft-stock'

const oakAcorn = (held: number): NftTemplatePreview => ({
  template: {
    collection: 'fernwoodnfts',
    schema: 'relics',
    templateId: 2,
    name: 'Oak acorn',
    image: 'QmOakAcorn',
  },
  supply: { issued: 12, max: 0 },
  held,
})

const campaignOf = (detail: Partial<AdminCampaign>) => detail as AdminCampaign

describe("a template's preview in the new-campaign form", () => {
  it('says for a pool how many of its assets the payout account holds, one or more', () => {
    expect(templateStockOf(oakAcorn(12), 'pool', en)).toEqual({
      text: '12 assets held by the payout account',
      refused: false,
    })
    expect(templateStockOf(oakAcorn(1), 'pool', en).text).toBe('1 asset held by the payout account')
    expect(templateStockOf(oakAcorn(12), 'pool', ko).text).toBe('지급 계정이 12개 보유')
  })

  it('says plainly that a pool of a template the payout account holds none of would be refused', () => {
    expect(templateStockOf(oakAcorn(0), 'pool', en)).toEqual({
      text: 'The payout account holds none of this template’s assets: a pool campaign of it would be refused.',
      refused: true,
    })
    expect(templateStockOf(oakAcorn(0), 'pool', zhHant)).toEqual({
      text: zhHant.nftPoolEmpty,
      refused: true,
    })
  })

  it('gives a mint its supply, whatever the payout account holds', () => {
    expect(templateStockOf(oakAcorn(0), 'mint', en)).toEqual({
      text: '12 minted, no limit',
      refused: false,
    })
  })
})

describe("an NFT campaign's row in the campaigns table", () => {
  it("shows a pool's assets left, as the chain last answered", () => {
    const pool = campaignOf({
      nftSource: 'pool',
      nftPoolSize: 9,
      nftSupply: { issued: 12, max: 0 },
    })
    expect(campaignStockOf(pool, en)).toEqual({ column: 'nft-pool', text: '9 left in the pool' })
    expect(campaignStockOf(pool, tr)?.text).toBe('havuzda 9 kaldı')
    expect(campaignStockOf(pool, zhHans)?.text).toBe('资产池剩余 9 个')
  })

  it("shows a mint's template supply as before", () => {
    const mint = campaignOf({ nftSource: 'mint', nftSupply: { issued: 3, max: 10 } })
    expect(campaignStockOf(mint, en)).toEqual({
      column: 'nft-supply',
      text: '3 minted of 10, 7 left',
    })
  })

  it('shows nothing while the chain cannot be read', () => {
    expect(campaignStockOf(campaignOf({ nftSource: 'pool' }), en)).toBeUndefined()
    expect(campaignStockOf(campaignOf({ nftSource: 'mint' }), en)).toBeUndefined()
  })
})
