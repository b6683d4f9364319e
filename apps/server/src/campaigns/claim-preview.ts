import type { ClaimPreview, ClaimState } from '@fernwood/protocol'
import type { Queryable } from '../db/database.ts'
import { splitQuantity } from './codes.ts'
import { type StoredClaimRules, shownClaimRules } from './eligibility.ts'
import { type NftRewardColumns, nftRewardOf } from './nft-reward.ts'
import { codeStandingOf } from './standing.ts'
import { periodNameOf } from './wallet-limits.ts'

/**
 * What the claim link of `code` (normalised) pays, as its page shows it before the visitor
 * enters; undefined for a code the catalogue does not hold and for a unique code already used,
 * which pays nobody any more and would otherwise confirm a guess. The state is the code's
 * standing now (`code_standing`, which the worker's `redeemCodes` reads too), short of taking
 * a share: a shared campaign's cap can still fill before the visitor claims.
 */
export async function readClaimPreview(
  db: Queryable,
  code: string,
): Promise<ClaimPreview | undefined> {
  const [row] = await db.query<
    NftRewardColumns &
      StoredClaimRules & {
        name: string
        reward_quantity: string | null
        starts_at: Date | null
        ends_at: Date | null
        state: ClaimState
        remaining: number | null
      }
  >(
    `SELECT c.name, c.reward_quantity, c.starts_at, s.ends_at,
            c.nft_collection, c.nft_schema,
            c.nft_template_id, c.nft_name, c.nft_image, c.nft_pool, c.rules,
            c.claim_group, g.claims_per_wallet, ${periodNameOf('g')} AS period,
            s.remaining,
            coalesce(s.refusal, 'open') AS state
       FROM codes k JOIN campaigns c ON c.id = k.campaign_id
      CROSS JOIN LATERAL ${codeStandingOf('k', 'c')} s
       LEFT JOIN campaign_groups g ON g.name = c.claim_group
      WHERE k.code = $1 AND (k.uses_left IS NULL OR k.uses_left > 0)`,
    [code],
  )
  if (!row) return undefined
  const rules = shownClaimRules(row)
  return {
    campaign: row.name,
    ...(row.reward_quantity && { reward: splitQuantity(row.reward_quantity) }),
    ...nftOf(row),
    startsAt: row.starts_at && new Date(row.starts_at).toISOString(),
    endsAt: row.ends_at && new Date(row.ends_at).toISOString(),
    state: row.state,
    remaining: row.remaining,
    ...(rules && { rules }),
  }
}

/** The NFT an NFT campaign mints, as the preview shows it. */
function nftOf(row: NftRewardColumns): Pick<ClaimPreview, 'nft'> {
  const nft = nftRewardOf(row)
  return nft ? { nft } : {}
}
