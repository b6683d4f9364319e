// No ESR code here: the Scatter protocol's login and our proof need none, and its signing, which
// does, comes after a login, which fetches that code (kit.ts).
import { scatterLoginMessage } from '@fernwood/protocol'
import { getScatter } from '@wharfkit/protocol-scatter'
import type { LoginResult } from '@wharfkit/session'
import { WalletPluginWombat } from '@wharfkit/wallet-plugin-wombat'
import type { WalletChunk } from './wallet-chunk'

/** The part of the Scatter interface (the one Wombat injects) a login proof needs. */
interface ScatterSigner {
  identity?: { accounts?: Array<{ name: string; authority: string; publicKey: string }> }
  getArbitrarySignature(publicKey: string, data: string): Promise<string>
}

/**
 * Wombat, through its WharfKit plugin (the Scatter protocol its extension and app inject). Its
 * login names an account but proves nothing, so the account's key then signs our login message
 * (`getArbitrarySignature`, the Scatter way a site asks a wallet to prove an account).
 */
export function wombatChunk(): WalletChunk {
  return { plugin: new WalletPluginWombat(), proofOf: scatterSignatureEvidence }
}

async function scatterSignatureEvidence({ context, session }: LoginResult, nonce: string) {
  // The connection the plugin's login made, found again as its own signing does.
  const { scatter } = (await getScatter(context)) as { scatter: ScatterSigner }
  const actor = String(session.actor)
  const account = scatter.identity?.accounts?.find(
    (candidate) => candidate.name === actor && candidate.authority === String(session.permission),
  )
  if (!account) return undefined
  const message = scatterLoginMessage(context.appName ?? '', actor, nonce)
  try {
    const signature = await scatter.getArbitrarySignature(account.publicKey, message)
    return { type: 'scatter' as const, signature }
  } catch (error) {
    // Scatter wallets refuse with a plain object ({type, message, code}), not an Error.
    const refusal = error as { message?: unknown }
    throw new Error(typeof refusal?.message === 'string' ? refusal.message : String(error))
  }
}
