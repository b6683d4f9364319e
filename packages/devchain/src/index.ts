export type { AccountResourcesView, Devchain, DevchainOptions } from './devchain'
export { createDevchain, startDevchain } from './devchain'
export type { NodeErrorBody, NodeErrorDetail } from './errors'
export type { ResourceChange } from './resources'
export type { DevchainApiOptions, WriteOriginPolicy } from './routes/write-origin'
export type {
  DevchainSeed,
  SeedAccount,
  SeedAuthority,
  SeedBudget,
  SeedKeyWeight,
  SeedNfts,
  SeedResources,
  SeedToken,
} from './seed'
export {
  ACCOUNT_CREATOR,
  ACCOUNT_CREATOR_PRIVATE_KEY,
  DEV_WALLET_PRIVATE_KEY,
  DEV_WALLET_PUBLIC_KEY,
  DEVCHAIN_CHAIN_ID,
  devchainSeed,
  NFT_COLLECTION,
  NFT_CONTRACT,
  PAYOUT_ACCOUNT,
  PAYOUT_PRIVATE_KEY,
  REWARD_TOKEN_CONTRACT,
  seedPrivateKey,
  USER_ACCOUNTS,
} from './seed'
export { SYSTEM_ACCOUNT, systemAbi } from './system-contract'
export { MAX_TRANSACTION_LIFETIME_SECONDS } from './transactions'
