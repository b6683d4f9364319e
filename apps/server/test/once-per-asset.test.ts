import { NFT_COLLECTION, PAYOUT_PRIVATE_KEY } from '@fernwood/devchain'
import type { NewCampaignRequest } from '@fernwood/protocol/admin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI_OPERATOR } from '../src/admin/operations.ts'
import { addCodes, findCampaign } from '../src/campaigns/catalogue.ts'
import { createCampaignAs } from '../src/campaigns/operator-changes.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { ATOMICASSETS } from '../src/nfts/templates.ts'
import { createApiKey } from '../src/partner-api/api-keys.ts'
import { assetsOf, mintTo, newAccounts, newTemplate } from './support/nfts.ts'
import { partnerPost } from './support/partners.ts'
import { signInVisitor, submitCode } from './support/rewards.ts'
import { buildTestApp, createTestChain } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase, testDriver } from './support/test-database.ts'
import { payoutSession } from './support/worker.ts'

let testDatabase: TestDatabase
let chain: ChainConnection
let app: Awaited<ReturnType<typeof buildTestApp>>
/** A second server over the same database, for claims at the same moment. */
let otherApp: Awaited<ReturnType<typeof buildTestApp>>
/** A template of the test's own, so that only its assets qualify. */
let template: number

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  chain = await createTestChain()
  app = await buildTestApp(testDatabase.database, {}, chain)
  otherApp = await buildTestApp(testDatabase.database, {}, chain)
  template = await newTemplate(chain, 'Oak acorn')
})
afterAll(async () => {
  await app.close()
  await otherApp.close()
  await chain.close()
  await testDatabase.drop()
})

/** A campaign whose holders of the test's template may claim, created as `campaigns create` does. */
async function holdersCampaign(slug: string, fields: Partial<NewCampaignRequest> = {}) {
  await createCampaignAs(
    testDatabase.database,
    CLI_OPERATOR,
    {
      slug,
      name: slug,
      kind: 'shared',
      reward: '1.0000 FERN',
      holdsNft: `${NFT_COLLECTION}:${template}`,
      oncePerAsset: true,
      ...(fields.kind !== 'unique' && { code: slug }),
      ...fields,
    },
    'fern.token',
  )
}

/** A unique holders' campaign with `count` codes: `<slug>-1`, `<slug>-2`, … */
async function uniqueHoldersCampaign(slug: string, count: number): Promise<string[]> {
  await holdersCampaign(slug, { kind: 'unique' })
  const campaign = await findCampaign(testDatabase.database, slug)
  const codes = Array.from({ length: count }, (_, index) => `${slug}-${index + 1}`)
  await addCodes(testDatabase.database, campaign as NonNullable<typeof campaign>, codes)
  return codes
}

/** What `account`'s claim of `code` answers, through `server`. */
async function claim(account: string, code: string, server = app) {
  const visitor = await signInVisitor(server, testDatabase.database, account)
  const response = await submitCode(server, visitor, { code })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json().reward
}

/** `owner` sends its asset `assetId` to `to`, signing with its own key (newAccounts'). */
async function handOver(owner: string, to: string, assetId: string) {
  await payoutSession(chain, { actor: owner, privateKey: PAYOUT_PRIVATE_KEY }).transact({
    action: {
      account: ATOMICASSETS,
      name: 'transfer',
      authorization: [{ actor: owner, permission: 'active' }],
      data: { from: owner, to, asset_ids: [assetId], memo: 'passed along' },
    },
  })
}

/** The assets recorded as qualifying a claim, with the account whose claim they qualified. */
const recorded = () =>
  testDatabase.database.query<{ scope: string; asset_id: string; wax_account: string }>(
    `SELECT q.scope, q.asset_id, r.wax_account FROM claim_qualifying_assets q
       JOIN rewards r ON r.id = q.reward_id ORDER BY q.created_at`,
  )

const spent = { rule: 'once_per_asset', collection: NFT_COLLECTION }

describe(`one claim per NFT (${testDriver})`, () => {
  it('an NFT handed from wallet to wallet qualifies one claim, whoever holds it now', async () => {
    const [first, second] = await newAccounts(chain, 2)
    await mintTo(chain, template, first, 1)
    const [asset] = await assetsOf(chain, first)
    await holdersCampaign('acorn-once')
    // The same rule without one claim per NFT lets the NFT's next holder in: the control.
    await holdersCampaign('acorn-each', { oncePerAsset: false })

    expect(await claim(first, 'acorn-once')).toMatchObject({ status: 'pending' })
    await handOver(first, second, String(asset.asset_id))
    const refused = await claim(second, 'acorn-once')
    expect(refused).toMatchObject({
      status: 'rejected',
      rejection: 'not_eligible',
      failedRule: { ...spent, template },
    })
    expect(await claim(second, 'acorn-each')).toMatchObject({ status: 'pending' })
    const acornRecords = (await recorded()).filter(({ asset_id }) => asset_id === asset.asset_id)
    expect(acornRecords).toEqual([
      expect.objectContaining({ asset_id: String(asset.asset_id), wax_account: first }),
    ])
  })

  it('a wallet with two qualifying NFTs claims twice, one NFT each, and is refused a third time', async () => {
    const [holder] = await newAccounts(chain, 1)
    await mintTo(chain, template, holder, 2)
    const held = (await assetsOf(chain, holder)).map((asset) => String(asset.asset_id))
    const codes = await uniqueHoldersCampaign('acorn-codes', 3)

    expect(await claim(holder, codes[0])).toMatchObject({ status: 'pending' })
    expect(await claim(holder, codes[1])).toMatchObject({ status: 'pending' })
    expect(await claim(holder, codes[2])).toMatchObject({
      status: 'rejected',
      rejection: 'not_eligible',
      failedRule: { ...spent, template },
    })
    const taken = (await recorded()).filter(({ wax_account }) => wax_account === holder)
    expect(taken.map(({ asset_id }) => asset_id).sort()).toEqual([...held].sort())
  })

  it('two claims of one wallet at the same moment, on two servers, take its one NFT once', async () => {
    const [holder] = await newAccounts(chain, 1)
    await mintTo(chain, template, holder, 1)
    const codes = await uniqueHoldersCampaign('acorn-race', 2)
    const answers = await Promise.all([claim(holder, codes[0]), claim(holder, codes[1], otherApp)])
    expect(answers.map(({ status }) => status).sort()).toEqual(['pending', 'rejected'])
  })

  it('one NFT claimed by two wallets at the same moment, on two servers, qualifies one claim', async () => {
    const [first, second] = await newAccounts(chain, 2)
    await mintTo(chain, template, first, 1)
    const [asset] = await assetsOf(chain, first)
    await holdersCampaign('acorn-warm', { oncePerAsset: false })
    await holdersCampaign('acorn-rush')
    // The first server keeps what the chain said of the first wallet for seconds: after the
    // hand-over both wallets hold the NFT as the servers see it, and only the database can tell.
    await claim(first, 'acorn-warm')
    await handOver(first, second, String(asset.asset_id))
    const answers = await Promise.all([
      claim(first, 'acorn-rush'),
      claim(second, 'acorn-rush', otherApp),
    ])
    expect(answers.map(({ status }) => status).sort()).toEqual(['pending', 'rejected'])
  })

  it('an NFT that qualified a claim in one campaign of a group qualifies none in the others', async () => {
    const [holder] = await newAccounts(chain, 1)
    await mintTo(chain, template, holder, 1)
    await holdersCampaign('grove-spring', { group: 'grove', perWallet: '10/day' })
    await holdersCampaign('grove-autumn', { group: 'grove' })
    await holdersCampaign('lone-oak')

    expect(await claim(holder, 'grove-spring')).toMatchObject({ status: 'pending' })
    expect(await claim(holder, 'grove-autumn')).toMatchObject({
      rejection: 'not_eligible',
      failedRule: { ...spent, template },
    })
    // Outside the group, the campaign counts its own claims.
    expect(await claim(holder, 'lone-oak')).toMatchObject({ status: 'pending' })
    const scopes = (await recorded())
      .filter(({ wax_account }) => wax_account === holder)
      .map(({ scope }) => scope)
    expect(scopes).toEqual(['group:grove', expect.stringMatching(/^campaign:\d+$/)])
  })

  it('a claim refused after it was accepted gives its NFT back for another claim', async () => {
    const [holder] = await newAccounts(chain, 1)
    await mintTo(chain, template, holder, 1)
    const codes = await uniqueHoldersCampaign('acorn-again', 2)
    const first = await claim(holder, codes[0])
    // As the worker refuses a claim it cannot pay (its cap reached, its pool emptied).
    await testDatabase.database.query(
      `UPDATE rewards SET status = 'rejected', rejection = 'fully_claimed' WHERE id = $1`,
      [first.id],
    )
    expect(await claim(holder, codes[1])).toMatchObject({ status: 'pending' })
  })

  it('the same code sent twice by its wallet takes one NFT, not two', async () => {
    const [holder] = await newAccounts(chain, 1)
    await mintTo(chain, template, holder, 2)
    await holdersCampaign('acorn-twice')
    const visitor = await signInVisitor(app, testDatabase.database, holder)
    expect((await submitCode(app, visitor, { code: 'acorn-twice' })).statusCode).toBe(201)
    expect((await submitCode(app, visitor, { code: 'acorn-twice' })).statusCode).toBe(409)
    const taken = (await recorded()).filter(({ wax_account }) => wax_account === holder)
    expect(taken).toHaveLength(1)
  })

  it('a partner’s grants count each NFT once too, however many grants an account may receive', async () => {
    const [holder] = await newAccounts(chain, 1)
    await mintTo(chain, template, holder, 1)
    await holdersCampaign('acorn-grants', { grantsPerAccount: null })
    const { secret } = await createApiKey(testDatabase.database, 'admin', {
      name: 'acorn game',
      campaigns: ['acorn-grants'],
    })
    const grant = (idempotencyKey: string) =>
      partnerPost(
        app,
        secret,
        'grants',
        { campaign: 'acorn-grants', account: holder },
        idempotencyKey,
      )
    expect((await grant('quest-1')).statusCode).toBe(201)
    const second = await grant('quest-2')
    expect(second.statusCode).toBe(422)
    expect(second.json().error.code).toBe('not_eligible')
  })
})
