import { Bytes, Checksum256, PrivateKey } from '@wharfkit/antelope'
import seedFile from '../seed.json' with { type: 'json' }
import type { ContractCodeName } from './contract-code'

/** One key of an authority, with its weight towards the threshold. */
export interface SeedKeyWeight {
  key: string
  weight: number
}

/** A permission's authority: signatures whose weights add up to `threshold` satisfy it. */
export interface SeedAuthority {
  threshold: number
  keys: SeedKeyWeight[]
  /** A contract's own `eosio.code`, in the active permission of a contract that sends inline. */
  accounts?: { permission: { actor: string; permission: string }; weight: number }[]
}

export interface SeedAccount {
  name: string
  /** Development-only key for the account's own `owner` key; never a secret. */
  privateKey: string
  owner: SeedAuthority
  active: SeedAuthority
}

export interface SeedToken {
  /** An account running eosio.token (see `contracts`). */
  contract: string
  issuer: string
  /** Fixes symbol and precision, e.g. "10000000000.0000 FERN". */
  maxSupply: string
  /** Initial balances; the supply is their sum. */
  balances: Record<string, string>
}

/** RAM quota (bytes), and CPU (µs) and NET (bytes) an account may use in a 24-hour window. */
export interface SeedBudget {
  ramQuota: number
  cpuPerDay: number
  netPerDay: number
}

export interface SeedResources {
  /** Accounts without limits, as the privileged system account is on WAX. */
  unlimited: string[]
  /** Every other seeded account's budget, unless `accounts` names it. */
  default: SeedBudget
  /** What an account created by newaccount gets (on WAX its creator buys it). */
  newAccount: SeedBudget
  accounts: Record<string, SeedBudget>
}

/** The AtomicAssets collection the devchain starts with: its schema and templates. */
export interface SeedNfts {
  /** The account running atomicassets. */
  contract: string
  /** Tokens assets may be backed with (addconftoken): `{contract, symbol: "8,WAX"}`. */
  supportedTokens: { contract: string; symbol: string }[]
  /** The attributes collections' data may have (admincoledit), as WAX's AtomicAssets has them. */
  collectionFormat: { name: string; type: string }[]
  collection: {
    name: string
    author: string
    /** Accounts that may create schemas and templates and mint: the payout account among them. */
    authorizedAccounts: string[]
    marketFee: number
    data: Record<string, string>
  }
  schema: { name: string; format: { name: string; type: string }[] }
  /** Each template's immutable data; `img` is a path the devchain serves, relative to its URL. */
  templates: { name: string; img: string; description: string }[]
  /**
   * Assets minted at genesis: `count` of the template named `template`, owned by `owner`. The
   * payout account's are an NFT pool to hand out.
   */
  held: { template: string; owner: string; count: number }[]
}

export interface DevchainSeed {
  /** The chain id is the sha256 of this string. */
  chainIdSource: string
  /** The key shared by the users' `active` permissions, held by the browser Dev Wallet. */
  devWalletKey: { privateKey: string; publicKey: string }
  accounts: SeedAccount[]
  /** Which registry contract (contract-code.ts) runs on which account. */
  contracts: Record<string, ContractCodeName>
  tokens: SeedToken[]
  resources: SeedResources
  nfts: SeedNfts
}

// JSON imports widen to their literal shape; assertSeedKeysMatch checks the content, in a test:
// deriving every public key costs a start some 0.3 s.
export const devchainSeed = seedFile as DevchainSeed

/** sha256("fernwood-devchain"): 7518a80a606b4933bb0b34252cc11d2864db3f38e79e0aec2e5dcc3c4f99446b */
export const DEVCHAIN_CHAIN_ID = String(
  Checksum256.hash(Bytes.from(devchainSeed.chainIdSource, 'utf8')),
)

export const DEV_WALLET_PRIVATE_KEY = devchainSeed.devWalletKey.privateKey
export const DEV_WALLET_PUBLIC_KEY = devchainSeed.devWalletKey.publicKey

export const PAYOUT_ACCOUNT = 'fernwoodpays'
export const REWARD_TOKEN_CONTRACT = 'fern.token'
/** The account running AtomicAssets, and the collection the payout account mints in. */
export const NFT_CONTRACT = devchainSeed.nfts.contract
export const NFT_COLLECTION = devchainSeed.nfts.collection.name
export const USER_ACCOUNTS = ['alice.wam', 'bob.wam', 'carol.wam'] as const
/**
 * Creates accounts on the devchain for the browser's Dev Account Creator, as a provider's account
 * does on WAX; its development key is as public as the rest of this file.
 */
export const ACCOUNT_CREATOR = 'devcreator'

/** The development private key of a seeded account (its `owner` key, also in its `active`). */
export function seedPrivateKey(accountName: string): string {
  const account = devchainSeed.accounts.find((candidate) => candidate.name === accountName)
  if (!account) throw new Error(`${accountName} is not a seeded devchain account`)
  return account.privateKey
}

export const PAYOUT_PRIVATE_KEY = seedPrivateKey(PAYOUT_ACCOUNT)
export const ACCOUNT_CREATOR_PRIVATE_KEY = seedPrivateKey(ACCOUNT_CREATOR)

/** Fails when seed.json's private and public keys drift apart. */
export function assertSeedKeysMatch(seed: DevchainSeed): void {
  const check = (privateKey: string, publicKey: string, where: string) => {
    if (!PrivateKey.from(privateKey).toPublic().equals(publicKey)) {
      throw new Error(`seed: the private key of ${where} does not match its public key`)
    }
  }
  check(seed.devWalletKey.privateKey, seed.devWalletKey.publicKey, 'devWalletKey')
  for (const account of seed.accounts) {
    check(account.privateKey, account.owner.keys[0].key, `${account.name}@owner`)
  }
}
