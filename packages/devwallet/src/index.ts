export { type DevWalletOptions, WalletPluginDevWallet } from './dev-wallet'
