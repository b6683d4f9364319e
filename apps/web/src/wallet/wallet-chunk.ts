import type { LoginResult, WalletPlugin } from '@wharfkit/session'
import type { WalletProofEvidence } from './proof-evidence'

/**
 * What a wallet's own chunk gives once fetched: its WharfKit plugin, and how a login through it
 * proves the account to our server (each wallet's proof has its own shape).
 */
export interface WalletChunk {
  plugin: WalletPlugin
  /** The login's ownership proof over `nonce`, in the form `POST /api/wallet` checks. */
  proofOf(login: LoginResult, nonce: string): Promise<WalletProofEvidence | undefined>
}
