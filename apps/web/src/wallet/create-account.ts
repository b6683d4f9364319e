import { loadWalletKit } from './load-kit'

/**
 * 'No WAX account? Create one': the kit's create-account screens, through the provider the
 * visitor chooses among those the deployment offers ('Select a Service Provider' when several).
 * The Dev Account Creator creates the name the visitor chose; Anchor's page asks its own.
 * Resolves to the created account's name.
 */
export async function createWalletAccount(accountName = ''): Promise<string> {
  const kit = await loadWalletKit()
  return kit.createAccount(accountName)
}
