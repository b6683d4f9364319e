export { isCreatableAccountName } from './account-name'
export {
  AccountCreationPluginDevAccountCreator,
  AccountNameRefused,
  type DevAccountCreatorOptions,
} from './dev-account-creator'
export { type DevWalletOptions, WalletPluginDevWallet } from './dev-wallet'
