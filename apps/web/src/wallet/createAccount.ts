import { loadWalletKit } from './loadKit'

/**
 * 'No WAX account? Create one': the kit's create-account screens, through the provider the
 * deployment offers, for the name the visitor chose. Resolves to the created account's name.
 */
export async function createWalletAccount(accountName: string): Promise<string> {
  const kit = await loadWalletKit()
  return kit.createAccount(accountName)
}
