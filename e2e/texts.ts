/**
 * The spec's exact user-visible strings the specs look for, written out independently of the
 * app's English source (apps/web/src/i18n/en.ts) so a changed text there fails here.
 */
export const texts = {
  loading: 'Entering the Fernwood Forest...',
  title: 'Fernwood Forest',
  tagline: 'Enter the enchanted forest of automated rewards.',
  enterForest: 'Enter the Forest',
  entering: 'Entering...',
  signInSucceeded: 'Successfully connected to Fernwood Forest!',
  signInFailed: (message: string) => `Connection failed: ${message}`,
  initFailed: (message: string) => `Fernwood failed to initialize: ${message}`,
  connectWallet: 'Connect WAX Wallet',
  walletNotInitialized: 'WAX wallet system not initialized.',
  leaveForest: 'Leave Forest',
  // A claim link (/c/{code}) opened signed out: its reward before 'Enter the Forest'.
  claimWaiting: 'A reward waits for you',
  claimNotFound: 'This link holds no reward that can still be claimed.',
  connectToClaim: 'Connect your WAX wallet to claim it.',
} as const
