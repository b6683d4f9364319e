import { kioskLink } from '@fernwood/protocol'
import { KIOSK_HOURS, type KioskCredential } from '@fernwood/protocol/admin'
import { AdminKioskCredentialNotFound, AdminKioskHoursInvalid } from '../admin/errors.ts'
import { checkKioskCampaign } from '../admin/kiosk.ts'
import { type Operator, operatorAccountIn } from '../admin/operations.ts'
import { audit } from '../audit/audit-log.ts'
import { createSessionToken, hashSessionToken } from '../auth/session-token.ts'
import type { Database, Queryable } from '../db/database.ts'
import { publishChange } from '../events/channel.ts'

/**
 * Kiosk credentials (`kiosk_credentials`, migration 025): what a kiosk tablet runs on instead of
 * an operator's session, so that nobody at the tablet can reach the console. One opens one unique
 * campaign's kiosk stream (kiosk-routes.ts) and nothing else, until it expires or an operator
 * revokes it. Its secret is a 256-bit random token, as a session's is, shown once inside the kiosk
 * link; the database keeps its SHA-256 only and is asked afresh on every use, so a revoke holds
 * on every server at once. Issuing and revoking are audited with the operator, each kiosk stream
 * opened with the credential (`kiosk:<id>`).
 */

/** A credential just issued, and the link holding its secret, which is never shown again. */
export interface IssuedKioskCredential {
  credential: KioskCredential
  link: string
}

/** A credential in force, as the kiosk's routes need it. */
export interface KioskCredentialInForce {
  id: string
  campaign: string
  expiresAt: Date
}

interface CredentialRow {
  id: string
  slug: string
  issued_by: Operator
  issued_at: Date
  expires_at: Date
  last_used_at: Date | null
}

const IN_FORCE = 'k.revoked_at IS NULL AND k.expires_at > now()'

const toCredential = (row: CredentialRow): KioskCredential => ({
  id: row.id,
  campaign: row.slug,
  operator: operatorAccountIn(row.issued_by),
  issuedAt: new Date(row.issued_at).toISOString(),
  expiresAt: new Date(row.expires_at).toISOString(),
  lastUsedAt: row.last_used_at && new Date(row.last_used_at).toISOString(),
})

/**
 * Issues a credential for unique campaign `slug`, holding for `hours` (KIOSK_HOURS): the link
 * opens on `origin`. Refused for a shared or unknown campaign, as the kiosk itself is.
 */
export async function issueKioskCredential(
  database: Database,
  operator: Operator,
  request: { slug: string; hours?: number; origin: string },
): Promise<IssuedKioskCredential> {
  const { slug, hours = KIOSK_HOURS.default, origin } = request
  if (!Number.isInteger(hours) || hours < 1 || hours > KIOSK_HOURS.max) {
    throw new AdminKioskHoursInvalid(KIOSK_HOURS.max)
  }
  const { token: secret, tokenHash } = createSessionToken()
  return database.transaction(async (tx) => {
    await checkKioskCampaign(tx, slug)
    const [row] = await tx.query<CredentialRow>(
      `INSERT INTO kiosk_credentials (campaign_id, secret_hash, issued_by, expires_at)
       SELECT id, $2, $3, now() + make_interval(hours => $4::int) FROM campaigns WHERE slug = $1
       RETURNING id, $1::text AS slug, issued_by, issued_at, expires_at, last_used_at`,
      [slug, tokenHash, operator, hours],
    )
    const credential = toCredential(row)
    await audit(tx, operator, 'kiosk.credential_issued', slug, {
      credential: credential.id,
      expiresAt: credential.expiresAt,
    })
    // The consoles list the credentials in force.
    await publishChange(tx, { kind: 'catalogue' })
    return { credential, link: kioskLink(origin, secret) }
  })
}

/** The credentials in force (neither revoked nor expired), newest first; their secrets are gone. */
export async function listKioskCredentials(db: Queryable): Promise<KioskCredential[]> {
  const rows = await db.query<CredentialRow>(
    `SELECT k.id, c.slug, k.issued_by, k.issued_at, k.expires_at, k.last_used_at
       FROM kiosk_credentials k JOIN campaigns c ON c.id = k.campaign_id
      WHERE ${IN_FORCE}
      ORDER BY k.issued_at DESC, k.id`,
  )
  return rows.map(toCredential)
}

/**
 * Revokes credential `id`: refused from the next request on, on every server; the kiosk streams
 * open with it end when the change reaches their server (see kiosk-routes.ts).
 */
export async function revokeKioskCredential(
  database: Database,
  operator: Operator,
  id: string,
): Promise<void> {
  await database.transaction(async (tx) => {
    const [revoked] = await tx.query<{ slug: string }>(
      `UPDATE kiosk_credentials k SET revoked_at = now(), revoked_by = $2
         FROM campaigns c
        WHERE k.id = $1 AND c.id = k.campaign_id AND ${IN_FORCE}
        RETURNING c.slug`,
      [id, operator],
    )
    if (!revoked) throw new AdminKioskCredentialNotFound(id)
    await audit(tx, operator, 'kiosk.credential_revoked', revoked.slug, { credential: id })
    // On every server, the kiosk streams ask whether theirs still holds, and the consoles list
    // those left.
    await publishChange(tx, { kind: 'catalogue' })
  })
}

/**
 * The credential `secret` is, while in force. Looked up by its SHA-256, as a session token is:
 * timing can tell at most how the digest of a guess compares, which says nothing of a secret.
 */
export async function kioskCredentialOf(
  db: Queryable,
  secret: string,
): Promise<KioskCredentialInForce | undefined> {
  const [row] = await db.query<{ id: string; slug: string; expires_at: Date }>(
    `SELECT k.id, c.slug, k.expires_at
       FROM kiosk_credentials k JOIN campaigns c ON c.id = k.campaign_id
      WHERE k.secret_hash = $1 AND ${IN_FORCE}`,
    [hashSessionToken(secret)],
  )
  return row && { id: row.id, campaign: row.slug, expiresAt: new Date(row.expires_at) }
}

/** Records that a kiosk stream opened with credential `id`, for the lists. */
export async function markKioskCredentialUsed(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE kiosk_credentials SET last_used_at = now() WHERE id = $1', [id])
}
