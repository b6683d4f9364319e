import { describe, expect, it } from 'vitest'
import { UsageError } from '../src/admin/cli-errors.ts'
import { campaignTools, operatorApp } from './support/operator-app.ts'
import { testDriver } from './support/test-database.ts'

const tools = operatorApp()
const { admin, create, edit, shown, audited, draft } = campaignTools(tools)
const fairnessOf = async (slug: string) => {
  const { humanCheck, grantsPerAccount, oncePerAsset } = await shown(slug)
  return { humanCheck, grantsPerAccount, oncePerAsset }
}

describe(`a campaign's human check, grants per account and one claim per NFT (${testDriver})`, () => {
  it('a new campaign follows the deployment, allows one grant an account and counts no NFT', async () => {
    expect((await create(draft('plain'))).statusCode).toBe(201)
    expect(await fairnessOf('plain')).toEqual({
      humanCheck: null,
      grantsPerAccount: 1,
      oncePerAsset: false,
    })
  })

  it('the API sets each at creation and in an edit, each change audited with what it was', async () => {
    const created = await create(
      draft('acorn', {
        humanCheck: 'pow',
        grantsPerAccount: 3,
        holdsNft: 'fernwoodnfts:1',
        oncePerAsset: true,
      }),
    )
    expect(created.statusCode).toBe(201)
    expect(created.json().campaign).toMatchObject({
      humanCheck: 'pow',
      grantsPerAccount: 3,
      oncePerAsset: true,
    })
    const edited = await edit('acorn', {
      humanCheck: 'off',
      grantsPerAccount: null,
      oncePerAsset: false,
    })
    expect(edited.statusCode).toBe(200)
    expect(await fairnessOf('acorn')).toEqual({
      humanCheck: 'off',
      grantsPerAccount: null,
      oncePerAsset: false,
    })
    expect((await edit('acorn', { humanCheck: null })).json().campaign.humanCheck).toBeNull()
    const [made, ...edits] = await audited('acorn')
    expect(made.details).toMatchObject({
      humanCheck: 'pow',
      grantsPerAccount: 3,
      oncePerAsset: true,
    })
    expect(edits.map((each) => each.details)).toEqual([
      {
        before: { humanCheck: 'pow', grantsPerAccount: 3, oncePerAsset: true },
        after: { humanCheck: 'off', grantsPerAccount: null, oncePerAsset: false },
      },
      { before: { humanCheck: 'off' }, after: { humanCheck: null } },
    ])
  })

  it('an edit turning one claim per NFT off alone is a change, not an empty edit', async () => {
    await create(draft('oakleaf', { holdsNft: 'fernwoodnfts', oncePerAsset: true }))
    const edited = await edit('oakleaf', { oncePerAsset: false })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().campaign.oncePerAsset).toBe(false)
  })

  it('the CLI sets each with its flag, shows them in its list, and takes default and unlimited', async () => {
    await admin(
      'campaigns',
      'create',
      '--slug',
      'birch',
      '--name',
      'Birch',
      '--kind',
      'unique',
      '--reward',
      '1.0000 FERN',
      '--holds-nft',
      'fernwoodnfts:2',
      '--once-per-asset',
      '--human-check',
      'off',
      '--grants-per-account',
      'unlimited',
    )
    expect(await fairnessOf('birch')).toEqual({
      humanCheck: 'off',
      grantsPerAccount: null,
      oncePerAsset: true,
    })
    await admin(
      'campaigns',
      'edit',
      'birch',
      '--human-check',
      'default',
      '--grants-per-account',
      '5',
      '--once-per-asset',
      'off',
    )
    expect(await fairnessOf('birch')).toEqual({
      humanCheck: null,
      grantsPerAccount: 5,
      oncePerAsset: false,
    })
    await admin('campaigns', 'edit', 'birch', '--human-check', 'pow', '--once-per-asset', 'on')
    const [heading, ...rows] = await admin('campaigns', 'list')
    const columns = heading.split('\t')
    const birch = rows.map((row) => row.split('\t')).find((cells) => cells[0] === 'birch')
    const cell = (name: string) => birch?.[columns.indexOf(name)]
    expect([cell('human check'), cell('grants/account'), cell('per NFT')]).toEqual([
      'pow',
      '5',
      'once',
    ])
  })

  it('the CLI refuses values it does not take, naming the flag', async () => {
    const refusal = (...argv: string[]) =>
      admin('campaigns', 'edit', 'birch', ...argv).then(
        () => undefined,
        (error) => (error instanceof UsageError ? error.message : error),
      )
    expect(await refusal('--human-check', 'captcha')).toBe(
      '--human-check must be pow, off, default',
    )
    expect(await refusal('--grants-per-account', '0')).toMatch(/^--grants-per-account must be/)
    expect(await refusal('--once-per-asset', 'yes')).toBe('--once-per-asset must be on, off')
  })

  it('the API refuses wrong types without coercing them, and out-of-range values beside their field', async () => {
    await create(draft('cedar'))
    for (const payload of [
      { humanCheck: 'captcha' },
      { humanCheck: 'default' },
      { grantsPerAccount: '2' },
      { grantsPerAccount: 1.5 },
      { oncePerAsset: 'true' },
    ]) {
      const refused = await edit('cedar', payload)
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400)
      expect(refused.json().error.code).toBe('INVALID_REQUEST')
    }
    for (const grantsPerAccount of [0, -1]) {
      const refused = await edit('cedar', { grantsPerAccount })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error).toEqual({
        code: 'ADMIN_GRANTS_PER_ACCOUNT_INVALID',
        message:
          'The grants per account must be a whole number of at least 1, or unlimited (null).',
        field: 'grantsPerAccount',
      })
    }
    const atCreation = await create(draft('spruce', { grantsPerAccount: 0 }))
    expect(atCreation.json().error.code).toBe('ADMIN_GRANTS_PER_ACCOUNT_INVALID')
    expect(await shown('spruce')).toBeUndefined()
    expect(await fairnessOf('cedar')).toEqual({
      humanCheck: null,
      grantsPerAccount: 1,
      oncePerAsset: false,
    })
  })

  it('one claim per NFT needs a holds-NFT rule, at creation and after an edit', async () => {
    const without = await create(draft('willow', { oncePerAsset: true }))
    expect(without.statusCode).toBe(400)
    expect(without.json().error).toMatchObject({
      code: 'ADMIN_ONCE_PER_ASSET_INVALID',
      field: 'oncePerAsset',
    })
    expect(await shown('willow')).toBeUndefined()
    await create(draft('willow', { holdsNft: 'fernwoodnfts' }))
    expect((await edit('willow', { oncePerAsset: true })).statusCode).toBe(200)
    const ruleRemoved = await edit('willow', { holdsNft: null })
    expect(ruleRemoved.json().error.code).toBe('ADMIN_ONCE_PER_ASSET_INVALID')
    expect((await shown('willow')).rules.holdsNft).toBe('fernwoodnfts')
    const both = await edit('willow', { holdsNft: null, oncePerAsset: false })
    expect(both.statusCode).toBe(200)
  })
})
