import { normalizeCode } from '@fernwood/protocol'
import {
  type AdminCampaign,
  type CampaignLimits,
  type ClaimBucket,
  campaignLimitProblems,
  campaignRules,
  campaignTimeOf,
  type FailedPayout,
  type NewCampaignRequest,
  type PayoutsResponse,
  type StuckPayout,
} from '@fernwood/protocol/admin'
import { audit } from '../audit/audit-log.ts'
import { exceeds, reservedByOpenBudgets } from '../campaigns/budgets.ts'
import {
  addCodes,
  type Campaign,
  type CampaignRow,
  closeCampaign,
  createCampaign,
  findCampaign,
} from '../campaigns/catalogue.ts'
import type { StoredClaimRules } from '../campaigns/eligibility.ts'
import { type NftReward, nftRewardOf, rewardWords } from '../campaigns/nft-reward.ts'
import { type CampaignStandingColumns, campaignStandingOf } from '../campaigns/standing.ts'
import { periodNameOf } from '../campaigns/wallet-limits.ts'
import type { Environment } from '../config/environment.ts'
import { readServerSecret } from '../config/server-secret.ts'
import type { Database, Queryable } from '../db/database.ts'
import { publishChange } from '../events/channel.ts'
import { operatorCheckSecret } from '../fairness/operator-check.ts'
import { ATOMICASSETS } from '../nfts/templates.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'
import { listFailedPayouts } from '../payouts/repository.ts'
import {
  type AccountResources,
  type PayoutPause,
  readPayoutPause,
} from '../payouts/resource-pause.ts'
import { payoutAccountFrom } from '../payouts/settings.ts'
import { budgetRewardsFrom, budgetShown } from './budget-input.ts'
import { saveFairness } from './campaign-fairness.ts'
import { auditedRules, claimRulesOf, rulesAsWritten, saveClaimRules } from './campaign-rules.ts'
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
} from './errors.ts'

/**
 * The operators' operations, for the CLI and the console alike: the same queries, the same rules
 * and refusals (`errors.ts`), and every change written to the audit log with who made it.
 */

/** Who runs an operation, as the audit log names them: the CLI, or a console operator's wallet. */
export type Operator = 'admin' | `admin:${string}`

export const CLI_OPERATOR: Operator = 'admin'

export const consoleOperator = (account: string): Operator => `admin:${account}`

/** The console operator's account, null for the CLI. */
export const operatorAccountIn = (operator: Operator): string | null =>
  operator === CLI_OPERATOR ? null : operator.slice('admin:'.length)

// How many minutes of claims a campaign's chart holds: a long campaign shows its latest ones.
const CHART_MINUTES = 500

interface CampaignOverviewRow
  extends Omit<CampaignRow, 'bonus_text' | 'closed_at'>,
    StoredClaimRules,
    Pick<CampaignStandingColumns, 'phase' | 'remaining'> {
  codes: number
  unused_codes: number
  human_check: AdminCampaign['humanCheck']
  grants_per_account: number | null
  once_per_asset: boolean
  check_url: string | null
  payout_delay_seconds: number
}

export const iso = (time: Date | null) => (time === null ? null : new Date(time).toISOString())

/** Every campaign with its counts and its claims over time, oldest campaign first. */
export async function listCampaignOverview(db: Database): Promise<AdminCampaign[]> {
  return readCampaignOverview(db)
}

/** One campaign as `listCampaignOverview` shows it. */
export async function campaignOverview(db: Database, slug: string): Promise<AdminCampaign> {
  const [campaign] = await readCampaignOverview(db, slug)
  if (!campaign) throw new AdminCampaignNotFound(slug)
  return campaign
}

/**
 * The overview is the operators' (the console's API and stream, the CLI; a kiosk shows a few of
 * its fields): it carries the signing secret of each campaign's check, for them to configure
 * their endpoint with.
 */
async function readCampaignOverview(db: Database, slug?: string): Promise<AdminCampaign[]> {
  const rows = await db.query<CampaignOverviewRow>(
    `SELECT c.id, c.slug, c.name, c.kind, c.reward_quantity, c.token_contract, c.starts_at,
            c.ends_at, c.total_cap, c.budget_rewards, c.claimed_count, c.is_welcome, c.created_at,
            c.nft_collection, c.nft_schema, c.nft_template_id, c.nft_name, c.nft_image, c.nft_pool,
            c.rules, c.claim_group, g.claims_per_wallet,
            c.human_check, c.grants_per_account, c.once_per_asset, c.check_url,
            c.payout_delay_seconds, ${periodNameOf('g')} AS period, k.codes, k.unused_codes, s.phase, s.remaining
       FROM campaigns c
      CROSS JOIN LATERAL ${campaignStandingOf('c')} s
       LEFT JOIN campaign_groups g ON g.name = c.claim_group
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS codes, coalesce(sum(uses_left), 0)::int AS unused_codes
           FROM codes WHERE campaign_id = c.id) k
      WHERE $1::text IS NULL OR c.slug = $1
      ORDER BY c.id`,
    [slug ?? null],
  )
  const buckets = await db.query<{ campaign_id: number; at: Date; claims: number }>(
    `SELECT campaign_id, at, claims FROM (
       SELECT campaign_id, date_trunc('minute', created_at) AS at, count(*)::int AS claims,
              row_number() OVER (PARTITION BY campaign_id
                                 ORDER BY date_trunc('minute', created_at) DESC) AS newest
         FROM rewards
        WHERE campaign_id = ANY($1::int[]) AND status <> 'rejected'
        GROUP BY campaign_id, date_trunc('minute', created_at)) minutes
      WHERE newest <= $2
      ORDER BY campaign_id, at`,
    [rows.map((row) => row.id), CHART_MINUTES],
  )
  const claims = new Map<number, ClaimBucket[]>()
  for (const bucket of buckets) {
    const series = claims.get(bucket.campaign_id) ?? []
    series.push({ at: new Date(bucket.at).toISOString(), claims: bucket.claims })
    claims.set(bucket.campaign_id, series)
  }
  const serverSecret = rows.some((row) => row.check_url !== null)
    ? await readServerSecret(db)
    : undefined
  return rows.map((row) => {
    // A unique campaign pays no more claims than it has unused codes, however much remains.
    const limits = [
      ...(row.remaining === null ? [] : [row.remaining]),
      ...(row.kind === 'unique' ? [row.unused_codes] : []),
    ]
    const nft = nftRewardOf(row)
    return {
      slug: row.slug,
      name: row.name,
      kind: row.kind,
      reward: rewardWords(row.reward_quantity, nft),
      nft,
      nftSource: nft === null ? null : nft.pool ? 'pool' : 'mint',
      tokenContract: row.token_contract,
      startsAt: iso(row.starts_at),
      endsAt: iso(row.ends_at),
      cap: row.total_cap,
      budget: budgetShown(row.budget_rewards, row.reward_quantity),
      claimed: row.claimed_count,
      remaining: limits.length === 0 ? null : Math.min(...limits),
      codes: row.codes,
      state: row.phase,
      welcome: row.is_welcome,
      rules: rulesAsWritten(row),
      humanCheck: row.human_check,
      grantsPerAccount: row.grants_per_account,
      oncePerAsset: row.once_per_asset,
      checkUrl: row.check_url,
      ...(serverSecret &&
        row.check_url !== null && { checkSecret: operatorCheckSecret(serverSecret, row.id) }),
      payoutDelay: row.payout_delay_seconds,
      createdAt: new Date(row.created_at).toISOString(),
      claimsOverTime: claims.get(row.id) ?? [],
    }
  })
}

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

/** Rewards processing or confirming for more than `minutes`, oldest first. */
export async function listStuckRewards(db: Queryable, minutes: number): Promise<StuckPayout[]> {
  const rows = await db.query<{
    id: string
    status: string
    wax_account: string
    code: string
    attempts: number
    last_error: string | null
    created_at: Date
  }>(
    `SELECT id, status, wax_account, code, attempts, last_error, created_at FROM rewards
      WHERE status IN ('processing', 'confirming') AND created_at < now() - make_interval(mins => $1)
      ORDER BY created_at`,
    [minutes],
  )
  return rows.map((row) => ({
    rewardId: row.id,
    status: row.status,
    waxAccount: row.wax_account,
    code: row.code,
    attempts: row.attempts,
    error: row.last_error,
    since: new Date(row.created_at).toISOString(),
  }))
}

/** Payouts the chain refused, newest first: their rewards wait for a retry. */
export async function listRefusedPayouts(db: Queryable): Promise<FailedPayout[]> {
  const rows = await listFailedPayouts(db)
  return rows.map((row) => ({
    rewardId: row.reward_id,
    waxAccount: row.wax_account,
    code: row.code,
    transactionId: row.transaction_id,
    error: row.last_error,
    at: new Date(row.updated_at).toISOString(),
  }))
}

/** The payout account and its balance of the reward token, as the chain says it now. */
export async function readPayoutBalance(
  env: Environment,
  node: PayoutChainNode,
): Promise<{ account: string; balance: string }> {
  const { account } = payoutAccountFrom(env)
  const balance = await node.balanceOf(account, env.REWARD_TOKEN_CONTRACT, env.TOKEN_SYMBOL)
  return { account, balance }
}

/**
 * The payout account's CPU, NET and RAM as the chain says now (null when it does not answer in
 * time), and the pause, if payouts are paused for want of one of them.
 */
export async function readPayoutResources(
  db: Queryable,
  env: Environment,
  node: PayoutChainNode,
): Promise<{ account: string; resources: AccountResources | null; pause: PayoutPause | null }> {
  const { account } = payoutAccountFrom(env)
  const [resources, pause] = await Promise.all([
    node.resourcesOf(account).catch(() => null),
    readPayoutPause(db),
  ])
  return { account, resources, pause: pause ?? null }
}

/**
 * The payouts part of the console: the balance (null when the chain does not answer in time:
 * the lists still show), refused payouts and rewards stuck for more than `stuckMinutes`.
 */
export async function payoutsOverview(
  db: Queryable,
  env: Environment,
  node: PayoutChainNode,
  stuckMinutes: number,
): Promise<PayoutsResponse> {
  const [balance, failed, stuck, { reserved }, { resources, pause }] = await Promise.all([
    readPayoutBalance(env, node).then(
      ({ balance }) => balance,
      () => null,
    ),
    listRefusedPayouts(db),
    listStuckRewards(db, stuckMinutes),
    reservedByOpenBudgets(db, env.REWARD_TOKEN_CONTRACT, env.TOKEN_SYMBOL),
    readPayoutResources(db, env, node),
  ])
  return {
    account: payoutAccountFrom(env).account,
    balance,
    failed,
    stuck,
    stuckMinutes,
    reserved,
    budgetsExceedBalance: balance !== null && exceeds(reserved, balance),
    resources,
    pause: pause && {
      ...pause,
      since: pause.since.toISOString(),
      nextCheckAt: pause.nextCheckAt.toISOString(),
    },
  }
}

/** Tells the consoles, on commit, that campaigns or codes changed. */
export async function announceCatalogueChanged(tx: Queryable): Promise<void> {
  await publishChange(tx, { kind: 'catalogue' })
}
