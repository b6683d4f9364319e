import type { Queryable } from '../db/database.ts'
import { type NftReward, type NftRewardColumns, nftRewardOf } from './nft-reward.ts'

/** What a campaign pays each claim: a token quantity of its contract, or (null quantity) an NFT. */
export interface CampaignPayment {
  rewardQuantity: string | null
  tokenContract: string
  nft: NftReward | null
}

/** What each campaign of `ids` pays, by campaign id. */
export async function readCampaignPayments(
  db: Queryable,
  ids: number[],
): Promise<Map<number, CampaignPayment>> {
  const rows = await db.query<
    NftRewardColumns & { id: number; reward_quantity: string | null; token_contract: string }
  >(
    `SELECT id, reward_quantity, token_contract, nft_collection, nft_schema, nft_template_id,
            nft_name, nft_image, nft_pool
       FROM campaigns WHERE id = ANY($1::integer[])`,
    [[...new Set(ids)]],
  )
  return new Map(
    rows.map((row) => [
      row.id,
      {
        rewardQuantity: row.reward_quantity,
        tokenContract: row.token_contract,
        nft: nftRewardOf(row),
      },
    ]),
  )
}

/** Every token contract a campaign pays from, where the payout account's transfers are read. */
export async function payingContracts(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ token_contract: string }>(
    'SELECT DISTINCT token_contract FROM campaigns',
  )
  return rows.map((row) => row.token_contract)
}
