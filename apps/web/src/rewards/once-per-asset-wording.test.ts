import type { PendingReward } from '@fernwood/protocol'
import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en'
import { loadTexts } from '../i18n/languages'
import { rejectionText } from './rule-wording'

const spent = (template?: number): PendingReward => ({
  id: '00000000-0000-4000-8000-000000000000',
  code: 'acorns',
  status: 'rejected',
  reason: 'This wallet does not meet the rules of this reward.',
  rejection: 'not_eligible',
  failedRule: { rule: 'once_per_asset', collection: 'fernwoodnfts', template },
  createdAt: '2026-11-28T10:00:00.000Z',
})

describe('a claim refused because its NFTs each counted once already', () => {
  it('names the NFTs spent, of a collection or of a template', () => {
    expect(rejectionText(spent(), en, 'en')).toBe(
      'This reward counts each NFT once, and every NFT of fernwoodnfts this wallet holds has qualified a claim already.',
    )
    expect(rejectionText(spent(3), en, 'en')).toContain('NFT of template #3 of fernwoodnfts')
  })

  it('is worded in every language, naming the collection', async () => {
    for (const [language, load] of Object.entries(loadTexts)) {
      const { default: texts } = await load()
      const words = rejectionText(spent(3), texts, language as keyof typeof loadTexts)
      expect(words, language).toContain('fernwoodnfts')
      expect(words, language).toContain('#3')
      expect(words, language).not.toBe(rejectionText(spent(3), en, 'en'))
    }
  })
})
