import { PAYOUT_ACCOUNT, PAYOUT_PRIVATE_KEY } from '@fernwood/devchain'
import { PrivateKey } from '@wharfkit/antelope'
import { ConfigurationError, type Environment } from '../config/environment.ts'
import type { PayoutAccount } from './signer.ts'

/**
 * The payout account and its key. The devchain's seeded `fernwoodpays` and its documented key
 * are the defaults there; a real chain must be given both, and a bad key stops start-up.
 */
export function payoutAccountFrom(env: Environment): PayoutAccount {
  const onDevchain = env.CHAIN === 'devchain'
  const account = env.PAYOUT_ACCOUNT ?? (onDevchain ? PAYOUT_ACCOUNT : undefined)
  if (!account)
    throw new ConfigurationError('PAYOUT_ACCOUNT', `required with CHAIN=${env.CHAIN}`, '')
  const privateKey = env.PAYOUT_PRIVATE_KEY ?? (onDevchain ? PAYOUT_PRIVATE_KEY : undefined)
  if (!privateKey) {
    throw new ConfigurationError('PAYOUT_PRIVATE_KEY', `required with CHAIN=${env.CHAIN}`, '')
  }
  try {
    PrivateKey.from(privateKey)
  } catch {
    // The value itself must never reach a message or a log.
    throw new ConfigurationError('PAYOUT_PRIVATE_KEY', 'not a valid private key', '(hidden)')
  }
  return { account, permission: env.PAYOUT_PERMISSION, privateKey }
}
