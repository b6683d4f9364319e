import { describe, expect, it } from 'vitest'
import { consoleEn as texts } from '../texts/en'
import {
  type CampaignBox,
  type CampaignChoice,
  type CampaignField,
  type DraftValues,
  draftOf,
  editMistakesOf,
  isoOf,
  localInputOf,
  mistakesOf,
} from './campaign-draft'

/** A form holding `given` (every other field empty), no date typed in part, `ticked` boxes. */
const formOf = (
  given: Partial<Record<CampaignField | CampaignChoice, string>>,
  ticked: CampaignBox[] = [],
): DraftValues => ({
  value: (name) => given[name] ?? '',
  incomplete: () => false,
  checked: (name) => ticked.includes(name),
})

const named = { slug: 'oak-pool', name: 'Oak pool' }
const noRules = { allowlist: undefined, rules: null }

describe("a new campaign's payment", () => {
  it('sends a pool as nftPool alone, and a mint as nft alone', () => {
    const pool = formOf({ ...named, nftPool: 'fernwoodnfts:2', cap: '5' })
    expect(mistakesOf(pool, 'nftPool', texts)).toEqual({})
    expect(draftOf(pool, 'shared', 'nftPool', noRules)).toEqual({
      slug: 'oak-pool',
      name: 'Oak pool',
      kind: 'shared',
      nftPool: 'fernwoodnfts:2',
      cap: 5,
    })
    const mint = formOf({ ...named, nft: 'fernwoodnfts:3' })
    expect(draftOf(mint, 'unique', 'nft', noRules)).toEqual({
      slug: 'oak-pool',
      name: 'Oak pool',
      kind: 'unique',
      nft: 'fernwoodnfts:3',
    })
  })

  it('sends only the payment chosen, whatever another field of the form still holds', () => {
    const both = formOf({ ...named, reward: '1.0000 FERN', nftPool: 'fernwoodnfts:2' })
    expect(draftOf(both, 'unique', 'reward', { allowlist: 'alice.wam\n', rules: null })).toEqual({
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
      checked: () => false,
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

describe("a campaign's window and cap, as a new campaign and an edit check them", () => {
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
      checked: () => false,
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

  it("reads a time on the operator's clock and shows an instant back as it was typed", () => {
    expect(localInputOf(isoOf('2030-01-02T09:00'))).toBe('2030-01-02T09:00')
    expect(localInputOf(null)).toBe('')
  })
})

describe("a new campaign's fair-claim settings", () => {
  const token = { ...named, reward: '1.0000 FERN' }

  it('sends nothing of them left as they are: the deployment’s check, one grant, every NFT', () => {
    expect(draftOf(formOf({ ...token, humanCheck: '' }), 'shared', 'reward', noRules)).toEqual({
      slug: 'oak-pool',
      name: 'Oak pool',
      kind: 'shared',
      reward: '1.0000 FERN',
    })
  })

  it('sends the check chosen, grants as a number or null for unlimited, and one claim per NFT with an NFT to hold', () => {
    const chosen = formOf({ ...token, humanCheck: 'off', grantsPerAccount: '4' }, ['oncePerAsset'])
    const rules = { all: [{ rule: 'holds_nft' as const, collection: 'oak', template: 1 }] }
    expect(draftOf(chosen, 'unique', 'reward', { allowlist: undefined, rules })).toMatchObject({
      humanCheck: 'off',
      grantsPerAccount: 4,
      rules,
      oncePerAsset: true,
    })
    const unlimited = formOf({ ...token, grantsPerAccount: '4' }, ['grantsUnlimited'])
    const sent = draftOf(unlimited, 'unique', 'reward', noRules)
    expect(sent.grantsPerAccount).toBeNull()
    expect(sent).not.toHaveProperty('oncePerAsset')
  })

  it('refuses grants per account not a whole number of at least 1, in both', () => {
    for (const grantsPerAccount of ['0', '1.5', 'many', '-3']) {
      expect(mistakesOf(formOf({ ...token, grantsPerAccount }), 'reward', texts)).toEqual({
        grantsPerAccount: texts.errors.ADMIN_GRANTS_PER_ACCOUNT_INVALID,
      })
      expect(editMistakesOf(formOf({ grantsPerAccount }), 0, texts)).toEqual({
        grantsPerAccount: texts.errors.ADMIN_GRANTS_PER_ACCOUNT_INVALID,
      })
    }
    expect(mistakesOf(formOf(token), 'reward', texts)).toEqual({})
    expect(editMistakesOf(formOf({}), 0, texts)).toEqual({})
    expect(
      editMistakesOf(formOf({ grantsPerAccount: 'x' }, ['grantsUnlimited']), 0, texts),
    ).toEqual({})
  })
})

describe("a new campaign's own check and review window", () => {
  const token = { ...named, reward: '1.0000 FERN' }

  it('sends neither left empty, whatever unit is chosen', () => {
    const sent = draftOf(formOf({ ...token, payoutDelayUnit: 'd' }), 'shared', 'reward', noRules)
    expect(sent).not.toHaveProperty('checkUrl')
    expect(sent).not.toHaveProperty('payoutDelay')
  })

  it('sends the URL as typed and the window in seconds of its unit', () => {
    const url = 'https://checks.example/fernwood'
    for (const [payoutDelayUnit, seconds] of [
      ['s', 90],
      ['m', 5400],
      ['h', 324_000],
      ['d', 7_776_000],
    ] as const) {
      const values = formOf({ ...token, checkUrl: url, payoutDelay: '90', payoutDelayUnit })
      expect(draftOf(values, 'unique', 'reward', noRules)).toMatchObject({
        checkUrl: url,
        payoutDelay: seconds,
      })
    }
  })

  it('refuses a window not a whole number or past 30 days, in both', () => {
    for (const [payoutDelay, payoutDelayUnit] of [
      ['1.5', 'h'],
      ['-1', 'h'],
      ['31', 'd'],
      ['721', 'h'],
    ]) {
      const values = formOf({ ...token, payoutDelay, payoutDelayUnit })
      expect(mistakesOf(values, 'reward', texts), payoutDelay + payoutDelayUnit).toEqual({
        payoutDelay: texts.errors.ADMIN_PAYOUT_DELAY_INVALID,
      })
      expect(editMistakesOf(formOf({ payoutDelay, payoutDelayUnit }), 0, texts)).toEqual({
        payoutDelay: texts.errors.ADMIN_PAYOUT_DELAY_INVALID,
      })
    }
    expect(
      mistakesOf(formOf({ ...token, payoutDelay: '30', payoutDelayUnit: 'd' }), 'reward', texts),
    ).toEqual({})
  })
})
