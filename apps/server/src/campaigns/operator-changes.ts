import { normalizeCode } from '@fernwood/protocol'
import {
  type CampaignLimits,
  campaignLimitProblems,
  campaignRules,
  campaignTimeOf,
  type NewCampaignRequest,
} from '@fernwood/protocol/admin'
import { budgetRewardsFrom } from '../admin/budget-input.ts'
import {
  AdminCampaignClosed,
  AdminCampaignNotClosed,
  AdminCampaignNotFound,
  AdminCampaignWelcome,
  AdminCampaignWindowOver,
  AdminCapBelowClaimed,
  AdminCapInvalid,
  AdminCodeInvalid,
  AdminCodeTaken,
  AdminContractInvalid,
  AdminNameInvalid,
  AdminNftInvalid,
  AdminNftPoolInvalid,
  AdminRewardInvalid,
  AdminSlugInvalid,
  AdminSlugTaken,
  AdminTimeInvalid,
  AdminUniqueCodeGiven,
  AdminWindowInvalid,
} from '../admin/errors.ts'
import { iso, type Operator } from '../admin/operations.ts'
import { audit } from '../audit/audit-log.ts'
import type { Database, Queryable } from '../db/database.ts'
import { publishChange } from '../events/channel.ts'
import { ATOMICASSETS } from '../nfts/templates.ts'
import {
  addCodes,
  type Campaign,
  closeCampaign,
  createCampaign,
  findCampaign,
} from './catalogue.ts'
import { saveFairness } from './fairness-settings.ts'
import type { NftReward } from './nft-reward.ts'
import { auditedRules, claimRulesOf, saveClaimRules } from './rules.ts'

/**
 * An operator's changes to campaigns, for the CLI and the console alike (admin/campaign-
 * operations.ts declares them): created, closed and reopened under the campaign's lock, with the
 * same refusals (admin/errors.ts), each written to the audit log with who made it, and the
 * consoles told on commit.
 */

/**
 * Refuses a campaign's window and cap as the protocol's one check finds them (the console's too):
 * the first problem, naming its field. `claimed`: the claims a cap may not go below.
 */
export function checkLimits(limits: CampaignLimits, claimed = 0): void {
  const { startsAt, endsAt, cap } = campaignLimitProblems(limits, claimed)
  if (startsAt) throw new AdminTimeInvalid('startsAt')
  if (endsAt === 'ADMIN_TIME_INVALID') throw new AdminTimeInvalid('endsAt')
  if (endsAt) throw new AdminWindowInvalid()
  if (cap === 'ADMIN_CAP_INVALID') throw new AdminCapInvalid()
  if (cap) throw new AdminCapBelowClaimed(String(claimed))
}

/**
 * Creates a campaign (and a shared campaign's one code), as `campaigns create` does. `contract`
 * defaults to `defaultContract`, the server's REWARD_TOKEN_CONTRACT. An NFT campaign (`nft` or
 * `nftPool` in the draft) pays `nft`, as the caller checked it on chain (nftOfDraft).
 */
export async function createCampaignAs(
  database: Database,
  operator: Operator,
  draft: NewCampaignRequest,
  defaultContract: string,
  nft: NftReward | null = null,
): Promise<Campaign> {
  if (!campaignRules.slug.test(draft.slug)) throw new AdminSlugInvalid()
  const name = draft.name.trim()
  if (name.length < 1 || name.length > campaignRules.nameMaxLength) throw new AdminNameInvalid()
  if ((draft.nft !== undefined || draft.nftPool !== undefined) !== (nft !== null)) {
    throw new Error('an NFT campaign’s template must be checked on chain before it is created')
  }
  if (nft && draft.reward) throw nft.pool ? new AdminNftPoolInvalid() : new AdminNftInvalid()
  const reward = nft ? null : (draft.reward ?? '')
  if (reward !== null && !campaignRules.reward.test(reward)) throw new AdminRewardInvalid()
  const tokenContract = nft ? ATOMICASSETS : draft.contract || defaultContract
  if (!campaignRules.contract.test(tokenContract)) throw new AdminContractInvalid()
  checkLimits(draft)
  const code = draft.code === undefined || draft.code === '' ? undefined : normalizeCode(draft.code)
  if (draft.code && !code) throw new AdminCodeInvalid()
  if (draft.kind === 'unique' && code) throw new AdminUniqueCodeGiven()
  const budgetRewards = budgetRewardsFrom(draft.budget, reward)
  const claimRules = claimRulesOf(draft)

  return database.transaction(async (tx) => {
    if (await findCampaign(tx, draft.slug)) throw new AdminSlugTaken(draft.slug)
    if (code && (await tx.query('SELECT 1 FROM codes WHERE code = $1', [code])).length > 0) {
      throw new AdminCodeTaken(code)
    }
    const created = await createCampaign(tx, {
      slug: draft.slug,
      name,
      kind: draft.kind,
      rewardQuantity: reward,
      tokenContract,
      nft,
      startsAt: campaignTimeOf(draft.startsAt),
      endsAt: campaignTimeOf(draft.endsAt),
      totalCap: draft.cap ?? null,
      budgetRewards,
    })
    if (code) await addCodes(tx, created, [code])
    await saveClaimRules(tx, created.id, claimRules)
    const fairness = await saveFairness(tx, created.id, draft)
    await audit(tx, operator, 'campaign.created', created.slug, {
      kind: draft.kind,
      reward: reward ?? `${nft?.pool ? 'pool ' : ''}${nft?.collection}:${nft?.templateId}`,
      code,
      ...(budgetRewards !== null && { budgetRewards }),
      ...auditedRules(claimRules),
      ...fairness.after,
    })
    await announceCatalogueChanged(tx)
    return created
  })
}

interface CampaignStanding {
  is_welcome: boolean
  closed_at: Date | null
  ends_at: Date | null
}

/** The campaign's row, locked until the transaction ends: one close or reopen at a time. */
async function lockCampaign(tx: Queryable, slug: string): Promise<CampaignStanding> {
  const [row] = await tx.query<CampaignStanding>(
    `SELECT is_welcome, closed_at, ends_at FROM campaigns WHERE slug = $1 FOR UPDATE`,
    [slug],
  )
  if (!row) throw new AdminCampaignNotFound(slug)
  return row
}

/**
 * Closes a campaign: new submissions of its codes are rejected as ended; rewards already being
 * paid still complete. Not the welcome campaign: its code is every visitor's first claim.
 */
export async function closeCampaignAs(
  database: Database,
  operator: Operator,
  slug: string,
): Promise<void> {
  await changeCampaignAs(database, operator, slug, 'campaign.closed', async (tx, campaign) => {
    if (campaign.is_welcome) throw new AdminCampaignWelcome()
    if (campaign.closed_at) throw new AdminCampaignClosed(slug)
    await closeCampaign(tx, slug)
    return {}
  })
}

/**
 * Reopens a closed campaign: its codes are accepted again, within its window and cap. One whose
 * window has ended stays closed (reopened, it would refuse every code all the same).
 */
export async function reopenCampaignAs(
  database: Database,
  operator: Operator,
  slug: string,
): Promise<void> {
  await changeCampaignAs(database, operator, slug, 'campaign.reopened', (tx, campaign) =>
    reopenLocked(tx, slug, campaign.closed_at, campaign.ends_at),
  )
}

/**
 * Reopens `slug`, locked by the caller, closed at `closedAt`, unless its window, ending at
 * `endsAt`, is over by the database's clock (reopened, it would refuse every code all the same);
 * what the audit log keeps of it.
 */
export async function reopenLocked(
  tx: Queryable,
  slug: string,
  closedAt: Date | null,
  endsAt: Date | string | null,
): Promise<Record<string, unknown>> {
  if (!closedAt) throw new AdminCampaignNotClosed(slug)
  const reopened = await tx.query(
    `UPDATE campaigns SET closed_at = NULL
      WHERE slug = $1 AND NOT coalesce($2::timestamptz <= now(), false) RETURNING id`,
    [slug, endsAt],
  )
  if (reopened.length === 0)
    throw new AdminCampaignWindowOver(slug, new Date(endsAt ?? 0).toISOString())
  return { closedAt: iso(closedAt) }
}

/**
 * An operator's change to a campaign, in one transaction under the campaign's lock: `change`
 * checks and makes it and says what the audit log keeps of it; the consoles are told.
 */
async function changeCampaignAs(
  database: Database,
  operator: Operator,
  slug: string,
  action: string,
  change: (tx: Queryable, campaign: CampaignStanding) => Promise<Record<string, unknown>>,
): Promise<void> {
  await database.transaction(async (tx) => {
    const details = await change(tx, await lockCampaign(tx, slug))
    await audit(tx, operator, action, slug, details)
    await announceCatalogueChanged(tx)
  })
}

/** Tells the consoles, on commit, that campaigns or codes changed. */
export async function announceCatalogueChanged(tx: Queryable): Promise<void> {
  await publishChange(tx, { kind: 'catalogue' })
}
