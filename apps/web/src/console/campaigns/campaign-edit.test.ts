import type { AdminCampaign } from '@fernwood/protocol/admin'
import { describe, expect, it } from 'vitest'
import type { CampaignField, DraftValues } from './campaign-draft'
import { editOf, editValuesOf } from './campaign-edit'

const formOf = (given: Partial<Record<CampaignField, string>>): DraftValues => ({
  value: (name) => given[name] ?? '',
  incomplete: () => false,
})

const campaign = {
  startsAt: null,
  endsAt: null,
  cap: 10,
  rules: { minBalance: '10.0000 FERN@fern.token', minAccountAgeDays: 30, group: 'walks' },
} as unknown as AdminCampaign

const kept = { reopen: false, allowlist: undefined }

describe("an edit of a campaign's window, cap and rules", () => {
  const initial = editValuesOf(campaign)

  it('starts from the campaign as it stands, an absent one empty', () => {
    expect(initial).toEqual({
      startsAt: '',
      endsAt: '',
      cap: '10',
      minBalance: '10.0000 FERN@fern.token',
      holdsNft: '',
      minAccountAgeDays: '30',
      group: 'walks',
      perWallet: '',
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
      minBalance: '',
      minAccountAgeDays: '60',
      perWallet: '1/week',
    })
    expect(editOf(changed, initial, kept)).toEqual({
      startsAt: new Date('2030-01-02T09:00').toISOString(),
      cap: null,
      minBalance: null,
      minAccountAgeDays: 60,
      perWallet: '1/week',
    })
  })

  it('reopens, and replaces or removes the allowlist, only when asked', () => {
    expect(editOf(formOf(initial), initial, { reopen: true, allowlist: 'alice.wam\n' })).toEqual({
      reopen: true,
      allowlist: 'alice.wam\n',
    })
    expect(editOf(formOf(initial), initial, { reopen: false, allowlist: null })).toEqual({
      allowlist: null,
    })
  })
})
