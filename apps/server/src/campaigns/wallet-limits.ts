import type { WalletLimit, WalletLimitPeriod } from '@fernwood/protocol'
import type { Queryable } from '../db/database.ts'

/** How many claims one wallet may make in any period, across a group's campaigns. */
export type PerWallet = Pick<WalletLimit, 'claims' | 'period'>

/** A group joined, with its limit when the campaign sets (or changes) it. */
export interface GroupMembership {
  group: string
  perWallet?: PerWallet
}

/** An operator's group or limit refused, e.g. '--per-wallet'. */
export class WalletLimitInvalid extends Error {
  override name = 'WalletLimitInvalid'
}

const GROUP = /^[a-z0-9][a-z0-9-]{0,63}$/
const PERIODS: Record<WalletLimitPeriod, string> = {
  hour: '1 hour',
  day: '1 day',
  week: '7 days',
}

/** `--per-wallet <n>/<period>`, e.g. "1/day": n from 1 to 1,000, the period hour, day or week. */
export function perWalletOf(text: string): PerWallet {
  const match = /^([0-9]{1,4})\/(hour|day|week)$/.exec(text.trim())
  const claims = match ? Number(match[1]) : 0
  if (!match || claims < 1 || claims > 1000) throw new WalletLimitInvalid('--per-wallet')
  return { claims, period: match[2] as WalletLimitPeriod }
}

/** Checks a `--group` name: lowercase letters, digits and hyphens, up to 64. */
export function groupNameOf(text: string): string {
  if (!GROUP.test(text)) throw new WalletLimitInvalid('--group')
  return text
}

/**
 * Puts a campaign in its group, in the caller's transaction. A limit given sets the group's (for
 * all its campaigns: they share one); without one the group must exist already.
 */
export async function joinGroup(
  tx: Queryable,
  campaignId: number,
  { group, perWallet }: GroupMembership,
): Promise<void> {
  if (perWallet) {
    await tx.query(
      `INSERT INTO campaign_groups (name, claims_per_wallet, period) VALUES ($1, $2, $3::interval)
       ON CONFLICT (name) DO UPDATE SET claims_per_wallet = $2, period = $3::interval`,
      [group, perWallet.claims, PERIODS[perWallet.period]],
    )
  } else {
    const known = await tx.query('SELECT 1 FROM campaign_groups WHERE name = $1', [group])
    if (known.length === 0) throw new WalletLimitInvalid('--per-wallet (a new group needs one)')
  }
  await tx.query('UPDATE campaigns SET claim_group = $2 WHERE id = $1', [campaignId, group])
}

/** SQL naming the period (hour, day or week) of the campaign_groups row aliased `alias`. */
export const periodNameOf = (alias: string) =>
  `CASE ${alias}.period WHEN interval '1 hour' THEN 'hour' WHEN interval '1 day' THEN 'day' ELSE 'week' END`

/** The limit a campaign's group sets, or null outside any group. */
export async function readWalletLimit(
  db: Queryable,
  campaignId: number,
): Promise<WalletLimit | null> {
  const [row] = await db.query<{ name: string; claims_per_wallet: number; period: string }>(
    `SELECT g.name, g.claims_per_wallet, ${periodNameOf('g')} AS period
       FROM campaigns c JOIN campaign_groups g ON g.name = c.claim_group WHERE c.id = $1`,
    [campaignId],
  )
  if (!row) return null
  return { group: row.name, claims: row.claims_per_wallet, period: row.period as WalletLimitPeriod }
}
