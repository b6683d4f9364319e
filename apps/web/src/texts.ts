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
  initFailed: (message: string) => `${PRODUCT_NAME} failed to initialize: ${message}`,

  connectWalletIntro: 'Connect your WAX wallet to start collecting rewards.',
  connectWallet: 'Connect WAX Wallet',
  connectingWallet: 'Connecting...',
  walletConnected: (account: string) => `WAX wallet connected: ${account}`,
  walletNotInitialized: 'WAX wallet system not initialized.',
  walletConnectionCancelled: 'Wallet connection cancelled.',
  mobileWalletCancelled: 'The request was cancelled from the mobile wallet.',
  mobileWalletInvalidResponse:
    'Invalid response from the mobile wallet, must contain link_ch, link_key, link_name and cid flags.',
  kitSubtitle: (productName: string) => `Login to ${productName}`,
  createAccountOffer: 'No WAX account? Create one',
  createAccountTitle: 'Create a WAX account',
  accountNameLabel: 'New account name',
  accountNameHint: 'Exactly 12 characters: letters a-z and digits 1-5.',
  createAccount: 'Create Account',
  creatingAccount: 'Creating...',
  cancelCreateAccount: 'Cancel',
  accountNameInvalid: 'An account name has exactly 12 characters: letters a-z and digits 1-5.',
  accountNameTaken: (account: string) => `The account name ${account} is already taken.`,
  accountCreated: (account: string) =>
    `WAX account ${account} created. Connect it with 'Connect WAX Wallet'.`,
  accountCreationCancelled: 'Account creation cancelled.',
  accountCreationFailed: (message: string) => `The account could not be created: ${message}`,
  leaveForest: 'Leave Forest',
  signOutFailed: (message: string) => `Could not leave the forest: ${message}`,

  screenFailedTitle: 'The forest path is blocked',
  screenFailed: (message: string) => `This part of the forest could not be loaded: ${message}`,
  reload: 'Try Again',

  waxAccount: (account: string) => `WAX: ${account}`,
  balance: (amount: string) => `Balance: ${amount}`,
  logout: 'Logout',
  help: 'Help',

  submitCodeTitle: 'Submit Forest Code',
  submitCodeMethods: 'How to enter your code',
  enterCodeTab: 'Enter Code',
  scanQrTab: 'Scan QR',
  uploadQrTab: 'Upload QR',
  codeLabel: 'Forest code',
  codePlaceholder: 'Enter your magical code...',
  submitCode: 'Submit to Forest Spirits',
  submittingCode: 'Submitting...',
  codeSubmitted: 'Code submitted! The Forest Spirits are processing your reward...',
  codeInvalid: 'Please connect your wallet and enter a valid code.',
  startScanning: 'Start Forest Vision',
  stopScanning: 'Stop Vision',
  cameraView: 'Camera view',
  scanHint: 'Point your camera at a Forest Code.',
  scannerLoading: 'The QR scanner is still loading...',
  scannerLoadFailed: 'Could not load the QR scanner component.',
  cameraFailed: 'Could not start camera. Please grant permission.',
  selectQrImage: 'Select QR Image',
  uploadHint: 'Choose a photo or screenshot of a Forest Code.',
  noQrInImage: 'No QR code found in the image or image is invalid.',
  codeDetected: (code: string) => `Forest Code detected: ${code}`,

  activityTitle: 'Forest Spirit Activity',
  dismiss: 'Dismiss',
  dismissCode: (code: string) => `Dismiss ${code}`,
  dismissFailed: (message: string) => `Could not dismiss the code: ${message}`,
  treasuresTitle: 'Forest Treasures',
  noTreasures: 'No treasures collected yet.',
  totalEarned: (totals: string) => `Total earned: ${totals}`,
  showOlderTreasures: 'Show older',
  loadingOlderTreasures: 'Loading older treasures...',
  olderTreasuresFailed: (message: string) => `Could not load older treasures: ${message}`,
  rewardAmount: (amount: string, token: string) => `+${amount} ${token}`,
  transaction: 'TX:',
  confirmingNote: 'On chain; final once its block is irreversible.',
  transactionLinkLabel: (id: string) =>
    `Transaction ${id} in the block explorer (opens in a new tab)`,
  copy: 'Copy',
  copyTransactionId: (id: string) => `Copy transaction id ${id}`,
  transactionIdCopied: 'Transaction id copied.',
  transactionIdCopyFailed: (message: string) => `Could not copy the transaction id: ${message}`,

  close: 'Close',
  helpTitle: `${forest} Rewards Guide`,
  helpSteps: [
    {
      title: 'Enter the Forest',
      text: "Press 'Enter the Forest' to begin an anonymous visit. No account or password is needed.",
    },
    {
      title: 'Connect your WAX wallet',
      text: "Press 'Connect WAX Wallet' and approve the login in your wallet. Rewards are paid to this account.",
    },
    {
      title: 'Submit a Forest Code',
      text: 'Type the code, scan its QR code with your camera, or upload a picture of it, then send it to the Forest Spirits.',
    },
  ],
  helpWelcomeNote: (welcomeCode: string, bonus: string, token: string) =>
    `New to the forest? Claim the welcome code ${welcomeCode} here first, then stake on the staking site to receive your ${bonus} ${token} welcome bonus.`,
  claimCompleteTitle: 'Claim Complete!',
  claimCompleteText: 'Your welcome code has been processed by the Forest Spirits.',
  claimCompleteNext: 'Your welcome bonus is waiting on the staking site.',
  claimBonus: (bonus: string, token: string) => `Claim Your ${bonus} ${token} Now`,
  opensInNewTab: '(opens in a new tab)',

  devchainPublicTitle: 'Demo chain:',
  devchainPublicWarning:
    'this site runs on a development chain whose keys are public, so anyone can sign as any account and spend what it holds. Nothing here is real money.',

  closeToast: 'Close notification',
  notifications: 'Notifications',
} as const
