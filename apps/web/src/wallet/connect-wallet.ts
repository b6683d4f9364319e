import type { User } from '@fernwood/protocol'
import { updateUser } from '../session/store'
import { loadWalletKit } from './load-kit'
import { bindWallet, requestWalletChallenge } from './wallet-api'

/**
 * 'Connect WAX Wallet': the server issues a nonce, the visitor logs in with a wallet through the
 * kit's dialog, and the server binds the account once the wallet's proof of it checks out.
 * Resolves to the account the server bound. `onWalletChosen` runs once the visitor has chosen a
 * wallet in the dialog: from then on the connection is under way.
 */
export async function connectWallet(onWalletChosen?: () => void): Promise<string> {
  const [kit, challenge] = await Promise.all([loadWalletKit(), requestWalletChallenge()])
  const login = await kit.login(challenge.nonce, onWalletChosen)
  let user: User
  try {
    user = await bindWallet({
      nonce: challenge.nonce,
      chainId: login.chainId,
      actor: login.actor,
      permission: login.permission,
      ...(login.proof && { proof: login.proof }),
    })
  } catch (error) {
    // A session the server refused to bind must not come back on the next visit.
    await kit.logout()
    throw error
  }
  updateUser(user)
  return login.actor
}
