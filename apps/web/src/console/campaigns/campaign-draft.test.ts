import { describe, expect, it } from 'vitest'
import { consoleEn as texts } from '../texts/en'
import {
  type CampaignField,
  type DraftValues,
  draftOf,
  editMistakesOf,
  isoOf,
  localInputOf,
  mistakesOf,
} from './campaign-draft'

/** A form holding `given` (every other field empty), no date typed in part. */
const formOf = (given: Partial<Record<CampaignField, string>>): DraftValues => ({
  value: (name) => given[name] ?? '',
  incomplete: () => false,
})

const named = { slug: 'oak-pool', name: 'Oak pool' }

describe("a new campaign's payment", () => {
  it('sends a pool as nftPool alone, and a mint as nft alone', () => {
    const pool = formOf({ ...named, nftPool: 'fernwoodnfts:2', cap: '5' })
    expect(mistakesOf(pool, 'nftPool', texts)).toEqual({})
    expect(draftOf(pool, 'shared', 'nftPool', undefined)).toEqual({
      slug: 'oak-pool',
      name: 'Oak pool',
      kind: 'shared',
      nftPool: 'fernwoodnfts:2',
      cap: 5,
    })
    const mint = formOf({ ...named, nft: 'fernwoodnfts:3' })
    expect(draftOf(mint, 'unique', 'nft', undefined)).toEqual({
      slug: 'oak-pool',
      name: 'Oak pool',
      kind: 'unique',
      nft: 'fernwoodnfts:3',
    })
  })

  it('sends only the payment chosen, whatever another field of the form still holds', () => {
    const both = formOf({ ...named, reward: '1.0000 FERN', nftPool: 'fernwoodnfts:2' })
    expect(draftOf(both, 'unique', 'reward', 'alice.wam\n')).toEqual({
      slug: 'oak-pool',
      name: 'Oak pool',
      kind: 'unique',
      reward: '1.0000 FERN',
      allowlist: 'alice.wam\n',
    })
  })

  it("refuses a pool's template not written collection:template, beside the pool's field", () => {
    for (const nftPool of ['', 'fernwoodnfts', 'fernwoodnfts:0', 'Fernwood:2']) {
      expect(mistakesOf(formOf({ ...named, nftPool }), 'nftPool', texts), nftPool).toEqual({
        nftPool: texts.errors.ADMIN_NFT_POOL_INVALID,
      })
    }
  })

  it('asks for the field of the payment chosen, not the others', () => {
    expect(mistakesOf(formOf(named), 'reward', texts)).toEqual({
      reward: texts.errors.ADMIN_REWARD_INVALID,
    })
    expect(mistakesOf(formOf(named), 'nft', texts)).toEqual({
      nft: texts.errors.ADMIN_NFT_INVALID,
    })
  })

  it('tells every other mistake beside the payment’s at once', () => {
    const form: DraftValues = {
      value: (name) => ({ cap: 'many', startsAt: '' })[name as 'cap'] ?? '',
      incomplete: (name) => name === 'startsAt',
    }
    expect(Object.keys(mistakesOf(form, 'nftPool', texts)).sort()).toEqual([
      'cap',
      'name',
      'nftPool',
      'slug',
      'startsAt',
    ])
  })
})

describe("a campaign's window, cap and account age, as a new campaign and an edit check them", () => {
  const sameTime = { startsAt: '2030-01-02T09:00', endsAt: '2030-01-02T09:00' }

  it('refuses an end not after the start, in both', () => {
    expect(
      mistakesOf(formOf({ ...named, reward: '1.0000 FERN', ...sameTime }), 'reward', texts),
    ).toEqual({ endsAt: texts.errors.ADMIN_WINDOW_INVALID })
    expect(editMistakesOf(formOf(sameTime), 0, texts)).toEqual({
      endsAt: texts.errors.ADMIN_WINDOW_INVALID,
    })
    expect(editMistakesOf(formOf({ ...sameTime, endsAt: '2030-01-02T09:01' }), 0, texts)).toEqual(
      {},
    )
  })

  it('tells a date typed in part rather than the window it leaves', () => {
    const form: DraftValues = {
      value: (name) => (name === 'startsAt' ? '2030-01-02T09:00' : ''),
      incomplete: (name) => name === 'endsAt',
    }
    expect(editMistakesOf(form, 0, texts)).toEqual({ endsAt: texts.incompleteTime })
  })

  it('refuses a cap not a whole number of at least 1 in both, and an edit’s below the claims made', () => {
    for (const cap of ['0', 'many', '1.5', '-2']) {
      expect(editMistakesOf(formOf({ cap }), 0, texts), cap).toEqual({
        cap: texts.errors.ADMIN_CAP_INVALID,
      })
      expect(
        mistakesOf(formOf({ ...named, reward: '1.0000 FERN', cap }), 'reward', texts).cap,
      ).toBe(texts.errors.ADMIN_CAP_INVALID)
    }
    expect(editMistakesOf(formOf({ cap: '4' }), 5, texts)).toEqual({
      cap: texts.capBelowClaimed(5),
    })
    expect(editMistakesOf(formOf({ cap: '5' }), 5, texts)).toEqual({})
    expect(editMistakesOf(formOf({ cap: '' }), 5, texts)).toEqual({})
  })

  it('refuses an account age that is not a whole number of days in both', () => {
    for (const minAccountAgeDays of ['1.5', 'thirty', '-2']) {
      expect(editMistakesOf(formOf({ minAccountAgeDays }), 0, texts), minAccountAgeDays).toEqual({
        minAccountAgeDays: texts.errors.ADMIN_ACCOUNT_AGE_INVALID,
      })
      // A new campaign's form refuses it rather than send the campaign without the rule.
      const typed = formOf({ ...named, reward: '1.0000 FERN', minAccountAgeDays })
      expect(mistakesOf(typed, 'reward', texts), minAccountAgeDays).toEqual({
        minAccountAgeDays: texts.errors.ADMIN_ACCOUNT_AGE_INVALID,
      })
    }
    expect(editMistakesOf(formOf({ minAccountAgeDays: '30' }), 0, texts)).toEqual({})
  })

  it("reads a time on the operator's clock and shows an instant back as it was typed", () => {
    expect(localInputOf(isoOf('2030-01-02T09:00'))).toBe('2030-01-02T09:00')
    expect(localInputOf(null)).toBe('')
  })
})
