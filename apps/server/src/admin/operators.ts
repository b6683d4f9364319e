import type { FastifyRequest } from 'fastify'
import { sessionTokenOf } from '../auth/session-cookie.ts'
import { hashSessionToken } from '../auth/session-token.ts'
import type { Database } from '../db/database.ts'
import { NotSignedIn } from '../http/errors.ts'
import { AdminNotOperator, AdminWalletRequired, AdminWalletUnverified } from './errors.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireOperator`: the verified, listed wax account of the console's operator. */
    operatorAccount: string | null
  }
}

/** ADMIN_ACCOUNTS as a set of wax accounts (the environment's pattern has checked each name). */
export function operatorAccountsFrom(adminAccounts: string): ReadonlySet<string> {
  return new Set(
    adminAccounts
      .split(',')
      .map((account) => account.trim())
      .filter((account) => account !== ''),
  )
}

/**
 * The preHandler of every `/api/admin/*` route: the session's wallet must be bound with a
 * verified proof and listed in ADMIN_ACCOUNTS. Read afresh on each request, so a wallet
 * disconnected, a sign-out or an account removed from the list takes effect at once.
 */
export function requireOperator(database: Database, operators: ReadonlySet<string>) {
  return async (request: FastifyRequest) => {
    request.operatorAccount = await verifiedOperator(database, operators, request)
  }
}

/** The operator a request comes from; throws NOT_SIGNED_IN or a 403 for anyone else. */
export async function verifiedOperator(
  database: Database,
  operators: ReadonlySet<string>,
  request: FastifyRequest,
): Promise<string> {
  const token = sessionTokenOf(request)
  const [row] = token
    ? await database.query<{ wax_account: string | null; wax_account_verified: boolean }>(
        `SELECT u.wax_account, u.wax_account_verified
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND s.expires_at > now()`,
        [hashSessionToken(token)],
      )
    : []
  if (!row) throw new NotSignedIn()
  if (row.wax_account === null) throw new AdminWalletRequired()
  if (!row.wax_account_verified) throw new AdminWalletUnverified()
  if (!operators.has(row.wax_account)) throw new AdminNotOperator()
  return row.wax_account
}

/** The operator of a request that passed `requireOperator`. */
export function operatorAccountOf(request: FastifyRequest): string {
  if (!request.operatorAccount) throw new NotSignedIn()
  return request.operatorAccount
}
