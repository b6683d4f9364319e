/**
 * Every text a visitor sees, in one place, so the spec's exact strings are checked here and can
 * be localised later. The product's name appears in several of them and comes from one constant.
 */
const PRODUCT_NAME = 'Fernwood'

const forest = `${PRODUCT_NAME} Forest`

export const texts = {
  title: forest,
  loading: `Entering the ${forest}...`,

  tagline: 'Enter the enchanted forest of automated rewards.',
  enterForest: 'Enter the Forest',
  entering: 'Entering...',
  signInSucceeded: `Successfully connected to ${forest}!`,
  signInFailed: (message: string) => `Connection failed: ${message}`,

  connectWalletIntro: 'Connect your WAX wallet to start collecting rewards.',
  connectWallet: 'Connect WAX Wallet',
  walletNotInitialized: 'WAX wallet system not initialized.',
  leaveForest: 'Leave Forest',
  signOutFailed: (message: string) => `Could not leave the forest: ${message}`,

  waxAccount: (account: string) => `WAX: ${account}`,
  logout: 'Logout',

  closeToast: 'Close notification',
  notifications: 'Notifications',
} as const
