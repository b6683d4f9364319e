import type { Queryable } from '../db/database.ts'

/** A campaign's human check in effect: its own `human_check`, or the deployment's default. */
export type HumanCheckInEffect = 'pow' | 'off'

/** Where the check is on, as the campaigns stand. */
export interface HumanCheckCampaigns {
  /** the shared codes (a handful per campaign) whose campaign has the check on */
  checkedSharedCodes: Set<string>
  /** whether any unique campaign has the check on: only then is another code looked up */
  anyUniqueChecked: boolean
}

/**
 * The shared codes whose campaign has the human check on, and whether any unique campaign has it
 * on; two reads. Only the checked codes: a shared campaign of thousands of codes with the check
 * off took PGlite's thread (the server's) 80–100 ms at each read (bench/streams.ts).
 */
export async function readHumanCheckCampaigns(
  db: Queryable,
  deploymentDefault: HumanCheckInEffect,
): Promise<HumanCheckCampaigns> {
  const shared = await db.query<{ code: string }>(
    `SELECT k.code
       FROM codes k JOIN campaigns c ON c.id = k.campaign_id
      WHERE c.kind = 'shared' AND coalesce(c.human_check, $1) = 'pow'`,
    [deploymentDefault],
  )
  const [unique] = await db.query<{ checked: boolean }>(
    `SELECT coalesce(bool_or(coalesce(human_check, $1) = 'pow'), false) AS checked
       FROM campaigns WHERE kind = 'unique'`,
    [deploymentDefault],
  )
  return {
    checkedSharedCodes: new Set(shared.map((row) => row.code)),
    anyUniqueChecked: unique.checked,
  }
}

/**
 * The human check of one code's campaign: off for an unknown code (the catalogue refuses it and
 * the unknown-code lockout counts it) and for a kiosk's code (fairness/human-check.ts says why).
 */
export async function humanCheckOfCode(
  db: Queryable,
  code: string,
  deploymentDefault: HumanCheckInEffect,
): Promise<HumanCheckInEffect> {
  const [row] = await db.query<{ human_check: HumanCheckInEffect }>(
    `SELECT CASE WHEN k.kiosk_until IS NOT NULL THEN 'off'
                 ELSE coalesce(c.human_check, $2) END AS human_check
       FROM codes k JOIN campaigns c ON c.id = k.campaign_id
      WHERE k.code = $1`,
    [code, deploymentDefault],
  )
  return row?.human_check ?? 'off'
}
