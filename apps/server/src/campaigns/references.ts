import type { Queryable } from '../db/database.ts'

/**
 * Campaigns as other capabilities refer to them: operators and partners name a campaign by its
 * slug, the tables that link to one (an API key's, a webhook endpoint's, a kiosk credential's)
 * hold its id. Every such lookup is here, so the campaigns table is read only from campaigns/.
 */

/**
 * The ids of the campaigns `slugs` names, in their order, or the first slug no campaign has
 * (which the caller refuses in its own words).
 */
export async function campaignIdsBySlug(
  db: Queryable,
  slugs: string[],
): Promise<{ ids: number[] } | { unknown: string }> {
  const rows = await db.query<{ id: number; slug: string }>(
    'SELECT id, slug FROM campaigns WHERE slug = ANY($1::text[])',
    [slugs],
  )
  const ids = new Map(rows.map((row) => [row.slug, row.id]))
  const unknown = slugs.find((slug) => !ids.has(slug))
  return unknown === undefined ? { ids: slugs.map((slug) => ids.get(slug) as number) } : { unknown }
}

/** The id of the campaign `slug` names; undefined when none does. */
export async function campaignIdBySlug(db: Queryable, slug: string): Promise<number | undefined> {
  const found = await campaignIdsBySlug(db, [slug])
  return 'ids' in found ? found.ids[0] : undefined
}

/**
 * A query's column: the slugs, in order, of the campaigns a link table ties to one row, e.g.
 * `linkedSlugs('api_key_campaigns', 'api_key_id', 'k.id')` for an API key aliased `k`.
 */
export function linkedSlugs(linkTable: string, ownerColumn: string, owner: string): string {
  return `ARRAY(SELECT c.slug FROM ${linkTable} l JOIN campaigns c ON c.id = l.campaign_id
         WHERE l.${ownerColumn} = ${owner} ORDER BY c.slug)`
}

/** The columns of one campaign another capability shows beside its own rows. */
export async function campaignFacts(
  db: Queryable,
  id: number,
): Promise<{ slug: string; kind: 'shared' | 'unique'; checkUrl: string | null } | undefined> {
  const [row] = await db.query<{
    slug: string
    kind: 'shared' | 'unique'
    check_url: string | null
  }>('SELECT slug, kind, check_url FROM campaigns WHERE id = $1', [id])
  return row && { slug: row.slug, kind: row.kind, checkUrl: row.check_url }
}

/**
 * A query's condition: the reward aliased `reward` is a claim on the campaign whose id is the
 * parameter `campaignId` (e.g. '$1'). A pending reward has no campaign_id yet (a worker sets it):
 * its code says whose it is.
 */
export function claimOnCampaign(reward: string, campaignId: string): string {
  return `EXISTS (SELECT 1 FROM codes k WHERE k.code = ${reward}.code AND k.campaign_id = ${campaignId})`
}

/**
 * A FROM item to join LATERAL: the campaign whose id is `campaignId` (an SQL expression), as its
 * `slug` and `reward_words`, what it pays as printed beside its codes (its amount, or 'NFT' and
 * the NFT's name).
 */
export function campaignLabelOf(campaignId: string): string {
  return `(SELECT slug, coalesce(reward_quantity, 'NFT ' || nft_name) AS reward_words
             FROM campaigns WHERE id = ${campaignId})`
}

/**
 * A FROM item to join LATERAL (LEFT, ON true): what the campaign whose id is `campaignId` pays,
 * as `quantity` (its token amount, or the NFT it mints as 'collection:template') and `pool`
 * (true when it hands out assets from a pool instead).
 */
export function campaignPaysOf(campaignId: string): string {
  return `(SELECT coalesce(reward_quantity, nft_collection || ':' || nft_template_id) AS quantity,
                  nft_pool AS pool
             FROM campaigns WHERE id = ${campaignId})`
}

/**
 * A query's column: the NFT the reward whose id is `rewardId` paid, as the protocol's JSON
 * (its campaign's template, as the campaign was created with it, and `assetId`); null for a
 * token reward.
 */
export function paidNftOf(rewardId: string, assetId: string): string {
  return `(SELECT nft_template_shape(c.nft_collection, c.nft_schema, c.nft_template_id, c.nft_name,
                                    c.nft_image) || jsonb_build_object('assetId', ${assetId})
     FROM rewards r JOIN campaigns c ON c.id = r.campaign_id
    WHERE r.id = ${rewardId} AND c.nft_collection IS NOT NULL)`
}
