import { describe, expect, it } from 'vitest'
import { rewardName } from './reward-name'

const nft = {
  collection: 'fernwoodnfts',
  schema: 'relics',
  templateId: 3,
  image: 'Qm',
  pool: false,
}

describe("a claim link's reward, as its button names it", () => {
  it('says an amount as people do, without the token’s trailing zeros, in the language’s digits', () => {
    expect(rewardName({ reward: { amount: '25.0000', token: 'FERN' } }, 'en')).toBe('25 FERN')
    expect(rewardName({ reward: { amount: '12.5000', token: 'FERN' } }, 'en')).toBe('12.5 FERN')
    expect(rewardName({ reward: { amount: '1234.0001', token: 'FERN' } }, 'en')).toBe(
      '1,234.0001 FERN',
    )
    expect(rewardName({ reward: { amount: '1234.5000', token: 'FERN' } }, 'tr')).toBe(
      '1.234,5 FERN',
    )
  })

  it('names an NFT by its own name', () => {
    expect(rewardName({ nft: { ...nft, name: 'Ancient Relic' } }, 'en')).toBe('Ancient Relic')
  })
})
