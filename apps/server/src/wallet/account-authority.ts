import { type API, type APIClient, APIError, Authority, Name } from '@wharfkit/antelope'
import { retryAfter } from '../http/errors.ts'
import { AccountNotFound, ChainUnavailable } from './errors.ts'

/** How long a client waits before asking again when the chain did not answer. */
const CHAIN_RETRY_SECONDS = 5

/** The account's current authority for `permission`, read from the chain now, not from the client. */
export async function readPermissionAuthority(
  chain: APIClient,
  actor: string,
  permission: string,
): Promise<Authority | undefined> {
  let account: API.v1.AccountObject
  try {
    account = await chain.v1.chain.get_account(actor)
  } catch (error) {
    // nodeos answers an unknown account with an "unknown key" error, which WharfKit renames.
    if (error instanceof APIError && error.message.startsWith('Account not found')) {
      throw new AccountNotFound(actor)
    }
    // A 503 worded for the visitor (the error handler hides a 503 without Retry-After as a fault).
    throw retryAfter(new ChainUnavailable({ cause: error }), CHAIN_RETRY_SECONDS)
  }
  const found = account.permissions.find(({ perm_name }) => perm_name.equals(Name.from(permission)))
  return found && Authority.from(found.required_auth)
}
