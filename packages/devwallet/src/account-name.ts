/**
 * The names the Dev Account Creator can create. Its creator account owns no suffix and holds no
 * premium name, so eosio.system lets it create exactly the 12-character names without a dot.
 * Dependency-free, so a screen can check a name before the wallet kit is loaded.
 */
export function isCreatableAccountName(name: string): boolean {
  return /^[a-z1-5]{12}$/.test(name)
}
