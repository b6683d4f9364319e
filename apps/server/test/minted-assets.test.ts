import { randomUUID } from 'node:crypto'
import { createDevchain, NFT_COLLECTION } from '@fernwood/devchain'
import { Bytes } from '@wharfkit/antelope'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { embedDevchain, type OpenedChain } from '../src/chain/open-chain.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { PayoutChainNode } from '../src/payouts/chain-node.ts'
import { findMintedAssets } from '../src/payouts/minted-assets.ts'
import { payoutAccountFrom } from '../src/payouts/settings.ts'
import { WharfkitPayoutSigner } from '../src/payouts/signer.ts'
import { assetsOf, mintTo, newAccounts, newTemplate } from './support/nfts.ts'
import { nodeWithout } from './support/worker.ts'

let opened: OpenedChain

beforeAll(async () => {
  opened = await embedDevchain(await createDevchain({ blockIntervalMs: 100 }))
})

afterAll(async () => {
  await opened?.close()
})

/** An owner holding one asset a reward minted, and 115 newer untied ones. */
let owner: string
let rewardId: string
let tiedAsset: string
let mintTraced: string | undefined
let held: Awaited<ReturnType<typeof assetsOf>>

beforeAll(async () => {
  const chain = opened.connection
  const templateId = await newTemplate(chain, 'Many leaves')
  ;[owner] = await newAccounts(chain, 1)
  rewardId = randomUUID()
  const signer = new WharfkitPayoutSigner(chain, payoutAccountFrom(readEnvironment({})), {
    expireSeconds: 60,
    timeoutMs: 2000,
  })
  const minted = await signer.sign([
    { collection: NFT_COLLECTION, schema: 'treasures', templateId, to: owner, rewardId },
  ])
  const node = new PayoutChainNode(chain, 5000)
  expect(await node.send(minted.packed)).toMatchObject({ landed: true })
  mintTraced = node.mintedAssetOf(rewardId)
  // More newer assets than one page of the newest-first read holds, untied, in transactions of
  // different sizes so that no two are the same transaction.
  for (const count of [21, 22, 23, 24, 25]) await mintTo(chain, templateId, owner, count)
  held = await assetsOf(chain, owner)
  const tie = Bytes.from(rewardId, 'utf8').hexString
  const tied = held.filter((asset) => asset.mutable_serialized_data.includes(tie))
  expect(tied).toHaveLength(1)
  tiedAsset = String(tied[0].asset_id)
})

it('finds the asset a reward minted among its owner’s newest, however many the owner holds', async () => {
  const chain = opened.connection
  expect(held).toHaveLength(116)
  expect(await findMintedAssets(chain.client, [{ rewardId, owner }])).toEqual(
    new Map([[rewardId, tiedAsset]]),
  )
  // One its owner no longer holds (here, never did) is left out, every asset read.
  expect(await findMintedAssets(chain.client, [{ rewardId: randomUUID(), owner }])).toEqual(
    new Map(),
  )
})

it('the node that sent a mint knows its asset from the trace, and one read there finds it', async () => {
  expect(mintTraced).toBe(tiedAsset)
  const counted = nodeWithout(opened.connection, /^$/)
  const found = await findMintedAssets(counted.connection.client, [{ rewardId, owner }], (id) =>
    id === rewardId ? mintTraced : undefined,
  )
  expect(found).toEqual(new Map([[rewardId, tiedAsset]]))
  expect(counted.requests.get('/v1/chain/get_table_rows')).toBe(1)
})

it('an asset the block numbered otherwise than the trace said is found by the search, no other taken for it', async () => {
  // Other mints ran first in the block, or a fork ran it again: another asset is where the trace
  // said, without the reward's tie.
  const elsewhere = String(held.find((asset) => String(asset.asset_id) !== tiedAsset)?.asset_id)
  const counted = nodeWithout(opened.connection, /^$/)
  const found = await findMintedAssets(
    counted.connection.client,
    [{ rewardId, owner }],
    () => elsewhere,
  )
  expect(found).toEqual(new Map([[rewardId, tiedAsset]]))
  expect(counted.requests.get('/v1/chain/get_table_rows')).toBeGreaterThan(1)
})
