import type { Queryable } from '../db/database.ts'

/**
 * Who acted: an operator through the admin CLI (`admin`), an operator in the console, named by
 * their verified wallet (`admin:alice.wam`), a kiosk tablet, named by the credential it runs on
 * (`kiosk:<uuid>`), a partner's API key (`api-key:<uuid>`), a reward worker, or a visitor,
 * named by their anonymous user id (`user:<uuid>`: their wallet bindings, sign-outs everywhere,
 * and their requests the console refused).
 */
export type AuditActor =
  | 'admin'
  | `admin:${string}`
  | `kiosk:${string}`
  | `api-key:${string}`
  | 'worker'
  | `user:${string}`

/** Records an action in the audit trail, in the caller's transaction so it commits with it. */
export async function audit(
  db: Queryable,
  actor: AuditActor,
  action: string,
  subject: string,
  details: Record<string, unknown>,
): Promise<void> {
  await db.query(
    'INSERT INTO audit_log (actor, action, subject, details) VALUES ($1, $2, $3, $4)',
    [actor, action, subject, JSON.stringify(details)],
  )
}

/** Records the same action for each of `subjects` in one statement, in the caller's transaction. */
export async function auditEach(
  db: Queryable,
  actor: AuditActor,
  action: string,
  subjects: string[],
  details: Record<string, unknown>,
): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor, action, subject, details)
     SELECT $1, $2, unnest($3::text[]), $4`,
    [actor, action, subjects, JSON.stringify(details)],
  )
}
