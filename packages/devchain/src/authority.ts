import { PublicKey } from '@wharfkit/antelope'
import { nodeErrors } from './errors'

export interface KeyWeight {
  key: string
  weight: number
}

export interface PermissionLevel {
  actor: string
  permission: string
}

/** An account's permission in another's authority: here only a contract's own `eosio.code`. */
export interface PermissionLevelWeight {
  permission: PermissionLevel
  weight: number
}

export interface Authority {
  threshold: number
  keys: KeyWeight[]
  accounts?: PermissionLevelWeight[]
}

/** The virtual permission a contract's inline actions carry (nodeos' config::eosio_code_name). */
export const EOSIO_CODE = 'eosio.code'

/** Keys compare by value whatever their spelling (EOS… or PUB_K1_…). */
export function canonicalKey(key: string): string {
  return String(PublicKey.from(key))
}

/** nodeos prints K1 keys in the legacy EOS… form in every API answer. */
export function legacyKey(key: string): string {
  return PublicKey.from(key).toLegacyString()
}

/**
 * nodeos' authority checker over keys: walks each declared authority's keys in order, adding the
 * weight of each key provided until the threshold is met, and returns the keys it used. An
 * authority that the provided keys cannot satisfy is handed to `unsatisfied`, which throws.
 * (Only a contract's `eosio.code` stands in authorities beside keys here, and no signature can
 * provide it.)
 */
export function keysSatisfying(
  declared: PermissionLevel[],
  providedKeys: string[],
  authorityOf: (level: PermissionLevel) => Authority,
  unsatisfied: (level: PermissionLevel) => Error,
): Set<string> {
  const provided = new Set(providedKeys.map(canonicalKey))
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
    if (weight < authority.threshold) throw unsatisfied(level)
  }
  return used
}

/**
 * Checks a transaction's declared authorizations against the keys that signed it. A signing key
 * that no authorization needed makes the transaction invalid (`tx_irrelevant_sig`).
 */
export function checkAuthorizations(
  declared: PermissionLevel[],
  signingKeys: string[],
  authorityOf: (level: PermissionLevel) => Authority,
): void {
  const used = keysSatisfying(declared, signingKeys, authorityOf, (level) =>
    nodeErrors.unsatisfiedAuthorization(level, signingKeys.map(legacyKey)),
  )
  const irrelevant = [...new Set(signingKeys.map(canonicalKey))].filter((key) => !used.has(key))
  if (irrelevant.length > 0) throw nodeErrors.irrelevantSignatures(irrelevant.map(legacyKey))
}

/**
 * Whether `authority` is satisfied by `provided` alone, as an inline action's authorizations are
 * checked against its sender's `eosio.code`.
 */
export function satisfiedByPermission(authority: Authority, provided: PermissionLevel): boolean {
  const weight = (authority.accounts ?? [])
    .filter(
      ({ permission }) =>
        permission.actor === provided.actor && permission.permission === provided.permission,
    )
    .reduce((sum, { weight }) => sum + weight, 0)
  return weight >= authority.threshold
}
