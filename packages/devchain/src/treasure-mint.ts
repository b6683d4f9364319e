import type { AnyAction } from '@wharfkit/antelope'
import { devchainSeed, NFT_COLLECTION, NFT_CONTRACT } from './seed'

/**
 * AtomicAssets' `mintasset` of the seeded collection's template `templateId` for `owner`,
 * authorised by `minter` (an authorised minter such as the payout account, or a test's refused one).
 */
export function treasureMintAction(minter: string, templateId: number, owner: string): AnyAction {
  return {
    account: NFT_CONTRACT,
    name: 'mintasset',
    authorization: [{ actor: minter, permission: 'active' }],
    data: {
      authorized_minter: minter,
      collection_name: NFT_COLLECTION,
      schema_name: devchainSeed.nfts.schema.name,
      template_id: templateId,
      new_asset_owner: owner,
      immutable_data: [],
      mutable_data: [],
      tokens_to_back: [],
    },
  }
}
