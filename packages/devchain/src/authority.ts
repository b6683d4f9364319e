import { PublicKey } from '@wharfkit/antelope'
import { nodeErrors } from './errors'

export interface KeyWeight {
  key: string
  weight: number
}

export interface Authority {
  threshold: number
  keys: KeyWeight[]
}

export interface PermissionLevel {
  actor: string
  permission: string
}

/** Keys compare by value whatever their spelling (EOS… or PUB_K1_…). */
export function canonicalKey(key: string): string {
  return String(PublicKey.from(key))
}

/** nodeos prints K1 keys in the legacy EOS… form in every API answer. */
export function legacyKey(key: string): string {
  return PublicKey.from(key).toLegacyString()
}

/**
 * Checks every declared authorization against the keys that signed, the way nodeos'
 * authority checker does: walk the authority's keys in order, add the weight of each key that
 * signed until the threshold is met, and remember which keys were used. A signing key that no
 * authorization needed makes the transaction invalid (`tx_irrelevant_sig`).
 */
export function checkAuthorizations(
  declared: PermissionLevel[],
  signingKeys: string[],
  authorityOf: (level: PermissionLevel) => Authority,
): void {
  const provided = new Set(signingKeys.map(canonicalKey))
  const used = new Set<string>()
  for (const level of declared) {
    const authority = authorityOf(level)
    let weight = 0
    for (const { key, weight: keyWeight } of authority.keys) {
      if (weight >= authority.threshold) break
      const canonical = canonicalKey(key)
      if (provided.has(canonical)) {
        weight += keyWeight
        used.add(canonical)
      }
    }
    if (weight < authority.threshold) {
      throw nodeErrors.unsatisfiedAuthorization(level, signingKeys.map(legacyKey))
    }
  }
  const irrelevant = [...provided].filter((key) => !used.has(key))
  if (irrelevant.length > 0) throw nodeErrors.irrelevantSignatures(irrelevant.map(legacyKey))
}
