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
  // The first screen's offer: the welcome reward, before entering.
  welcomeOffer: 'Your welcome reward',
  welcomeOfferHow: 'Connect your WAX wallet, then enter the code fernwoodwelcome.',
} as const

/** The spec's wallet texts, written out independently of the app's texts.ts. */
export const walletTexts = {
  connecting: 'Connecting...',
  connected: (account: string) => `WAX wallet connected: ${account}`,
  cancelled: 'Wallet connection cancelled.',
  waxAccount: (account: string) => `WAX: ${account}`,
  logout: 'Logout',
} as const

/** The names we give the kit's header buttons (it names them only by their icons). */
export const kitButtons = { settings: 'Settings', close: 'Close', back: 'Back' } as const

/**
 * The spec's dashboard texts the specs look for, written out independently of the app's
 * texts.ts so a changed text there fails here.
 */
export const dashboardTexts = {
  waxAccount: (account: string) => `WAX: ${account}`,
  help: 'Help',
  logout: 'Logout',
  /** On a phone, Help, the language and Logout are behind this button. */
  menu: 'Menu',
  language: 'Language',
  /** The site's theme in the header's menu: Automatic (the system's), Light or Dark. */
  theme: 'Theme',
  submitCodeTitle: 'Submit Forest Code',
  enterCodeTab: 'Enter Code',
  scanQrTab: 'Scan QR',
  uploadQrTab: 'Upload QR',
  codePlaceholder: 'Enter your magical code...',
  submitCode: 'Submit to Forest Spirits',
  submittingCode: 'Submitting...',
  codeSubmitted: 'Code submitted! The Forest Spirits are processing your reward...',
  /** A code the catalogue refused as it was submitted, with why. */
  codeRejected: (why: string) => `Code not accepted. ${why}`,
  unknownCode: 'This code does not exist.',
  codeInvalid: 'Please connect your wallet and enter a valid code.',
  codeDuplicate: 'This wallet has already used or submitted this code.',
  startScanning: 'Start Forest Vision',
  stopScanning: 'Stop Vision',
  cameraFailed: 'Could not start camera. Please grant permission.',
  cameraRefusal: {
    blocked:
      'This browser blocks the camera for this site. Allow it in the site settings (the icon beside the address), then start again, or upload a photo of the code instead.',
  },
  scannerLoadFailed: 'Could not load the QR scanner component.',
  selectQrImage: 'Select QR Image',
  noQrInImage: 'No QR code found in the image or image is invalid.',
  codeDetected: (code: string) => `Forest Code detected: ${code}`,
  activityTitle: 'Forest Spirit Activity',
  treasuresTitle: 'Forest Treasures',
  noTreasures: 'No treasures collected yet.',
  helpTitle: 'Fernwood Forest Rewards Guide',
  claimCompleteTitle: 'Claim Complete!',
  claimBonus: 'Claim Your 5,000 FERN Now',
  // A claim link's reward on the dashboard.
  claimWaiting: 'A reward waits for you',
  claimReward: (amount: string) => `Claim ${amount}`,
  claimLater: 'Not now',
  loadingTreasures: 'Loading your treasures...',
} as const
