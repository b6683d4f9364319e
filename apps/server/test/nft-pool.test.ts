import { NFT_COLLECTION, PAYOUT_ACCOUNT } from '@fernwood/devchain'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type AdminContext, runAdminCommand } from '../src/admin/commands.ts'
import {
  AdminChainUnavailable,
  AdminNftPoolEmpty,
  AdminNftPoolInvalid,
  AdminNftPoolTemplateUnknown,
} from '../src/admin/errors.ts'
import { findCampaign } from '../src/campaigns/catalogue.ts'
import { campaignOverview } from '../src/campaigns/overview.ts'
import { NFT_POOL_DEMO_CODE } from '../src/campaigns/seed.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { ATOMICASSETS } from '../src/nfts/templates.ts'
import { PayoutChainNode } from '../src/payouts/chain-node.ts'
import { takePoolAssets, takesOf } from '../src/payouts/nft-pools.ts'
import { payBatch } from '../src/payouts/pay-batch.ts'
import { payoutAccountFrom } from '../src/payouts/settings.ts'
import { WharfkitPayoutSigner } from '../src/payouts/signer.ts'
import { readHistoryPage } from '../src/rewards/reward-lists.ts'
import { claimDueRewards } from '../src/worker/claim.ts'
import {
  assetsOf,
  chainHistory,
  mintTo,
  newAccounts,
  newTemplate,
  nftCampaign,
  reconcileAll,
  settled,
  submitted,
} from './support/nfts.ts'
import { eventually } from './support/rewards.ts'
import { useWorkerTest } from './support/use-worker-test.ts'
import {
  dieAfterFirstBroadcast,
  nodeWithout,
  payoutContext,
  switchableChain,
} from './support/worker.ts'

const shared = useWorkerTest()
const env = readEnvironment({})

const { startWorker } = shared

/**
 * A pool campaign of a new template of which the payout account holds `held` assets, its shared
 * code `slug`: the template's id and the assets' ids.
 */
async function poolCampaign(slug: string, held: number) {
  const templateId = await newTemplate(shared.chain, slug)
  await mintTo(shared.chain, templateId, PAYOUT_ACCOUNT, held)
  await nftCampaign(shared.database, slug, { templateId, name: slug, pool: true })
  return { templateId, assets: await heldOf(templateId) }
}

/** The payout account's assets of `templateId`. */
async function heldOf(templateId: number): Promise<string[]> {
  return (await assetsOf(shared.chain, PAYOUT_ACCOUNT))
    .filter((asset) => asset.template_id === templateId)
    .map((asset) => String(asset.asset_id))
}

/** Each account's assets of `templateId`, in the order of `accounts`. */
async function ownedBy(accounts: string[], templateId: number): Promise<string[][]> {
  return Promise.all(
    accounts.map(async (account) =>
      (await assetsOf(shared.chain, account))
        .filter((asset) => asset.template_id === templateId)
        .map((asset) => String(asset.asset_id)),
    ),
  )
}

describe('NFT rewards handed out from a pool', { timeout: 60_000 }, () => {
  it('sends each reward one of the pool’s assets exactly once, to its account, and records which', async () => {
    const { templateId, assets } = await poolCampaign('acorn-drop', 5)
    const accounts = await newAccounts(shared.chain, 3)
    const ids = await submitted(shared.database, 'acorn-drop', accounts)
    await startWorker()
    const rows = await settled(shared.database, ids)
    expect(rows.map((row) => row.status)).toEqual(['completed', 'completed', 'completed'])

    const owned = await ownedBy(accounts, templateId)
    for (const [index, id] of ids.entries()) {
      expect(owned[index]).toHaveLength(1)
      expect(assets).toContain(owned[index][0])
      expect(rows.find((row) => row.id === id)?.asset_id).toBe(owned[index][0])
    }
    expect(new Set(owned.flat()).size).toBe(3)
    expect(await heldOf(templateId)).toHaveLength(2)
    // Paid, the rewards no longer hold the assets back.
    expect(await shared.database.query('SELECT 1 FROM nft_pool_takes')).toEqual([])

    const { history: entries } = await readHistoryPage(shared.database, accounts[0])
    expect(entries[0]).toMatchObject({
      code: 'acorn-drop',
      nft: { assetId: owned[0][0], collection: NFT_COLLECTION, templateId, name: 'acorn-drop' },
    })
  })

  it('the devchain’s demo pool sends one of the acorns the seed gave the payout account', async () => {
    const [account] = await newAccounts(shared.chain, 1)
    const [id] = await submitted(shared.database, NFT_POOL_DEMO_CODE, [account])
    await startWorker()
    const [row] = await settled(shared.database, [id])
    expect(row).toMatchObject({ status: 'completed', asset_id: expect.stringMatching(/^\d+$/) })
    expect(await ownedBy([account], 2)).toEqual([[row.asset_id]])
  })

  it('a worker dying between broadcast and record leaves each asset sent once', async () => {
    const { templateId } = await poolCampaign('acorn-crash', 4)
    const accounts = await newAccounts(shared.chain, 2)
    const ids = await submitted(shared.database, 'acorn-crash', accounts)
    await dieAfterFirstBroadcast(startWorker)
    const sent = await ownedBy(accounts, templateId)
    expect(sent.map((assets) => assets.length)).toEqual([1, 1])

    await startWorker()
    const rows = await settled(shared.database, ids)
    expect(rows.map((row) => row.status)).toEqual(['completed', 'completed'])
    // The same assets, not two more: the pool still holds the other two.
    expect(await ownedBy(accounts, templateId)).toEqual(sent)
    expect(await heldOf(templateId)).toHaveLength(2)
  })

  it('two workers at once never send the same asset', async () => {
    const { templateId } = await poolCampaign('acorn-race', 8)
    const accounts = await newAccounts(shared.chain, 8)
    const ids = await submitted(shared.database, 'acorn-race', accounts)
    const small = { env: { PAYOUT_BATCH_SIZE: '2' } }
    await Promise.all([startWorker(small), startWorker(small)])
    const rows = await settled(shared.database, ids)
    expect(rows.every((row) => row.status === 'completed')).toBe(true)
    const owned = await ownedBy(accounts, templateId)
    expect(owned.every((assets) => assets.length === 1)).toBe(true)
    expect(new Set(owned.flat()).size).toBe(8)
    expect(await heldOf(templateId)).toEqual([])
  })

  it('rejects the rewards the pool has no asset left for with nft_pool_empty', async () => {
    const { templateId, assets } = await poolCampaign('last-acorn', 1)
    const accounts = await newAccounts(shared.chain, 2)
    const ids = await submitted(shared.database, 'last-acorn', accounts)
    await startWorker()
    const rows = await settled(shared.database, ids)
    expect(rows.map((row) => [row.status, row.rejection]).sort()).toEqual([
      ['completed', null],
      ['rejected', 'nft_pool_empty'],
    ])
    expect((await ownedBy(accounts, templateId)).flat()).toEqual(assets)
  })

  it('a worker whose lease ran out leaves the asset the worker that took over sent where it is', async () => {
    const { templateId, assets } = await poolCampaign('acorn-overtaken', 2)
    const [account] = await newAccounts(shared.chain, 1)
    const [id] = await submitted(shared.database, 'acorn-overtaken', [account])
    const node = new PayoutChainNode(shared.chain, 5000)
    // This worker takes an asset and its lease runs out at once; another sends it and dies.
    const { payable } = await claimDueRewards(shared.database, { limit: 10, leaseSeconds: 0 })
    const stale = payable.filter((reward) => reward.id === id)
    const first = await takePoolAssets(shared.database, node, PAYOUT_ACCOUNT, stale)
    expect(first.assets).toEqual(new Map([[id, assets[0]]]))
    await dieAfterFirstBroadcast(startWorker)
    expect(await ownedBy([account], templateId)).toEqual([[assets[0]]])

    expect(
      await payBatch(payoutContext(shared.database, shared.chain), { rewards: stale }),
    ).toEqual({ outcome: 'overtaken' })
    expect(await takesOf(shared.database, [id])).toEqual(new Map([[id, assets[0]]]))

    await startWorker()
    const [paid] = await settled(shared.database, [id])
    expect([paid.status, paid.asset_id]).toEqual(['completed', assets[0]])
    expect(await ownedBy([account], templateId)).toEqual([[assets[0]]])
    expect(await heldOf(templateId)).toEqual([assets[1]])
  })

  it('one batch of two pools reads the payout account’s table once, no row twice', async () => {
    const first = await poolCampaign('acorn-one', 1)
    const second = await poolCampaign('acorn-two', 1)
    const accounts = await newAccounts(shared.chain, 2)
    const ids = [
      ...(await submitted(shared.database, 'acorn-one', [accounts[0]])),
      ...(await submitted(shared.database, 'acorn-two', [accounts[1]])),
    ]
    const { payable } = await claimDueRewards(shared.database, { limit: 10, leaseSeconds: 30 })
    const rewards = payable.filter((reward) => ids.includes(reward.id))
    expect(rewards).toHaveLength(2)

    const counted = nodeWithout(shared.chain, /^$/)
    const node = new PayoutChainNode(counted.connection, 5000)
    const takes = await takePoolAssets(shared.database, node, PAYOUT_ACCOUNT, rewards)

    expect(takes.assets).toEqual(
      new Map([
        [ids[0], first.assets[0]],
        [ids[1], second.assets[0]],
      ]),
    )
    // Both pools' assets are the table's newest: it was read to its end, each row once.
    expect(counted.read.tableRows).toBe((await assetsOf(shared.chain, PAYOUT_ACCOUNT)).length)
  })

  it('reconcile finds every asset sent once, then names one sent by hand with a reward’s memo', async () => {
    const { templateId } = await poolCampaign('acorn-audit', 2)
    const [account] = await newAccounts(shared.chain, 1)
    const [id] = await submitted(shared.database, 'acorn-audit', [account])
    await startWorker()
    await settled(shared.database, [id])
    const clean = await reconcileAll(shared.database, shared.chain)
    expect(clean.discrepancies).toEqual([])

    const [left] = await heldOf(templateId)
    const signer = new WharfkitPayoutSigner(shared.chain, payoutAccountFrom(env), {
      expireSeconds: 60,
      timeoutMs: 2000,
    })
    const signed = await signer.sign([
      { assetId: left, to: account, memo: `${env.PRODUCT_NAME} reward ${id}` },
    ])
    const outcome = await new PayoutChainNode(shared.chain, 5000).send(signed.packed)
    expect(outcome.landed).toBe(true)
    const found = await eventually(
      () => reconcileAll(shared.database, shared.chain),
      (result) => result.discrepancies.length > 0,
    )
    expect(found.discrepancies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'paid-twice',
          rewardId: id,
          transactionIds: expect.arrayContaining([signed.transactionId]),
        }),
        expect.objectContaining({
          kind: 'wrong-transfer',
          rewardId: id,
          message: expect.stringContaining(`asset ${left}`),
        }),
      ]),
    )
  })
})

describe('campaigns create --nft-pool', { timeout: 60_000 }, () => {
  // The chain as the CLI reads it, through a node the last test switches off.
  let switched: ReturnType<typeof switchableChain>
  beforeAll(() => {
    switched = switchableChain(shared.chain)
  })
  afterEach(() => switched.setDown(false))
  async function create(slug: string, ...argv: string[]): Promise<string> {
    const lines: string[] = []
    const context: AdminContext = {
      database: shared.database,
      env,
      chainNode: async () => new PayoutChainNode(switched.connection, 5000),
      transferHistory: async () => chainHistory(shared.chain),
      print: (line) => lines.push(line),
    }
    const command = ['campaigns', 'create', '--slug', slug, '--name', slug, '--kind', 'shared']
    return runAdminCommand([...command, ...argv], context).then(
      () => lines.join('\n'),
      (error: Error) => error.message,
    )
  }

  it('creates a campaign handing out a template the payout account holds, and shows its pool', async () => {
    const templateId = await newTemplate(shared.chain, 'Pine cone')
    await mintTo(shared.chain, templateId, PAYOUT_ACCOUNT, 3)
    const spec = `${NFT_COLLECTION}:${templateId}`
    expect(await create('cone-pool', '--nft-pool', spec, '--code', 'pine-cone')).toBe(
      `Created campaign cone-pool (shared, NFT Pine cone from the pool (${spec}) each).`,
    )
    expect(await findCampaign(shared.database, 'cone-pool')).toMatchObject({
      rewardQuantity: null,
      tokenContract: ATOMICASSETS,
      nft: { collection: NFT_COLLECTION, templateId, name: 'Pine cone', pool: true },
    })
    expect(await campaignOverview(shared.database, 'cone-pool')).toMatchObject({
      reward: `NFT Pine cone from the pool (${spec})`,
      nftSource: 'pool',
    })
  })

  it('refuses a pool it could not hand out from, saying why', async () => {
    expect(await create('bad-pool', '--nft-pool', NFT_COLLECTION)).toBe(
      new AdminNftPoolInvalid().message,
    )
    expect(
      await create('both', '--nft-pool', `${NFT_COLLECTION}:2`, '--nft', `${NFT_COLLECTION}:3`),
    ).toBe(new AdminNftPoolInvalid().message)
    expect(await create('no-template', '--nft-pool', `${NFT_COLLECTION}:999`)).toBe(
      new AdminNftPoolTemplateUnknown().message,
    )
    const none = await newTemplate(shared.chain, 'Empty husk')
    expect(await create('none-held', '--nft-pool', `${NFT_COLLECTION}:${none}`)).toBe(
      new AdminNftPoolEmpty().message,
    )
    expect(await findCampaign(shared.database, 'none-held')).toBeUndefined()
  })

  it('says the chain did not answer, and creates nothing, when it cannot check the NFT', async () => {
    switched.setDown(true)
    for (const flag of ['--nft-pool', '--nft']) {
      expect(await create('chain-down', flag, `${NFT_COLLECTION}:2`)).toBe(
        new AdminChainUnavailable().message,
      )
    }
    expect(await findCampaign(shared.database, 'chain-down')).toBeUndefined()
  })
})
