import { Bytes, Checksum256, IdentityProof, PrivateKey } from '@wharfkit/session'

export interface ProofFields {
  chainId: string
  scope: string
  actor: string
  permission?: string
  /** seconds from now */
  expiresIn?: number
  /** the key a wallet would sign with */
  privateKey: string
}

/** An identity proof made the way Anchor and the Dev Wallet make one, as its `EOSIO …` string. */
export function signIdentityProof(fields: ProofFields): string {
  const key = PrivateKey.from(fields.privateKey)
  const claims = {
    chainId: fields.chainId,
    scope: fields.scope,
    expiration: new Date(Date.now() + (fields.expiresIn ?? 300) * 1000).toISOString().slice(0, 19),
    signer: { actor: fields.actor, permission: fields.permission ?? 'active' },
  }
  // The digest to sign comes from the proof itself, so it is built once with a stand-in signature.
  const standIn = key.signDigest(Checksum256.hash(Bytes.from('stand-in', 'utf8')))
  const unsigned = IdentityProof.from({ ...claims, signature: standIn })
  const signature = key.signDigest(unsigned.transaction.signingDigest(unsigned.chainId))
  return String(IdentityProof.from({ ...claims, signature }))
}

/** What WAX Cloud Wallet's backend signs after a login: ours to check against proof.wax@active. */
export function signCloudWalletProof(fields: {
  referer: string
  nonce: string
  actor: string
  privateKey: string
}): string {
  const message = `cloudwallet-verification-${fields.referer}-${fields.nonce}-${fields.actor}`
  return String(PrivateKey.from(fields.privateKey).signMessage(Bytes.from(message, 'utf8')))
}
