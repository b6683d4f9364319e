import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en'
import ko from '../i18n/ko'
import tr from '../i18n/tr'
import zhHans from '../i18n/zh-hans'
import zhHant from '../i18n/zh-hant'
import { earnedWords } from './earned-wording'

const fern = { amount: '125.0000', token: 'FERN' }

describe("Treasures' total earned", () => {
  it('counts NFTs beside tokens, in each language', () => {
    const earned = [fern, { nfts: 3 }]
    expect(earnedWords(earned, en, 'en')).toBe('125.0000 FERN · 3 NFTs')
    expect(earnedWords(earned, ko, 'ko')).toBe('125.0000 FERN · NFT 3개')
    expect(earnedWords(earned, tr, 'tr')).toBe('125,0000 FERN · 3 NFT')
    expect(earnedWords(earned, zhHans, 'zh-Hans')).toBe('125.0000 FERN · 3 个 NFT')
    expect(earnedWords(earned, zhHant, 'zh-Hant')).toBe('125.0000 FERN · 3 個 NFT')
  })

  it("says one NFT in the singular, by the language's plural rules, and groups a large count", () => {
    expect(earnedWords([{ nfts: 1 }], en, 'en')).toBe('1 NFT')
    expect(earnedWords([{ nfts: 1200 }], en, 'en')).toBe('1,200 NFTs')
    expect(earnedWords([{ nfts: 1200 }], tr, 'tr')).toBe('1.200 NFT')
  })

  it('lists several tokens as the language lists them, and says nothing of NFTs when there are none', () => {
    expect(earnedWords([fern, { amount: '2.50000000', token: 'WAX' }], en, 'en')).toBe(
      '125.0000 FERN, 2.50000000 WAX',
    )
    expect(earnedWords([], en, 'en')).toBe('')
  })
})
