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

let opened: OpenedChain

beforeAll(async () => {
  opened = await embedDevchain(await createDevchain({ blockIntervalMs: 100 }))
})

afterAll(async () => {
  await opened?.close()
})

it('finds the asset a reward minted among its owner’s newest, however many the owner holds', async () => {
  const chain = opened.connection
  const templateId = await newTemplate(chain, 'Many leaves')
  const [owner] = await newAccounts(chain, 1)
  const rewardId = randomUUID()
  const signer = new WharfkitPayoutSigner(chain, payoutAccountFrom(readEnvironment({})), {
    expireSeconds: 60,
  })
  const minted = await signer.sign([
    { collection: NFT_COLLECTION, schema: 'treasures', templateId, to: owner, rewardId },
  ])
  expect(await new PayoutChainNode(chain, 5000).send(minted.packed)).toMatchObject({ landed: true })
  // More newer assets than one page of the newest-first read holds, untied, in transactions of
  // different sizes so that no two are the same transaction.
  for (const count of [21, 22, 23, 24, 25]) await mintTo(chain, templateId, owner, count)
  const held = await assetsOf(chain, owner)
  expect(held).toHaveLength(116)
  const tie = Bytes.from(rewardId, 'utf8').hexString
  const tied = held.filter((asset) => asset.mutable_serialized_data.includes(tie))
  expect(tied).toHaveLength(1)
  expect(await findMintedAssets(chain.client, [{ rewardId, owner }])).toEqual(
    new Map([[rewardId, String(tied[0].asset_id)]]),
  )
  // One its owner no longer holds (here, never did) is left out, every asset read.
  expect(await findMintedAssets(chain.client, [{ rewardId: randomUUID(), owner }])).toEqual(
    new Map(),
  )
})
