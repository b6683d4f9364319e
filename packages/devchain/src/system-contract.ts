import { ABI, Bytes, Checksum256, PublicKey, Serializer } from '@wharfkit/antelope'
import type { Authority } from './authority'
import type { ActionContext, DevchainContract } from './contracts'
import { nodeErrors } from './errors'

/** The privileged account that runs the system contract. */
export const SYSTEM_ACCOUNT = 'eosio'

/** An ABI struct from its fields, `name: type` in their order. */
const struct = (name: string, fields: Record<string, string>) => ({
  name,
  base: '',
  fields: Object.entries(fields).map(([field, type]) => ({ name: field, type })),
})

/** The part of eosio.system's ABI the devchain runs: creating accounts. */
export const systemAbi = ABI.from({
  version: 'eosio::abi/1.2',
  types: [],
  structs: [
    struct('key_weight', { key: 'public_key', weight: 'uint16' }),
    struct('permission_level', { actor: 'name', permission: 'name' }),
    struct('permission_level_weight', { permission: 'permission_level', weight: 'uint16' }),
    struct('wait_weight', { wait_sec: 'uint32', weight: 'uint16' }),
    struct('authority', {
      threshold: 'uint32',
      keys: 'key_weight[]',
      accounts: 'permission_level_weight[]',
      waits: 'wait_weight[]',
    }),
    struct('newaccount', {
      creator: 'name',
      name: 'name',
      owner: 'authority',
      active: 'authority',
    }),
  ],
  actions: [{ name: 'newaccount', type: 'newaccount', ricardian_contract: '' }],
  tables: [],
  ricardian_clauses: [],
  variants: [],
  action_results: [],
})

interface AuthorityArgument {
  threshold: number
  keys: { key: string; weight: number }[]
  accounts: unknown[]
  waits: unknown[]
}

interface NewAccountArguments {
  creator: string
  name: string
  owner: AuthorityArgument
  active: AuthorityArgument
}

/**
 * nodeos' `validate(authority)`: keys strictly ascending in binary order (so no duplicates), and
 * weights that can reach the threshold. The devchain keeps key authorities only; an authority
 * naming accounts or waits is refused rather than silently stored without them.
 */
function checkAuthority(authority: AuthorityArgument, permission: 'owner' | 'active'): Authority {
  const invalid = () => nodeErrors.invalidNewAccount(`Invalid ${permission} authority`)
  if (authority.accounts.length > 0 || authority.waits.length > 0) {
    throw nodeErrors.invalidNewAccount(
      `Invalid ${permission} authority: the devchain supports key authorities only`,
    )
  }
  let previous: string | undefined
  let totalWeight = 0
  for (const { key, weight } of authority.keys) {
    const binary = PublicKey.from(key).data.hexString
    if (previous !== undefined && binary <= previous) throw invalid()
    previous = binary
    totalWeight += weight
  }
  if (totalWeight < authority.threshold) throw invalid()
  return { threshold: authority.threshold, keys: authority.keys }
}

/** The part of a name after its last dot, or the whole name (eosio::name::suffix). */
function suffixOf(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1)
}

/**
 * RAM a new account uses, as nodeos and eosio.system bill it (chain/eosio_contract.cpp): the
 * account's own records, its two permissions, each key (16 bytes plus the packed key) and each
 * account in their authorities, and the `userres` row eosio.system's newaccount handler stores,
 * paid by the new account (112 for its table, 112 + 48 for the row). 2996 bytes for an account
 * with one key in each permission.
 */
export function newAccountRamBytes(owner: Authority, active: Authority): number {
  const authorityBytes = (authority: Authority) =>
    authority.keys.reduce((sum, { key }) => sum + 16 + PublicKey.from(key).data.length + 1, 0) +
    32 * (authority.accounts?.length ?? 0)
  const accountRecords = 2048
  const permissionRecords = 2 * 288
  const userResourcesRow = 112 + 112 + 48
  return (
    accountRecords +
    permissionRecords +
    authorityBytes(owner) +
    authorityBytes(active) +
    userResourcesRow
  )
}

/**
 * eosio::newaccount as nodeos runs it natively, followed by the naming rules eosio.system adds.
 * The new account's RAM is billed to it; the RAM and bandwidth it receives are the devchain's
 * defaults for new accounts (seed.json), standing in for what its creator buys on WAX.
 */
function newAccount(context: ActionContext, args: NewAccountArguments) {
  context.requireAuthorization(args.creator)
  const owner = checkAuthority(args.owner, 'owner')
  const active = checkAuthority(args.active, 'active')
  const name = args.name
  if (name === '') throw nodeErrors.invalidNewAccount('account name cannot be empty')
  if (name.length > 12) {
    throw nodeErrors.invalidNewAccount('account names can only be 12 chars long')
  }
  const creatorIsPrivileged = args.creator === SYSTEM_ACCOUNT
  if (!creatorIsPrivileged && name.startsWith('eosio.')) {
    throw nodeErrors.invalidNewAccount(
      "only privileged accounts can have names that start with 'eosio.'",
    )
  }
  if (context.scratch.accountExists(name)) throw nodeErrors.accountNameExists(name)
  // eosio.system: shorter names and names with a dot belong to whoever owns their suffix; a
  // suffix-less short name is a premium name, sold by auction, and the devchain holds none.
  if (!creatorIsPrivileged && (name.length < 12 || name.includes('.'))) {
    const suffix = suffixOf(name)
    if (suffix === name) throw nodeErrors.assertionFailure('no active bid for name')
    if (suffix !== args.creator) {
      throw nodeErrors.assertionFailure('only suffix may create this account')
    }
  }
  context.scratch.createAccount({
    name,
    createdMs: context.blockTimeMs,
    permissions: { owner, active },
  })
  context.addRamUsage(name, newAccountRamBytes(owner, active))
}

/** The system contract, run natively: its ABI is the part of eosio.system's the devchain has. */
export const systemContract: DevchainContract = {
  abi: systemAbi,
  codeHash: String(Checksum256.hash(Bytes.from('eosio.system reference contract', 'utf8'))),
  apply(context) {
    // Notified of another contract's action, the system contract does nothing with it.
    if (context.receiver !== String(context.action.account)) return
    const name = String(context.action.name)
    if (name !== 'newaccount') throw nodeErrors.unknownAction(SYSTEM_ACCOUNT, name)
    let decoded: ReturnType<typeof Serializer.decode>
    try {
      decoded = Serializer.decode({ data: context.action.data, type: 'newaccount', abi: systemAbi })
    } catch {
      throw nodeErrors.assertionFailure('read')
    }
    newAccount(context, Serializer.objectify(decoded) as NewAccountArguments)
  },
}
