import type { AdminCampaign } from '@fernwood/protocol/admin'
import { describe, expect, it } from 'vitest'
import type { CampaignBox, CampaignChoice, CampaignField, DraftValues } from './campaign-draft'
import { type EditValues, editOf, editValuesOf } from './campaign-edit'

/** A dialog holding `given`: its fields' text and its boxes. */
const formOf = (given: Partial<Record<CampaignField, string>> | EditValues): DraftValues => {
  const held = given as Partial<
    Record<CampaignField | CampaignChoice | CampaignBox, string | boolean>
  >
  return {
    value: (name) => String(held[name] ?? ''),
    incomplete: () => false,
    checked: (name) => held[name] === true,
  }
}

const balance = {
  rule: 'min_balance' as const,
  amount: '10.0000',
  token: 'FERN',
  contract: 'fern.token',
}

const campaign = {
  startsAt: null,
  endsAt: null,
  cap: 10,
  rules: { tree: { all: [balance] }, minBalance: '10.0000 FERN@fern.token', group: 'walks' },
  humanCheck: null,
  grantsPerAccount: 1,
  oncePerAsset: false,
  checkUrl: null,
  payoutDelay: 0,
} as unknown as AdminCampaign

const tree = campaign.rules.tree
const kept = { reopen: false, allowlist: undefined, rules: tree, initialRules: tree }

describe("an edit of a campaign's window, cap and rules", () => {
  const initial = editValuesOf(campaign)

  it('starts from the campaign as it stands, an absent one empty', () => {
    expect(initial).toEqual({
      startsAt: '',
      endsAt: '',
      cap: '10',
      group: 'walks',
      perWallet: '',
      humanCheck: '',
      grantsPerAccount: '1',
      grantsUnlimited: false,
      oncePerAsset: false,
      checkUrl: '',
      payoutDelay: '',
      payoutDelayUnit: 'h',
    })
  })

  it('sends nothing for a form left as it was', () => {
    expect(editOf(formOf(initial), initial, kept)).toEqual({})
  })

  it('sends only what changed: an emptied field as null, a time as its instant, numbers as numbers', () => {
    const changed = formOf({
      ...initial,
      startsAt: '2030-01-02T09:00',
      cap: '',
      perWallet: '1/week',
    })
    expect(editOf(changed, initial, kept)).toEqual({
      startsAt: new Date('2030-01-02T09:00').toISOString(),
      cap: null,
      perWallet: '1/week',
    })
  })

  it("sends the builder's whole tree once it differs, and null once it holds no condition", () => {
    const aged = { any: [balance, { rule: 'min_account_age' as const, days: 30 }] }
    expect(editOf(formOf(initial), initial, { ...kept, rules: aged })).toEqual({ rules: aged })
    expect(editOf(formOf(initial), initial, { ...kept, rules: null })).toEqual({ rules: null })
  })

  it('reopens, and replaces or removes the allowlist, only when asked', () => {
    expect(
      editOf(formOf(initial), initial, { ...kept, reopen: true, allowlist: 'alice.wam\n' }),
    ).toEqual({ reopen: true, allowlist: 'alice.wam\n' })
    expect(editOf(formOf(initial), initial, { ...kept, allowlist: null })).toEqual({
      allowlist: null,
    })
  })

  it('sends the human check chosen (null for the default), grants as a number or null for unlimited', () => {
    const changed = formOf({ ...initial, humanCheck: 'pow', grantsPerAccount: '3' })
    expect(editOf(changed, initial, kept)).toEqual({ humanCheck: 'pow', grantsPerAccount: 3 })
    const unlimited = formOf({ ...initial, grantsUnlimited: true })
    expect(editOf(unlimited, initial, kept)).toEqual({ grantsPerAccount: null })
    // Emptied, it is the default again, as at creation.
    const from3 = editValuesOf({ ...campaign, grantsPerAccount: 3 } as AdminCampaign)
    expect(editOf(formOf({ ...from3, grantsPerAccount: '' }), from3, kept)).toEqual({
      grantsPerAccount: 1,
    })
    const open = { ...campaign, humanCheck: 'off', grantsPerAccount: null } as AdminCampaign
    const from = editValuesOf(open)
    expect(from).toMatchObject({ humanCheck: 'off', grantsPerAccount: '', grantsUnlimited: true })
    expect(editOf(formOf(from), from, kept)).toEqual({})
    expect(editOf(formOf({ ...from, humanCheck: '' }), from, kept)).toEqual({ humanCheck: null })
  })

  it('turns one claim per NFT on, and off once its box is no longer shown', () => {
    const from = editValuesOf(campaign)
    expect(editOf(formOf({ ...from, oncePerAsset: true }), from, kept)).toEqual({
      oncePerAsset: true,
    })
    const counted = editValuesOf({ ...campaign, oncePerAsset: true })
    expect(editOf(formOf({ ...counted, oncePerAsset: false }), counted, kept)).toEqual({
      oncePerAsset: false,
    })
  })
  it('shows a window in the largest unit that writes it whole, and sends it in seconds', () => {
    const held = editValuesOf({ ...campaign, payoutDelay: 5400 } as AdminCampaign)
    expect(held).toMatchObject({ payoutDelay: '90', payoutDelayUnit: 'm' })
    expect(editOf(formOf(held), held, kept)).toEqual({})
    const twoDays = formOf({ ...held, payoutDelay: '2', payoutDelayUnit: 'd' as const })
    expect(editOf(twoDays, held, kept)).toEqual({ payoutDelay: 172_800 })
    // Emptied, the window is none: claims pay at once again.
    expect(editOf(formOf({ ...held, payoutDelay: '' }), held, kept)).toEqual({ payoutDelay: 0 })
    expect(editOf(formOf({ ...initial, payoutDelay: '1' }), initial, kept)).toEqual({
      payoutDelay: 3600,
    })
  })

  it('sends a check URL changed, and null for one emptied', () => {
    const url = 'https://checks.example/fernwood'
    expect(editOf(formOf({ ...initial, checkUrl: url }), initial, kept)).toEqual({ checkUrl: url })
    const checked = editValuesOf({ ...campaign, checkUrl: url } as AdminCampaign)
    expect(checked.checkUrl).toBe(url)
    expect(editOf(formOf(checked), checked, kept)).toEqual({})
    expect(editOf(formOf({ ...checked, checkUrl: '' }), checked, kept)).toEqual({ checkUrl: null })
  })
})
