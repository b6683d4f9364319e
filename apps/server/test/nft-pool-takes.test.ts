import { PAYOUT_ACCOUNT } from '@fernwood/devchain'
import { PermissionLevel } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import { PayoutChainNode } from '../src/payouts/chain-node.ts'
import { assetTransferAction } from '../src/payouts/nft-actions.ts'
import { takePoolAssets, takesOf } from '../src/payouts/nft-pools.ts'
import { claimDueRewards } from '../src/worker/claim.ts'
import {
  assetsOf,
  mintTo,
  newAccounts,
  newTemplate,
  nftCampaign,
  submitted,
} from './support/nfts.ts'
import { useWorkerTest } from './support/use-worker-test.ts'
import { nodeWithout, payoutSession } from './support/worker.ts'

// A chain of this file's own: its by-hand transfer and its mints to other owners are not payouts
// that nft-pool.test.ts's reconciliation should account for.
const shared = useWorkerTest()

describe('how a batch takes from a pool', { timeout: 60_000 }, () => {
  it('a batch reads its pool only as far as it takes from it', async () => {
    const [owner, ...accounts] = await newAccounts(shared.chain, 3)
    const templateId = await newTemplate(shared.chain, 'acorn-deep')
    // In transactions of different sizes: two alike in one block would be one, sent twice.
    for (const count of [25, 24, 23, 22, 21, 20, 15]) {
      await mintTo(shared.chain, templateId, owner, count)
    }
    await nftCampaign(shared.database, 'acorn-deep', { templateId, name: 'acorn-deep', pool: true })
    const ids = await submitted(shared.database, 'acorn-deep', accounts)
    const { payable } = await claimDueRewards(shared.database, { limit: 10, leaseSeconds: 30 })
    const rewards = payable.filter((reward) => ids.includes(reward.id))
    const held = (await assetsOf(shared.chain, owner)).map((asset) => String(asset.asset_id))

    const counted = nodeWithout(shared.chain, /^$/)
    const node = new PayoutChainNode(counted.connection, 5000)
    const takes = await takePoolAssets(shared.database, node, owner, rewards)

    expect(new Set(takes.assets.values())).toEqual(new Set(held.slice(0, 2)))
    expect(held).toHaveLength(150)
    expect(counted.read.tableRows).toBeLessThan(held.length)
  })

  it('a reward whose asset left the pool before it was sent takes the next one', async () => {
    const owner = PAYOUT_ACCOUNT
    const [account, elsewhere] = await newAccounts(shared.chain, 2)
    const templateId = await newTemplate(shared.chain, 'acorn-moved')
    await mintTo(shared.chain, templateId, owner, 4)
    await nftCampaign(shared.database, 'acorn-moved', {
      templateId,
      name: 'acorn-moved',
      pool: true,
    })
    const [id] = await submitted(shared.database, 'acorn-moved', [account])
    const { payable } = await claimDueRewards(shared.database, { limit: 10, leaseSeconds: 30 })
    const rewards = payable.filter((reward) => reward.id === id)
    const held = (await assetsOf(shared.chain, owner))
      .filter((asset) => asset.template_id === templateId)
      .map((asset) => String(asset.asset_id))
    const node = new PayoutChainNode(shared.chain, 5000)
    const first = await takePoolAssets(shared.database, node, owner, rewards)
    expect(first.assets).toEqual(new Map([[id, held[0]]]))

    // The payout account sends that asset elsewhere by hand, before any transaction of the reward's.
    await payoutSession(shared.chain).transact({
      action: assetTransferAction(PermissionLevel.from({ actor: owner, permission: 'active' }), {
        assetId: held[0],
        to: elsewhere,
        memo: 'moved by hand',
      }),
    })
    const again = await takePoolAssets(shared.database, node, owner, rewards)

    expect(again).toMatchObject({ assets: new Map([[id, held[1]]]), rejected: [] })
    expect(again.payable.map((reward) => reward.id)).toEqual([id])
    expect(await takesOf(shared.database, [id])).toEqual(new Map([[id, held[1]]]))
  })
})
