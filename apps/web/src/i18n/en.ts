import { REJECTION_REASONS } from '@fernwood/protocol/rejections'
import { PRODUCT_NAME } from './product'

/**
 * Every text a visitor sees, in English: the source the other languages translate, and, through
 * its type `Texts`, their contract (a missing or extra key in one of them is a type error). The
 * spec's exact strings are here, so e2e/texts.ts checks them against this file's output.
 *
 * To add a text: add its key here, in the group of the screen that shows it, then the same key,
 * really translated, to ko.ts, zh-hans.ts, zh-hant.ts and tr.ts (the type-checker lists the files
 * still missing it). A text with a value in it is a function of that value, so each language
 * places it where its grammar wants it.
 */
const forest = `${PRODUCT_NAME} Forest`

export const en = {
  // The first screens: loading, entering, connecting the wallet.
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
  leaveForest: 'Leave Forest',
  signOutFailed: (message: string) => `Could not leave the forest: ${message}`,
  // An address the site does not have (a mistyped or outdated link).
  pageNotFound: 'Page not found',
  pageNotFoundText:
    'There is no page at this address. Check the link, or start again at the forest’s entrance.',
  backToForest: 'Back to the Forest',

  // Words inside the wallet kit's dialog that are ours: its subtitle and a mobile wallet's errors.
  kitSubtitle: (productName: string) => `Login to ${productName}`,
  mobileWalletCancelled: 'The request was cancelled from the mobile wallet.',
  mobileWalletInvalidResponse:
    'Invalid response from the mobile wallet, must contain link_ch, link_key, link_name and cid flags.',
  // The kit's header buttons, which it names only by their icons ('settings', 'chevron-left').
  kitSettingsButton: 'Settings',
  kitCloseButton: 'Close',
  kitBackButton: 'Back',

  // Creating a WAX account: our name form on the devchain, else the provider's own page.
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

  // A screen whose code could not be loaded.
  screenFailedTitle: 'The forest path is blocked',
  screenFailed: (message: string) => `This part of the forest could not be loaded: ${message}`,
  reload: 'Try Again',

  // The dashboard's header.
  waxAccount: (account: string) => `WAX: ${account}`,
  balance: (amount: string) => `Balance: ${amount}`,
  logout: 'Logout',
  help: 'Help',
  /** The header's menu (Help, language, Logout) on a phone, where they do not fit beside the account. */
  menu: 'Menu',
  language: 'Language',
  // The first screen's offer and the page's theme (helper firstscreen's block).
  /** The site's colours: the system's, or light or dark; the kit's Settings > Theme words them so. */
  theme: 'Theme',
  themeChoices: { system: 'Automatic', light: 'Light', dark: 'Dark' },
  welcomeOfferTitle: 'Your welcome reward',
  welcomeOfferHow: (welcomeCode: string) =>
    `Connect your WAX wallet, then enter the code ${welcomeCode}.`,
  welcomeOfferBonus: (bonus: string, token: string) =>
    `Stake it afterwards for a ${bonus} ${token} welcome bonus.`,
  // 'Sign out everywhere': every session of this wallet ends, on every device.
  signOutEverywhere: 'Sign out everywhere',
  signedOutEverywhere: 'Signed out on every device that used this wallet.',
  signOutEverywhereFailed: (message: string) => `Could not sign out everywhere: ${message}`,

  // Submitting a code: typed, scanned or uploaded.
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
  cameraRefusal: {
    blocked:
      'This browser blocks the camera for this site. Allow it in the site settings (the icon beside the address), then start again, or upload a photo of the code instead.',
    missing: 'No camera was found on this device. Upload a photo of the code instead.',
    busy: 'The camera is in use by another app. Close that app, then start again.',
  },
  selectQrImage: 'Select QR Image',
  uploadHint: 'Choose a photo or screenshot of a Forest Code.',
  noQrInImage: 'No QR code found in the image or image is invalid.',
  codeDetected: (code: string) => `Forest Code detected: ${code}`,
  // A claim link (/c/{code}) or a QR code's link that gives no code of ours.
  claimLinkInvalid: 'This link holds no valid Forest Code.',
  qrOtherSite: (host: string) =>
    `This QR code leads to ${host}, not to ${PRODUCT_NAME}. It was not used.`,
  // A claim link's reward, shown before entering and claimed in one tap once connected.
  claimWaiting: 'A reward waits for you',
  claimOpenUntil: (date: string) => `Claim by ${date}`,
  claimOpensOn: (date: string) => `Opens ${date}`,
  claimNotFound: 'This link holds no reward that can still be claimed.',
  connectToClaim: 'Connect your WAX wallet to claim it.',
  claimReward: (amount: string) => `Claim ${amount}`,
  claimingReward: 'Claiming...',
  humanCheckRunning: 'Your browser is making a quick check before claiming…',
  humanCheckRunningLong:
    'Your browser is making a check before claiming. Many claims came from this network, so it may take a minute…',
  claimLater: 'Not now',
  /** A code the catalogue refused as it was submitted; `why` is its rejection, worded above. */
  codeRejected: (why: string) => `Code not accepted. ${why}`,
  // A claim link's page and its one-tap claim (claim-link/): what is left, a reward that could
  // not be read, and the moment after the claim.
  claimReading: 'Reading the reward…',
  /** `count` is already written for the language. */
  claimRemaining: (count: string) => `${count} left`,
  claimUnread:
    'This link’s reward could not be read just now. Check your connection, then try again.',
  /** `wait` is already written for the language: '4 minutes'. */
  claimLockedOut: (wait: string | undefined) =>
    `Too many unknown codes were tried from this network, so this link’s reward cannot be shown or claimed. ${wait ? `Try again in ${wait}.` : 'Try again later.'}`,
  claimTryAgain: 'Try again',
  claimLinkTitle: 'Your claim link',
  claimedTitle: 'Reward claimed!',
  claimedOnItsWay: (account: string) => `The Forest Spirits are sending it to ${account}…`,
  claimedConfirming: 'Sent on chain; final once its block is irreversible.',
  claimedPaid: (account: string) => `Paid to ${account}.`,
  claimShare: 'Share',
  /** `reward` is already written for the language: '25 FERN', 'Ancient Relic'. */
  claimShareText: (reward: string) => `I claimed ${reward} in the ${forest}!`,
  claimShareCopied: 'Link copied to the clipboard.',
  claimShareFailed: 'The link could not be copied.',
  claimToDashboard: 'Go to my dashboard',

  // 'Forest Spirit Activity': codes not paid yet.
  activityTitle: 'Forest Spirit Activity',
  rewardStatus: {
    pending: 'Pending',
    processing: 'Processing',
    confirming: 'Confirming',
    rejected: 'Rejected',
    /** waiting while payouts are paused (the payout account is out of CPU, NET or RAM) */
    delayed: 'Delayed',
  },
  /** Under a delayed reward: nothing is wrong with it, nothing to do. */
  delayedNote: 'Payouts are paused for a moment. Your reward is safe and will arrive on its own.',
  /** Why the catalogue refused a code, by the server's rejection code. */
  rejection: REJECTION_REASONS,
  /** A campaign's rule, as the claim page lists it and a refusal names it. */
  /**
   * A campaign's rules in words, a clause a condition, as its claim page lists them and a refusal
   * names what a wallet lacks: "hold an Oak acorn or 100.0000 FERN". The things to hold of one
   * group are said with one `hold`, joined by the language's "and" or "or".
   */
  ruleTree: {
    allowlist: 'be on this reward’s list of accounts',
    accountAge: (days: number) =>
      `have an account at least ${days} ${days === 1 ? 'day' : 'days'} old`,
    /** `things`: what to hold, already joined ("an Oak acorn or 100.0000 FERN") */
    hold: (things: string) => `hold ${things}`,
    /** `what`: the collection, schema or template below */
    nfts: (count: number, what: string) =>
      count === 1 ? `an NFT of ${what}` : `${count} NFTs of ${what}`,
    collection: (collection: string) => collection,
    schema: (schema: string, collection: string) => `schema “${schema}” of ${collection}`,
    template: (template: number, collection: string) => `template #${template} of ${collection}`,
    /** NFTs the campaign's operator named, e.g. "Oak acorn" */
    named: (count: number, name: string) =>
      count === 1 ? `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}` : `${count} × ${name}`,
    /** a group within a group */
    nested: (clause: string) => `(${clause})`,
    /** a clause as a line of the claim page */
    line: (clause: string) => clause.charAt(0).toUpperCase() + clause.slice(1),
    /** a wallet refused, `clause` being what it lacks */
    refusal: (clause: string) => `To claim this reward, ${clause}.`,
  },
  oncePerAssetSpent: (collection: string, template: number | undefined) =>
    `This reward counts each NFT once, and every ${template === undefined ? `NFT of ${collection}` : `NFT of template #${template} of ${collection}`} this wallet holds has qualified a claim already.`,
  /** A group's per-wallet limit: `period` is worded below. */
  walletLimit: (claims: number, period: string) =>
    `Each wallet can claim ${claims} ${claims === 1 ? 'time' : 'times'} per ${period} in this series.`,
  walletLimitPeriod: { hour: 'hour', day: 'day', week: 'week' },
  /** `date` is already written for the language. */
  nextClaimAt: (date: string) => `This wallet can claim again from ${date}.`,
  /** Its operator's own check said no; `reason` is their endpoint's, shown as plain text. */
  operatorCheckRefusal: (reason: string | undefined) =>
    reason
      ? `The organiser of this reward turned this wallet down: ${reason}`
      : 'The organiser of this reward turned this wallet down.',
  dismiss: 'Dismiss',
  dismissCode: (code: string) => `Dismiss ${code}`,
  dismissFailed: (message: string) => `Could not dismiss the code: ${message}`,
  /** `amount` is already written for the language, with its token: '10.0000 FERN'. */
  confirmingNote: (amount: string) =>
    `${amount} sent on chain; final once its block is irreversible.`,

  // 'Forest Treasures': what has been paid.
  treasuresTitle: 'Forest Treasures',
  noTreasures: 'No treasures collected yet.',
  loadingTreasures: 'Loading your treasures...',
  totalEarned: (totals: string) => `Total earned: ${totals}`,
  showOlderTreasures: 'Show older',
  loadingOlderTreasures: 'Loading older treasures...',
  olderTreasuresFailed: (message: string) => `Could not load older treasures: ${message}`,
  showOlderActivity: 'Show older',
  loadingOlderActivity: 'Loading older activity...',
  olderActivityFailed: (message: string) => `Could not load older activity: ${message}`,
  /** `amount` is already written for the language, with its token: '10.0000 FERN'. */
  /** An NFT paid or offered: its picture's alt text, its collection, and its asset id's label. */
  nftPicture: (name: string) => `${name}, the NFT`,
  nftCollection: (collection: string) => `Collection ${collection}`,
  nftAsset: 'Asset',
  nftAssetLinkLabel: (id: string) => `Asset ${id} in the NFT explorer (opens in a new tab)`,
  // The NFT reveal (nfts/): an NFT's art while it is on its way, and NFTs in the total earned.
  nftOnItsWay: 'On its way to your wallet',
  /** `written` is `count` already written for the language: '3 NFTs'. */
  nftsEarned: (count: number, written: string) =>
    new Intl.PluralRules('en').select(count) === 'one' ? `${written} NFT` : `${written} NFTs`,
  rewardAmount: (amount: string) => `+${amount}`,
  transaction: 'TX:',
  transactionLinkLabel: (shortId: string, id: string) =>
    `${shortId}, transaction ${id} in the block explorer (opens in a new tab)`,
  copy: 'Copy',
  copyTransactionId: (id: string) => `Copy transaction id ${id}`,
  transactionIdCopied: 'Transaction id copied.',
  transactionIdCopyFailed: (message: string) => `Could not copy the transaction id: ${message}`,

  // The guide and the welcome claim. The welcome bonus is the operator's figure, as configured.
  close: 'Close',
  helpTitle: `${forest} Rewards Guide`,
  helpSteps: [
    {
      title: 'Enter the Forest',
      text: 'You are in: your visit is anonymous, with no account or password.',
    },
    {
      title: 'Connect your WAX wallet',
      text: 'Your wallet is connected: rewards are paid to its account.',
    },
    {
      title: 'Submit a Forest Code',
      text: 'Type the code, scan its QR code with your camera, or upload a picture of it, then send it to the Forest Spirits.',
    },
  ],
  /** Marks the steps a visitor on the dashboard has taken already. */
  helpStepDone: 'Done',
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

  /**
   * The server's refusals, by their stable code (each capability's `errors.ts` on the server); a code
   * not listed here shows the server's own message. `wait` is how long until a limit lifts, when
   * the server says (its Retry-After), already worded for the language.
   */
  serverErrors: {
    NETWORK: 'The forest could not be reached. Check your connection and try again.',
    NOT_SIGNED_IN: 'Sign in to continue.',
    CROSS_ORIGIN_REFUSED: `This request must come from the ${PRODUCT_NAME} site itself.`,
    RATE_LIMITED: (wait: string | undefined) =>
      wait ? `Too many requests. Try again in ${wait}.` : 'Too many requests. Try again later.',
    CODE_INVALID: 'Please connect your wallet and enter a valid code.',
    CODE_DUPLICATE: 'This wallet has already used or submitted this code.',
    CODES_RATE_LIMITED: (wait: string | undefined) =>
      wait
        ? `Too many codes submitted. Try again in ${wait}.`
        : 'Too many codes submitted. Try again later.',
    CODE_LOCKED_OUT: (wait: string | undefined) =>
      wait
        ? `Too many invalid codes. Try again in ${wait}.`
        : 'Too many invalid codes. Try again later.',
    REWARD_NOT_DISMISSIBLE: 'Only a rejected code of your wallet can be dismissed.',
    WALLET_CHALLENGE_INVALID:
      'This login request has expired or was already used. Please connect again.',
    WALLET_PROOF_MISSING: 'The wallet gave no proof of account ownership.',
    WALLET_PROOF_MALFORMED: 'The wallet’s proof could not be read.',
    WALLET_PROOF_WRONG_CHAIN: 'The wallet proved an account on another chain.',
    WALLET_PROOF_WRONG_SCOPE: 'The wallet’s proof was made for another application.',
    WALLET_PROOF_WRONG_ACCOUNT: 'The wallet’s proof is for another account.',
    WALLET_PROOF_EXPIRED: 'The wallet’s proof has expired. Please connect again.',
    WALLET_PROOF_REPLAYED: 'This wallet proof was already used.',
    WALLET_PROOF_SIGNATURE_INVALID: 'The wallet’s proof is not signed by the account’s keys.',
    WALLET_ACCOUNT_NOT_FOUND: 'This account does not exist on this chain.',
    ELIGIBILITY_UNAVAILABLE:
      'The blockchain could not be reached to check this reward’s rules. Please try again in a moment.',
    OPERATOR_CHECK_UNAVAILABLE:
      'The organiser of this reward could not be reached to check this claim. Please try again in a moment.',
    WALLET_CHAIN_UNAVAILABLE:
      'The blockchain could not be reached to check the wallet. Please try again.',
    WALLET_PERMISSION_REFUSED:
      'The wallet signed in with a permission other than the account’s active one. Please connect again with the active permission.',
    SIGN_OUT_EVERYWHERE_UNPROVEN:
      'Connect your wallet with a proof of ownership to sign out everywhere.',
    HUMAN_CHECK_REQUIRED: 'This claim needs a quick check by your browser. Please try again.',
    HUMAN_CHECK_INVALID: 'The browser check did not pass. Please try again.',
    HUMAN_CHECK_EXPIRED: 'The browser check took too long and expired. Please try again.',
    HUMAN_CHECK_REPLAYED: 'This browser check was used already. Please try again.',
  },
}

/** What every language provides: English's shape, with any string where English has one. */
export type Texts = typeof en
