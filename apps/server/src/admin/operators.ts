import type { FastifyError, FastifyRequest } from 'fastify'
import { auditConsoleRefused } from '../audit/access-audit.ts'
import { sessionTokenOf } from '../auth/session-cookie.ts'
import { hashSessionToken } from '../auth/session-token.ts'
import { endSession, markConsoleActive, type SessionEndedHook } from '../auth/sessions.ts'
import type { Environment } from '../config/environment.ts'
import type { Database } from '../db/database.ts'
import { NotSignedIn } from '../http/errors.ts'
import { namesFrom } from '../wallet/permissions.ts'
import { AdminNotOperator, AdminWalletRequired, AdminWalletUnverified } from './errors.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireOperator`: the verified, listed wax account of the console's operator. */
    operatorAccount: string | null
  }
  interface FastifyContextConfig {
    /**
     * false on a route whose requests are not the operator's doing (the live stream, which the
     * browser reconnects by itself): they do not hold the console's idle clock back.
     */
    consoleActivity?: boolean
  }
}

/** Who may use the console, and for how long without using it. */
export interface OperatorPolicy {
  /** ADMIN_ACCOUNTS */
  accounts: ReadonlySet<string>
  /** WALLET_PERMISSIONS: a binding under another permission, or none recorded, opens nothing */
  walletPermissions: ReadonlySet<string>
  /** ADMIN_IDLE_MINUTES */
  idleMinutes: number
  /** run in the transaction ending an idle operator's session (the live feed ends its streams) */
  onSessionEnded: SessionEndedHook[]
}

export function operatorPolicyFrom(
  env: Pick<Environment, 'ADMIN_ACCOUNTS' | 'WALLET_PERMISSIONS' | 'ADMIN_IDLE_MINUTES'>,
  onSessionEnded: SessionEndedHook[],
): OperatorPolicy {
  return {
    accounts: namesFrom(env.ADMIN_ACCOUNTS),
    walletPermissions: namesFrom(env.WALLET_PERMISSIONS),
    idleMinutes: env.ADMIN_IDLE_MINUTES,
    onSessionEnded,
  }
}

/** What `requireOperator` refuses whoever is not a verified operator with, on every route. */
export const OPERATOR_REFUSALS = [
  NotSignedIn,
  AdminWalletRequired,
  AdminWalletUnverified,
  AdminNotOperator,
].map((Refusal) => new Refusal().code)

// Recorded as the reason when an idle operator's session is ended.
const IDLE = 'SESSION_IDLE'

interface SessionStanding {
  user_id: string
  wax_account: string | null
  wax_permission: string | null
  wax_account_verified: boolean
  /** used the console, or proved its wallet, within ADMIN_IDLE_MINUTES */
  console_active: boolean
}

async function standingOf(
  database: Database,
  policy: OperatorPolicy,
  token: string | undefined,
): Promise<SessionStanding | undefined> {
  if (!token) return undefined
  const [row] = await database.query<SessionStanding>(
    `SELECT u.id AS user_id, u.wax_account, u.wax_permission, u.wax_account_verified,
            coalesce(s.console_active_at > now() - make_interval(mins => $2::int), false)
              AS console_active
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashSessionToken(token), policy.idleMinutes],
  )
  return row
}

/** Why this session's wallet does not open the console, or undefined when it does. */
function refusalOf(standing: SessionStanding, policy: OperatorPolicy): FastifyError | undefined {
  if (standing.wax_account === null) return new AdminWalletRequired()
  if (
    !standing.wax_account_verified ||
    !policy.walletPermissions.has(standing.wax_permission ?? '')
  ) {
    return new AdminWalletUnverified()
  }
  if (!policy.accounts.has(standing.wax_account)) return new AdminNotOperator()
  return undefined
}

/**
 * The preHandler of every `/api/admin/*` route: the session's wallet must be bound with a
 * verified proof, under a permission of WALLET_PERMISSIONS, and listed in ADMIN_ACCOUNTS. Read
 * afresh on each request, so a wallet disconnected, a sign-out or an account removed from the
 * list takes effect at once. Each request restarts the idle clock; an operator idle longer than
 * ADMIN_IDLE_MINUTES has their session ended and must sign in and connect their wallet again.
 * Every refusal of a signed-in session is audited.
 */
export function requireOperator(database: Database, policy: OperatorPolicy) {
  return async (request: FastifyRequest) => {
    const token = sessionTokenOf(request)
    const standing = await standingOf(database, policy, token)
    if (!token || !standing) throw new NotSignedIn()
    const refused = (reason: string) =>
      auditConsoleRefused(database, standing.user_id, {
        account: standing.wax_account,
        permission: standing.wax_permission,
        reason,
      })
    const refusal = refusalOf(standing, policy)
    if (refusal) {
      await refused(refusal.code)
      throw refusal
    }
    if (!standing.console_active) {
      await refused(IDLE)
      await endSession(database, token, policy.onSessionEnded)
      throw new NotSignedIn()
    }
    if (request.routeOptions.config.consoleActivity !== false) {
      await markConsoleActive(database, token)
    }
    request.operatorAccount = standing.wax_account
  }
}

/**
 * The operator a request comes from, checked again without counting as activity (an open
 * stream's session); throws NOT_SIGNED_IN, for an idle session too, or a 403 for anyone else.
 */
export async function verifiedOperator(
  database: Database,
  policy: OperatorPolicy,
  request: FastifyRequest,
): Promise<string> {
  const standing = await standingOf(database, policy, sessionTokenOf(request))
  if (!standing) throw new NotSignedIn()
  const refusal = refusalOf(standing, policy)
  if (refusal) throw refusal
  if (!standing.console_active || standing.wax_account === null) throw new NotSignedIn()
  return standing.wax_account
}

/**
 * Calls `onIdle` once the request's session goes ADMIN_IDLE_MINUTES without a console request,
 * or has ended: the console's live stream, whose own requests do not count as activity, ends
 * then, and the browser's reconnect meets the idle refusal. The deadline is read from the
 * database (other requests move it) each time it comes. Returns what stops the watch.
 */
export function watchConsoleIdle(
  database: Database,
  policy: OperatorPolicy,
  request: FastifyRequest,
  onIdle: () => void,
): () => void {
  const tokenHash = hashSessionToken(sessionTokenOf(request) ?? '')
  let timer: NodeJS.Timeout | undefined
  let watching = true
  const check = async () => {
    const [row] = await database.query<{ ms_left: number | null }>(
      `SELECT (extract(epoch FROM console_active_at + make_interval(mins => $2::int) - now())
                * 1000)::float8 AS ms_left
         FROM sessions WHERE token_hash = $1 AND expires_at > now()`,
      [tokenHash, policy.idleMinutes],
    )
    if (!watching) return
    const msLeft = row?.ms_left ?? 0
    if (msLeft <= 0) return onIdle()
    timer = setTimeout(() => void check().catch(onIdle), msLeft)
  }
  check().catch(onIdle)
  return () => {
    watching = false
    clearTimeout(timer)
  }
}

/** The operator of a request that passed `requireOperator`. */
export function operatorAccountOf(request: FastifyRequest): string {
  if (!request.operatorAccount) throw new NotSignedIn()
  return request.operatorAccount
}
