import { type CampaignEditRequest, campaignTimeOf } from '@fernwood/protocol/admin'
import { AdminCampaignNotFound, AdminCampaignWelcomeEdit, AdminEditEmpty } from '../admin/errors.ts'
import { iso, type Operator } from '../admin/operations.ts'
import { audit } from '../audit/audit-log.ts'
import type { Database, Queryable } from '../db/database.ts'
import { saveFairness } from './fairness-settings.ts'
import { announceCatalogueChanged, checkLimits, reopenLocked } from './operator-changes.ts'
import { editClaimRules } from './rule-edits.ts'

interface EditedCampaign {
  id: number
  is_welcome: boolean
  claimed_count: number
  closed_at: Date | null
  starts_at: Date | null
  ends_at: Date | null
  total_cap: number | null
}

/**
 * Changes a campaign's window, cap, rules or fair-claim settings and, with `reopen`, reopens it, in one transaction
 * under the campaign's lock (a claim being counted waits, so the cap is never set below what was
 * claimed, and the next claim meets the new rules). The audit log keeps what each property was
 * and became, in one `campaign.edited` row; a reopening is audited as `reopen` is.
 * Not the welcome campaign: every first visit claims its code, so no window or cap may end it.
 */
export async function editCampaignAs(
  database: Database,
  operator: Operator,
  slug: string,
  edit: CampaignEditRequest,
): Promise<void> {
  // `reopen: false` asks nothing, where `oncePerAsset: false` does.
  const { reopen, ...changes } = edit
  if (!reopen && Object.values(changes).every((value) => value === undefined)) {
    throw new AdminEditEmpty()
  }
  await database.transaction(async (tx) => {
    const campaign = await lockForEdit(tx, slug)
    if (campaign.is_welcome) throw new AdminCampaignWelcomeEdit()
    // Each column an edit may change besides the rules, as the audit log keeps it.
    const before = {
      starts_at: iso(campaign.starts_at),
      ends_at: iso(campaign.ends_at),
      total_cap: campaign.total_cap,
    }
    const limits = {
      startsAt: edit.startsAt === undefined ? before.starts_at : edit.startsAt,
      endsAt: edit.endsAt === undefined ? before.ends_at : edit.endsAt,
      cap: edit.cap === undefined ? before.total_cap : edit.cap,
    }
    checkLimits(limits, campaign.claimed_count)
    const after: typeof before = {
      starts_at: iso(campaignTimeOf(limits.startsAt)),
      ends_at: iso(campaignTimeOf(limits.endsAt)),
      total_cap: limits.cap,
    }
    const changed = (Object.keys(after) as Array<keyof typeof after>).filter(
      (column) => after[column] !== before[column],
    )
    if (changed.length > 0) {
      const columns = changed.map((column, index) => `${column} = $${index + 2}`)
      await tx.query(`UPDATE campaigns SET ${columns.join(', ')} WHERE slug = $1`, [
        slug,
        ...changed.map((column) => after[column]),
      ])
    }
    const rules = await editClaimRules(tx, campaign.id, edit)
    const fairness = await saveFairness(tx, campaign.id, edit)
    if (changed.length > 0 || [rules, fairness].some((each) => Object.keys(each.after).length)) {
      await audit(tx, operator, 'campaign.edited', slug, {
        before: {
          ...Object.fromEntries(changed.map((column) => [column, before[column]])),
          ...rules.before,
          ...fairness.before,
        },
        after: {
          ...Object.fromEntries(changed.map((column) => [column, after[column]])),
          ...rules.after,
          ...fairness.after,
        },
      })
    }
    if (reopen) {
      const details = await reopenLocked(tx, slug, campaign.closed_at, after.ends_at)
      await audit(tx, operator, 'campaign.reopened', slug, details)
    }
    await announceCatalogueChanged(tx)
  })
}

async function lockForEdit(tx: Queryable, slug: string): Promise<EditedCampaign> {
  const [row] = await tx.query<EditedCampaign>(
    `SELECT id, starts_at, ends_at, total_cap, is_welcome, claimed_count, closed_at
       FROM campaigns WHERE slug = $1 FOR UPDATE`,
    [slug],
  )
  if (!row) throw new AdminCampaignNotFound(slug)
  return row
}
