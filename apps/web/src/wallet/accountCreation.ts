import type { PublicConfig } from '@fernwood/protocol'
import {
  type AccountCreationPlugin,
  Canceled,
  type ChainDefinitionType,
  PrivateKey,
} from '@wharfkit/session'
import { AccountCreationCancelled, AccountNameUnavailable } from './errors'

/**
 * The account creation providers offered. On the devchain, the Dev Account Creator, which
 * creates the account with the Dev Wallet's key. On WAX none: Anchor's provider
 * (@wharfkit/account-creation-plugin-anchor) cannot be installed from our registry (see README).
 */
export async function accountCreationPluginsFor(
  config: PublicConfig,
  chain: ChainDefinitionType,
  requestAccountName: () => string,
): Promise<AccountCreationPlugin[]> {
  const devWallet = config.devWallet
  if (config.chain.name !== 'devchain' || !devWallet) return []
  const { AccountCreationPluginDevAccountCreator } = await import('@fernwood/devwallet')
  return [
    new AccountCreationPluginDevAccountCreator({
      chain,
      creator: devWallet.accountCreator.account,
      creatorPrivateKey: devWallet.accountCreator.privateKey,
      accountPublicKey: String(PrivateKey.from(devWallet.privateKey).toPublic()),
      requestAccountName,
    }),
  ]
}

/** A failed account creation in the terms the connect-wallet screen words. */
export function describeAccountCreationFailure(error: unknown): Error {
  if (error instanceof Canceled) return new AccountCreationCancelled(error.message)
  // Recognised by name: the plugin's module is fetched only on the devchain.
  if (error instanceof Error && error.name === 'AccountNameRefused' && 'code' in error) {
    const { code, accountName } = error as Error & {
      code: 'invalid' | 'taken'
      accountName: string
    }
    return new AccountNameUnavailable(code, accountName)
  }
  if (error instanceof Error) return error
  return new Error(String(error))
}
