import { REJECTION_REASONS } from '@fernwood/protocol'
import type { Database, Queryable } from '../db/database.ts'
import {
  ASSET_PAGE_ROWS,
  assetPagesHeldBy,
  heldAssetsOf,
  templateKey,
} from '../nfts/held-assets.ts'
import { rejectUnpayable } from '../rewards/lifecycle.ts'
import type { PayoutChainNode } from './chain-node.ts'
import type { PayableReward } from './payable-reward.ts'
import { hasPayoutThatMayLand } from './repository.ts'

/** Pool rewards about to be signed, with the asset each sends. */
export interface PoolTakes {
  /**
   * the rewards to pay: all of them but the pool rewards no asset was left for, and those whose
   * asset a transaction that may still land sent (another worker's, after this one's lease ran out)
   */
  payable: PayableReward[]
  /** the asset each pool reward sends, by reward id */
  assets: Map<string, string>
  /** the pool rewards rejected here, their pool empty */
  rejected: string[]
}

/**
 * A template's pool rewards still to take an asset, its assets read so far that may be free, and
 * every one of them read (for a last look before a reward is refused as its pool empty).
 */
interface TemplateTakes {
  waiting: PayableReward[]
  candidates: string[]
  seen: string[]
}

/**
 * Gives each pool reward about to get a new transaction one of its template's assets that
 * `owner` (the payout account) holds, oldest first, recorded in `nft_pool_takes` before anything
 * is signed. The owner's table is read once, in asset id order, and only as far as the batch
 * needs: its first page as long as the assets taken and not yet sent (the oldest, so the first
 * rows) and the batch's own, so that a pool of thousands costs a batch a page or so.
 * A reward keeps the asset it took before while `owner` still holds it, so a transaction signed
 * again sends the same one. Nothing of the reward's may land while a new transaction is signed,
 * so an asset no longer held is given up and another taken, unless a transaction of the reward's
 * may land after all (another worker took it over once this one's lease ran out): the reward is
 * then left to that worker, its asset still named. Assets other rewards took are left to them; a
 * worker that loses a race for one takes the next. Rewards with none left are rejected with
 * `nft_pool_empty` before signing, so that they cannot make the chain refuse the batch. Other
 * rewards pass through.
 */
export async function takePoolAssets(
  database: Database,
  node: PayoutChainNode,
  owner: string,
  rewards: PayableReward[],
): Promise<PoolTakes> {
  const assets = new Map<string, string>()
  const pool = rewards.filter((reward) => reward.nft?.pool)
  if (pool.length === 0) return { payable: rewards, assets, rejected: [] }

  const templates = new Map<string, TemplateTakes>()
  const templateOf = (reward: PayableReward): TemplateTakes => {
    const key = templateKey(reward.nft?.collection ?? '', reward.nft?.templateId ?? 0)
    const template = templates.get(key) ?? { waiting: [], candidates: [], seen: [] }
    templates.set(key, template)
    return template
  }
  const earlier = await takesOf(
    database,
    pool.map((reward) => reward.id),
  )
  // Rewards whose earlier asset the table has not shown yet, by that asset.
  const unseen = new Map<string, PayableReward>()
  for (const reward of pool) {
    const asset = earlier.get(reward.id)
    const template = templateOf(reward)
    if (asset) unseen.set(asset, reward)
    else template.waiting.push(reward)
  }
  const othersInFlight = new Set<string>()

  const giveUp = async (gone: PayableReward[]) => {
    if (gone.length === 0) return
    const givenUp = await database.query<{ reward_id: string }>(
      `DELETE FROM nft_pool_takes t
        WHERE t.reward_id = ANY($1::uuid[]) AND NOT ${hasPayoutThatMayLand('t.reward_id')}
        RETURNING t.reward_id`,
      [gone.map((reward) => reward.id)],
    )
    const given = new Set(givenUp.map((row) => row.reward_id))
    for (const reward of gone) {
      if (given.has(reward.id)) templateOf(reward).waiting.push(reward)
      else othersInFlight.add(reward.id)
    }
  }

  const fill = async (template: TemplateTakes) => {
    while (template.waiting.length > 0 && template.candidates.length > 0) {
      const free = await untaken(database, template.candidates)
      const tried = free.slice(0, template.waiting.length)
      if (tried.length > 0) {
        const taken = await database.query<{ reward_id: string; asset_id: string }>(
          `INSERT INTO nft_pool_takes (reward_id, asset_id)
           SELECT * FROM unnest($1::uuid[], $2::text[]) ON CONFLICT (asset_id) DO NOTHING
           RETURNING reward_id, asset_id`,
          [template.waiting.slice(0, tried.length).map((reward) => reward.id), tried],
        )
        for (const take of taken) assets.set(take.reward_id, take.asset_id)
      }
      template.candidates = free.slice(tried.length)
      template.waiting = template.waiting.filter((reward) => !assets.has(reward.id))
    }
  }

  const needsMore = () =>
    unseen.size > 0 || [...templates.values()].some((template) => template.waiting.length > 0)
  const [{ taken }] = await database.query<{ taken: number }>(
    'SELECT count(*)::int AS taken FROM nft_pool_takes',
  )
  const pages = node.readInParts((client) =>
    assetPagesHeldBy(client, owner, {
      firstPageSize: Math.min(taken + pool.length, ASSET_PAGE_ROWS),
    }),
  )
  for await (const page of pages) {
    for (const row of page) {
      const asset = String(row.asset_id)
      const template = templates.get(templateKey(row.collection_name, Number(row.template_id)))
      const kept = unseen.get(asset)
      if (kept && templateOf(kept) === template) {
        assets.set(kept.id, asset)
        unseen.delete(asset)
      } else {
        template?.candidates.push(asset)
        template?.seen.push(asset)
      }
    }
    // The table is in asset id order: an earlier asset below the page's last is no longer held.
    const last = BigInt(page[page.length - 1].asset_id)
    const passed = [...unseen].filter(([asset]) => BigInt(asset) < last)
    for (const [asset] of passed) unseen.delete(asset)
    await giveUp(passed.map(([, reward]) => reward))
    for (const template of templates.values()) await fill(template)
    if (!needsMore()) break
  }
  // Read to its end: an earlier asset never shown is no longer held either. Before a reward is
  // refused, every asset of its template read is looked at again: one taken when first seen may
  // have been given back since.
  await giveUp([...unseen.values()])
  for (const template of templates.values()) {
    if (template.waiting.length > 0) template.candidates = template.seen
    await fill(template)
  }

  const empty = [...templates.values()].flatMap((template) => template.waiting)
  const rejected =
    empty.length === 0
      ? []
      : await rejectUnpayable(database, empty, 'nft_pool_empty', REJECTION_REASONS.nft_pool_empty)
  const leftOut = new Set([...empty.map((reward) => reward.id), ...othersInFlight])
  return { payable: rewards.filter((reward) => !leftOut.has(reward.id)), assets, rejected }
}

/** The asset each of `rewardIds` took from its pool, by reward id. */
export async function takesOf(db: Queryable, rewardIds: string[]): Promise<Map<string, string>> {
  // A batch of token rewards or minted NFTs has none: no round trip to find so.
  if (rewardIds.length === 0) return new Map()
  const rows = await db.query<{ reward_id: string; asset_id: string }>(
    'SELECT reward_id, asset_id FROM nft_pool_takes WHERE reward_id = ANY($1::uuid[])',
    [rewardIds],
  )
  return new Map(rows.map((row) => [row.reward_id, row.asset_id]))
}

/** Of `held`, in order, the assets no reward has taken. */
async function untaken(db: Queryable, held: string[]): Promise<string[]> {
  const taken = await db.query<{ asset_id: string }>(
    'SELECT asset_id FROM nft_pool_takes WHERE asset_id = ANY($1::text[])',
    [held],
  )
  const takenIds = new Set(taken.map((row) => row.asset_id))
  return held.filter((asset) => !takenIds.has(asset))
}

/**
 * How many assets of `template` `owner` holds that no reward has taken: what its pool can still
 * hand out, as the chain answers now.
 */
export async function poolSizeOf(
  db: Queryable,
  node: Pick<PayoutChainNode, 'read'>,
  owner: string,
  template: { collection: string; templateId: number },
): Promise<number> {
  const held = await node.read((client) =>
    heldAssetsOf(client, owner, template.collection, template.templateId),
  )
  return (await untaken(db, held)).length
}
