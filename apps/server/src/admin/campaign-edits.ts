import type { CampaignEditRequest } from '@fernwood/protocol/admin'
import { audit } from '../audit/audit-log.ts'
import type { Database, Queryable } from '../db/database.ts'
import { editClaimRules } from './campaign-rule-edits.ts'
import {
  AdminCampaignNotFound,
  AdminCampaignWelcomeEdit,
  AdminCapBelowClaimed,
  AdminCapInvalid,
  AdminEditEmpty,
  AdminWindowInvalid,
} from './errors.ts'
import { announceCatalogueChanged, iso, type Operator, reopenLocked, timeOf } from './operations.ts'

/** What an edit may change, as stored: each property's value before and after an edit. */
interface Editable {
  starts_at: Date | null
  ends_at: Date | null
  total_cap: number | null
}

interface EditedCampaign extends Editable {
  id: number
  is_welcome: boolean
  claimed_count: number
  closed_at: Date | null
}

/**
 * The window and cap an edit asks for, checked one property at a time against the campaign as it
 * stands; absent properties keep theirs.
 */
function editedValues(edit: CampaignEditRequest, campaign: EditedCampaign): Editable {
  const time = (
    value: string | null | undefined,
    field: 'startsAt' | 'endsAt',
    now: Date | null,
  ) => (value === undefined ? now : timeOf(value ?? undefined, field))
  const cap = edit.cap === undefined ? campaign.total_cap : edit.cap
  if (cap !== null && (!Number.isInteger(cap) || cap < 1)) throw new AdminCapInvalid()
  return {
    starts_at: time(edit.startsAt, 'startsAt', campaign.starts_at),
    ends_at: time(edit.endsAt, 'endsAt', campaign.ends_at),
    total_cap: cap,
  }
}

/** The campaign as edited must hold together: a window that ends after it starts, a cap it has not passed. */
function checkEdited(edited: Editable, campaign: EditedCampaign): void {
  if (edited.starts_at && edited.ends_at && edited.ends_at <= edited.starts_at) {
    throw new AdminWindowInvalid()
  }
  if (edited.total_cap !== null && edited.total_cap < campaign.claimed_count) {
    throw new AdminCapBelowClaimed(String(campaign.claimed_count))
  }
}

/**
 * Changes a campaign's window, cap or rules and, with `reopen`, reopens it, in one transaction
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
  if (Object.values(edit).every((value) => value === undefined || value === false)) {
    throw new AdminEditEmpty()
  }
  await database.transaction(async (tx) => {
    const campaign = await lockForEdit(tx, slug)
    if (campaign.is_welcome) throw new AdminCampaignWelcomeEdit()
    const edited = editedValues(edit, campaign)
    checkEdited(edited, campaign)
    const shown = (values: Editable, key: keyof Editable) =>
      key === 'total_cap' ? values[key] : iso(values[key])
    const changed = (Object.keys(edited) as Array<keyof Editable>).filter(
      (key) => shown(edited, key) !== shown(campaign, key),
    )
    if (changed.length > 0) {
      await tx.query(
        'UPDATE campaigns SET starts_at = $2, ends_at = $3, total_cap = $4 WHERE slug = $1',
        [slug, edited.starts_at, edited.ends_at, edited.total_cap],
      )
    }
    const rules = await editClaimRules(tx, campaign.id, edit)
    if (changed.length > 0 || Object.keys(rules.after).length > 0) {
      await audit(tx, operator, 'campaign.edited', slug, {
        before: {
          ...Object.fromEntries(changed.map((key) => [key, shown(campaign, key)])),
          ...rules.before,
        },
        after: {
          ...Object.fromEntries(changed.map((key) => [key, shown(edited, key)])),
          ...rules.after,
        },
      })
    }
    if (edit.reopen) {
      const details = await reopenLocked(tx, slug, campaign.closed_at, edited.ends_at)
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
