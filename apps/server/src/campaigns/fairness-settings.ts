import type { RuleTree } from '@fernwood/protocol'
import { type CampaignEditRequest, campaignLimitProblems } from '@fernwood/protocol/admin'
import {
  AdminCheckUrlRefused,
  AdminGrantsPerAccountInvalid,
  AdminOncePerAssetInvalid,
  AdminPayoutDelayInvalid,
} from '../admin/errors.ts'
import type { Environment } from '../config/environment.ts'
import type { Queryable } from '../db/database.ts'
import { refusedDestination } from '../outbound/address-guard.ts'
import { needsAnNft } from './rule-trees.ts'

/**
 * A campaign's fair-claim settings, as `campaigns create` and `campaigns edit` take them: its
 * human check (null: the deployment's default), the partner API's grants per account (null:
 * unlimited), whether each qualifying NFT counts once, the operator's own check (null: none) and
 * the review window.
 */
export type FairnessRequest = Pick<
  CampaignEditRequest,
  'humanCheck' | 'grantsPerAccount' | 'oncePerAsset' | 'checkUrl' | 'payoutDelay'
>
type FairnessField = keyof FairnessRequest

/** Each setting's column. */
const COLUMNS = {
  humanCheck: 'human_check',
  grantsPerAccount: 'grants_per_account',
  oncePerAsset: 'once_per_asset',
  checkUrl: 'check_url',
  payoutDelay: 'payout_delay_seconds',
} as const satisfies Record<FairnessField, string>

const fields = Object.keys(COLUMNS) as FairnessField[]

/** What a change of the settings did, setting by setting, for the campaign's audit. */
export interface FairnessChange {
  before: Partial<FairnessRequest>
  after: Partial<FairnessRequest>
}

/**
 * Stores the settings `request` gives (the rest stay), in the caller's transaction under the
 * campaign's lock, after its rules: one claim per NFT takes an NFT of the holds-NFT conditions
 * through which a wallet meets the rules, so once both are written no wallet may meet them
 * without one (rule-trees.ts, needsAnNft). Says what changed.
 */
export async function saveFairness(
  tx: Queryable,
  campaignId: number,
  request: FairnessRequest,
): Promise<FairnessChange> {
  // The schema takes any integer: the range is the protocol's shared check, the console's too.
  if (campaignLimitProblems({ grantsPerAccount: request.grantsPerAccount }).grantsPerAccount) {
    throw new AdminGrantsPerAccountInvalid()
  }
  if (campaignLimitProblems({ payoutDelay: request.payoutDelay }).payoutDelay) {
    throw new AdminPayoutDelayInvalid()
  }
  const [before] = await readFairness(tx, campaignId)
  const changed = fields.filter(
    (field) => request[field] !== undefined && request[field] !== before[field],
  )
  if (changed.length > 0) {
    const assignments = changed.map((field, index) => `${COLUMNS[field]} = $${index + 2}`)
    await tx.query(`UPDATE campaigns SET ${assignments.join(', ')} WHERE id = $1`, [
      campaignId,
      ...changed.map((field) => request[field]),
    ])
  }
  const [after, rules] = await readFairness(tx, campaignId)
  if (after.oncePerAsset && !needsAnNft(rules)) throw new AdminOncePerAssetInvalid()
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field]])),
    after: Object.fromEntries(changed.map((field) => [field, after[field]])),
  }
}

async function readFairness(
  tx: Queryable,
  campaignId: number,
): Promise<[Required<FairnessRequest>, RuleTree | null]> {
  const [row] = await tx.query<{
    human_check: 'pow' | 'off' | null
    grants_per_account: number | null
    once_per_asset: boolean
    check_url: string | null
    payout_delay_seconds: number
    rules: RuleTree | null
  }>(
    `SELECT human_check, grants_per_account, once_per_asset, check_url, payout_delay_seconds,
            rules
       FROM campaigns WHERE id = $1`,
    [campaignId],
  )
  return [
    {
      humanCheck: row.human_check,
      grantsPerAccount: row.grants_per_account,
      oncePerAsset: row.once_per_asset,
      checkUrl: row.check_url,
      payoutDelay: row.payout_delay_seconds,
    },
    row.rules,
  ]
}

// The column's own limit, told as a reason rather than failing the insert.
const CHECK_URL_MAX_LENGTH = 2048

/**
 * Refuses a check URL the server may not ask, saying why: the partner webhooks' guard (HTTPS
 * only, loopback on the devchain, private addresses by PARTNER_WEBHOOKS_PRIVATE_ADDRESSES), as
 * each claim's request meets it. Checked before the campaign's transaction: the guard resolves
 * the host, which should hold no lock. null or absent (none, or unchanged) passes.
 */
export async function refuseUnreachableCheckUrl(
  checkUrl: string | null | undefined,
  env: Pick<Environment, 'CHAIN' | 'PARTNER_WEBHOOKS_PRIVATE_ADDRESSES'>,
): Promise<void> {
  if (checkUrl === null || checkUrl === undefined) return
  if (checkUrl.length > CHECK_URL_MAX_LENGTH) {
    throw new AdminCheckUrlRefused(`longer than ${CHECK_URL_MAX_LENGTH} characters`)
  }
  const refused = await refusedDestination(checkUrl, {
    allowLoopback: env.CHAIN === 'devchain',
    allowPrivate: env.PARTNER_WEBHOOKS_PRIVATE_ADDRESSES,
  })
  if (refused) throw new AdminCheckUrlRefused(refused)
}
