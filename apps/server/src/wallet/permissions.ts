import { PermissionRefused } from './errors.ts'

/** A comma-separated setting of Antelope names as a set (the environment checked each name). */
export function namesFrom(setting: string): ReadonlySet<string> {
  return new Set(
    setting
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  )
}

/**
 * Refuses a binding proven under a permission outside WALLET_PERMISSIONS: the spec's signer is
 * `active`, and any other permission of an account (its owner, or a custom one whose key the
 * account gave a bot) must not pass for the account itself.
 */
export function requireAcceptedPermission(accepted: ReadonlySet<string>, permission: string): void {
  if (!accepted.has(permission)) throw new PermissionRefused(permission, [...accepted].join(', '))
}
