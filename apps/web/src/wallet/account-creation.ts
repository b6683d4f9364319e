import type { AccountCreator, PublicConfig } from '@fernwood/protocol'
import {
  type AccountCreationPlugin,
  Canceled,
  ChainDefinition,
  type ChainDefinitionType,
  PrivateKey,
} from '@wharfkit/session'
import { AccountCreationCancelled, AccountNameUnavailable } from './errors'
import { loadSigningRequest } from './signing-request-loader'

type ProviderFor = (
  config: PublicConfig,
  chain: ChainDefinitionType,
  requestAccountName: () => string,
) => Promise<AccountCreationPlugin | undefined>

/**
 * The account creation providers the public config offers, in its order, fetched when the visitor
 * first creates an account. With more than one the kit asks 'Select a Service Provider'.
 */
export async function accountCreationPluginsFor(
  config: PublicConfig,
  chain: ChainDefinitionType,
  requestAccountName: () => string,
): Promise<AccountCreationPlugin[]> {
  // The providers read chain ids as the ESR code spells them, and log the new account in.
  const [offered] = await Promise.all([
    Promise.all(
      config.accountCreation.map((creator) =>
        providers[creator](config, chain, requestAccountName),
      ),
    ),
    loadSigningRequest(),
  ])
  return offered.filter((provider) => provider !== undefined)
}

const providers: Record<AccountCreator, ProviderFor> = {
  // Creates the account with the Dev Wallet's key, so it connects through the Dev Wallet at once.
  'dev-account-creator': async (config, chain, requestAccountName) => {
    const devWallet = config.devWallet
    if (!devWallet) return undefined
    const { AccountCreationPluginDevAccountCreator } = await import('@fernwood/devwallet')
    return new AccountCreationPluginDevAccountCreator({
      chain,
      creator: devWallet.accountCreator.account,
      creatorPrivateKey: devWallet.accountCreator.privateKey,
      accountPublicKey: String(PrivateKey.from(devWallet.privateKey).toPublic()),
      requestAccountName,
    })
  },
  // Anchor's page (create.anchor.link, a popup) sells the account and sets up Anchor for it; its
  // plugin knows the chains its service serves. The server offers it on WAX, and on the devchain
  // beside the Dev Account Creator, told that chain so the kit lists it; its page cannot create a
  // devchain account.
  anchor: async (config, chain) => {
    const { AccountCreationPluginAnchor } = await import('@wharfkit/account-creation-plugin-anchor')
    return new AccountCreationPluginAnchor(
      config.chain.name === 'devchain'
        ? { requiresChainSelect: false, supportedChains: [ChainDefinition.from(chain)] }
        : undefined,
    )
  },
}

/** A failed account creation in the terms the connect-wallet screen words. */
export function describeAccountCreationFailure(error: unknown): Error {
  if (error instanceof Canceled) return new AccountCreationCancelled(error.message)
  // Recognised by name: the Dev Account Creator's module is fetched only on the devchain.
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
