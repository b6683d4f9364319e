import { DEV_WALLET_PRIVATE_KEY, DEVCHAIN_CHAIN_ID } from '@fernwood/devchain'
import { Bytes, Checksum256, IdentityProof, PrivateKey } from '@wharfkit/session'

export interface ProofFields {
  actor: string
  /** the devchain's unless given */
  chainId?: string
  /** the app's name the proof is for: 'fernwood' unless given */
  scope?: string
  permission?: string
  /** seconds from now; a lifetime no other proof of this process has, unless given */
  expiresIn?: number
  /** the key a wallet would sign with: the Dev Wallet's (which the seeded accounts hold) unless given */
  privateKey?: string
}

// Signatures are deterministic: two proofs of one account made in the same second would be one
// proof (and the second a replay), so each gets a lifetime of its own.
let proofsMade = 0

/** An identity proof made the way Anchor and the Dev Wallet make one, as its `EOSIO …` string. */
export function signIdentityProof(fields: ProofFields): string {
  const key = PrivateKey.from(fields.privateKey ?? DEV_WALLET_PRIVATE_KEY)
  const expiresIn = fields.expiresIn ?? 300 + proofsMade++
  const claims = {
    chainId: fields.chainId ?? DEVCHAIN_CHAIN_ID,
    scope: fields.scope ?? 'fernwood',
    expiration: new Date(Date.now() + expiresIn * 1000).toISOString().slice(0, 19),
    signer: { actor: fields.actor, permission: fields.permission ?? 'active' },
  }
  // The digest to sign comes from the proof itself, so it is built once with a stand-in signature.
  const standIn = key.signDigest(Checksum256.hash(Bytes.from('stand-in', 'utf8')))
  const unsigned = IdentityProof.from({ ...claims, signature: standIn })
  const signature = key.signDigest(unsigned.transaction.signingDigest(unsigned.chainId))
  return String(IdentityProof.from({ ...claims, signature }))
}
