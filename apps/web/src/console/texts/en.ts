import { PRODUCT_NAME } from '../../i18n/product'

/**
 * The operator console's texts, in English: a dictionary of their own that travels in the
 * console's chunk, so no visitor downloads them, and the source of its translations beside it
 * (each checked against `ConsoleTexts` by the type-checker, each its own small chunk).
 * The operators' refusals are worded by the server's codes, in the CLI's words
 * (apps/server/src/admin/errors.ts).
 */
export const consoleEn = {
  title: `${PRODUCT_NAME} console`,
  operator: (account: string) => `Operator: ${account}`,
  signOut: 'Sign out',
  checking: 'Checking your access...',
  refusedTitle: 'This console is for operators',
  live: 'Live',
  reconnecting: 'Reconnecting...',
  timeZone: (zone: string) => `Times are in your time zone, ${zone}.`,
  backToSite: `Back to ${PRODUCT_NAME}`,

  signInIntro: `For ${PRODUCT_NAME}’s operators: sign in, then connect an operator’s WAX wallet.`,
  signIn: 'Sign in to the console',
  signingIn: 'Signing in...',
  connectIntro: 'Connect an operator’s WAX wallet to open the console.',
  connectWallet: 'Connect WAX Wallet',
  connecting: 'Connecting...',

  signedInAs: (account: string) => `You are signed in with the wallet ${account}.`,
  refusedNext: 'To open the console, sign out and connect the wallet of an operator’s account.',
  switchWallet: 'Sign out and use another wallet',

  campaignsTitle: 'Campaigns',
  campaignsEmpty: 'No campaigns yet.',
  columns: {
    campaign: 'Campaign',
    kind: 'Kind',
    reward: 'Reward',
    window: 'Window',
    cap: 'Cap',
    claimed: 'Claimed',
    remaining: 'Remaining',
    state: 'State',
    actions: 'Actions',
  },
  kinds: { shared: 'shared', unique: 'unique' },
  states: {
    open: 'open',
    scheduled: 'scheduled',
    ended: 'ended',
    closed: 'closed',
    spent: 'spent',
  },
  welcome: 'welcome',
  noLimit: '∞',
  noLimitSpoken: 'no limit',
  noCap: 'no cap',
  doesNotApply: (state: string) => `does not apply: ${state}`,
  always: 'always',
  windowFrom: (start: string) => `from ${start}`,
  windowUntil: (end: string) => `until ${end}`,
  windowBetween: (start: string, end: string) => `${start} – ${end}`,
  close: 'Close',
  closeCampaign: (slug: string) => `Close ${slug}`,
  closing: 'Closing...',
  closed: (slug: string) =>
    `Closed campaign ${slug}: new submissions of its codes are rejected as ended.`,
  reopen: 'Reopen',
  reopenCampaign: (slug: string) => `Reopen ${slug}`,
  reopening: 'Reopening...',
  reopened: (slug: string) =>
    `Reopened campaign ${slug}: its codes are accepted again, within its window and cap.`,
  welcomeStaysOpen: 'Stays open: every first visit claims it.',
  cancel: 'Cancel',
  confirmCloseTitle: (name: string) => `Close the campaign “${name}”?`,
  confirmCloseEffect: (slug: string) =>
    `New submissions of the codes of ${slug} will be rejected as ended; rewards already being paid still complete. You can reopen it before its end.`,
  confirmClose: 'Close campaign',
  confirmReopenTitle: (name: string) => `Reopen the campaign “${name}”?`,
  confirmReopenEffect: (slug: string) =>
    `The codes of ${slug} will be accepted again, within its window and cap.`,
  confirmReopen: 'Reopen campaign',
  chart: 'Chart',
  showChart: (slug: string) => `Chart of ${slug}`,
  edit: 'Edit',
  editCampaign: (slug: string) => `Edit ${slug}`,
  editTitle: (name: string) => `Edit the campaign “${name}”`,
  editCapHint: (claimed: number) => `empty: no cap; at least the ${claimed} claimed`,
  editReopen: 'Reopen it with these changes',
  editAllowlistReplace:
    'it has one: a file replaces it whole (one account a line, or a CSV with an “account” column)',
  editAllowlistRemove: 'Remove its allowlist: any account may claim',
  capBelowClaimed: (claimed: number) =>
    `The cap cannot be below the ${claimed} rewards claimed already.`,
  save: 'Save changes',
  saving: 'Saving...',
  edited: (slug: string) => `Saved the changes to ${slug}.`,
  claimsCsv: 'Claims CSV',
  claimsCsvOf: (slug: string) => `Claims CSV of ${slug}: download`,
  kiosk: 'Kiosk',
  kioskOf: (slug: string) => `Kiosk links of ${slug}`,
  farmReport: {
    open: 'Farm report',
    openOf: (slug: string) => `Farm report of ${slug}`,
    title: (name: string) => `Farm report of “${name}”`,
    intro:
      'Accounts that claimed this campaign and may be one person’s: claimed from one network, created by one account, created close together, or first funded by one account. Look at a cluster before rejecting it: a wallet that creates accounts for the public, or an exchange, gathers strangers too.',
    reading: 'Reading the report...',
    none: 'No clusters: no two accounts that claimed it share a network or an origin.',
    kinds: {
      sameAddress: 'Same network',
      sameCreator: 'Same creator',
      createdTogether: 'Created together',
      sameFunder: 'Same first funder',
    },
    createdBetween: (from: string, to: string) => `${from} to ${to}`,
    summary: (accounts: number, claims: number, pending: number) =>
      `${accounts} accounts, ${claims} claims, ${pending} pending`,
    columns: { account: 'Account', reward: 'Reward', status: 'Status', claimedAt: 'Claimed' },
    statuses: {
      pending: 'pending',
      processing: 'being paid',
      confirming: 'being paid',
      completed: 'paid',
      rejected: 'rejected',
    },
    reject: 'Reject pending claims',
    rejectOf: (kind: string, key: string) => `Reject pending claims of ${kind}: ${key}`,
    nothingPending: 'Nothing pending to reject.',
    confirmTitle: (count: number) =>
      count === 1 ? 'Reject 1 pending claim?' : `Reject ${count} pending claims?`,
    confirmEffect: (kind: string, key: string, accounts: string) =>
      `The pending claims of ${kind}: ${key} (${accounts}) are rejected as rejected by the operator, each in the audit log; their visitors see it at once. A claim a payout has taken meanwhile is kept.`,
    confirm: 'Reject them',
    rejecting: 'Rejecting...',
    rejected: (rejected: number, kept: number) =>
      `Rejected ${rejected} claims. ${kept} kept: already being paid, paid or rejected.`,
    refresh: 'Refresh',
    close: 'Close',
    originsUnread:
      'Creators, creation times and first funds were not read: this server has no history source (HISTORY_API_URL).',
    originsKnown: (known: number, accounts: number) =>
      `Origins known for ${known} of ${accounts} accounts.`,
    originsUnavailable: (accounts: string) => `The history source did not answer for: ${accounts}.`,
    originsDeferred: (count: number, limit: number) =>
      `${count} accounts not read yet (at most ${limit} a report): refresh to read them.`,
  },
  kioskLinksTitle: (name: string) => `Kiosk links of “${name}”`,
  kioskLinksIntro:
    'A kiosk link opens this campaign’s kiosk screen on a tablet at an event, and nothing else: nobody signs in on the tablet. Whoever has the link can show the kiosk until it expires or you revoke it.',
  kioskHours: 'Valid for (hours)',
  kioskHoursHint: (hours: number, max: number) => `empty: ${hours}; at most ${max}`,
  kioskIssue: 'Issue a kiosk link',
  kioskIssuing: 'Issuing...',
  kioskLink: 'Kiosk link',
  kioskIssued: 'Open this link on the tablet. It is shown only now: it cannot be shown again.',
  kioskCopy: 'Copy the link',
  kioskCopied: 'Copied the kiosk link.',
  kioskInForce: 'Kiosk links in force',
  kioskNone: 'No kiosk link of this campaign is in force.',
  kioskCredentialIssued: (operator: string, at: string) => `Issued by ${operator} at ${at}`,
  kioskCredentialUntil: (at: string) => `valid until ${at}`,
  kioskCredentialUsed: (at: string) => `last opened ${at}`,
  kioskCredentialUnused: 'not opened yet',
  kioskRevoke: 'Revoke',
  kioskRevokeOf: (issuedAt: string) => `Revoke the kiosk link issued at ${issuedAt}`,
  kioskRevoking: 'Revoking...',
  kioskRevoked: 'Revoked the kiosk link: a tablet showing it stops at once.',
  kioskDone: 'Done',
  kioskTitle: (name: string) => `Claim your reward: ${name}`,
  kioskScan: 'Scan this code with your phone’s camera to claim it.',
  kioskOrType: (code: string) => `Or enter the code ${code}`,
  kioskQrAlt: (name: string) => `QR code: a one-time claim link for ${name}`,
  kioskClaimed: (count: number) => `${count} claimed`,
  kioskNotOpen: (state: string) => `This campaign is ${state}: no code is shown.`,
  kioskRefused:
    'This kiosk link is not valid: it was revoked or has expired. Ask an operator for a new one.',
  kioskFullScreen: 'Full screen',
  // The kiosk's reward, its countdown and its celebration (helper firstscreen's block).
  /** `reward` is already written for the language: '10 FERN', 'Ancient Relic'. */
  kioskReward: (reward: string) => `Each code pays ${reward}`,
  /** `time` is m:ss, as a countdown reads. */
  kioskNextCode: (time: string) => `New code in ${time}`,
  kioskCelebration: 'Claimed! Enjoy your reward.',

  chartTitle: 'Claims over time',
  chartOf: (slug: string) => `Claims of ${slug}, in total, by minute`,
  chartSummary: (claimed: number, latest: string) =>
    `${claimed} claimed in total; the latest claim at ${latest}.`,
  chartEmpty: (slug: string) => `No claims of ${slug} yet.`,
  chartCampaign: 'Campaign',
  nftPreviewLoading: 'Reading the template on chain...',
  nftSupply: (issued: number, max: number) =>
    max === 0 ? `${issued} minted, no limit` : `${issued} minted of ${max}, ${max - issued} left`,
  nftPoolHeld: (held: number) =>
    held === 1 ? '1 asset held by the payout account' : `${held} assets held by the payout account`,
  nftPoolEmpty:
    'The payout account holds none of this template’s assets: a pool campaign of it would be refused.',
  nftPoolLeft: (left: number) => `${left} left in the pool`,

  createTitle: 'New campaign',
  /** The board's first row of figures, the new campaign's steps, a row's actions on a narrow screen. */
  summary: {
    title: 'At a glance',
    openCampaigns: 'Open campaigns',
    claimsToday: 'Claims today',
    claimsLastHour: 'Claims in the last hour',
    atLeast: (count: string) => `at least ${count}`,
    pendingPayouts: 'Payouts on their way',
    payouts: 'Payouts needing you',
    payoutsDetail: (failed: number, stuck: number) => `${failed} refused, ${stuck} stuck`,
    balance: 'Payout balance',
    balanceUnknown: 'unknown: the chain did not answer',
    paused: 'Payouts are paused',
    exceeds: 'Open budgets exceed it',
  },
  steps: {
    pays: '1. What it pays',
    when: '2. When and how many',
    who: '3. Who may claim',
    whoIntro: 'Anyone with a code may claim, unless you set rules.',
    advanced: 'Rules, limits and checks',
  },
  rowActions: (slug: string) => `Actions for ${slug}`,
  actions: 'Actions',
  newRow: 'new',
  /** The builder of a campaign's rules: one group of conditions. */
  ruleBuilder: {
    legend: 'Who may claim',
    match: 'A claim must meet',
    matchHint: 'no condition: anyone may claim',
    all: 'all of these conditions',
    any: 'any one of these conditions',
    none: 'No conditions yet: anyone may claim.',
    condition: (number: number) => `Condition ${number}`,
    kind: 'Kind',
    kinds: {
      allowlist: 'On the allowlist',
      min_balance: 'Token balance',
      holds_nft: 'NFTs held',
      min_account_age: 'Account age',
    },
    allowlistHint: 'the accounts of the allowlist file above',
    nftHint: 'a collection, collection:template or collection/schema, e.g. fernwoodnfts:1',
    nftInvalid:
      'The NFT must be a collection name, optionally with :template id or /schema name, e.g. "fernwoodnfts:1".',
    nftCount: 'At least (NFTs)',
    nftCountHint: 'empty: 1; up to 1000',
    nftName: 'Name shown to visitors',
    nftNameHint: 'optional, e.g. Oak acorn: the claim page says “Hold an Oak acorn”',
    nestedGroup:
      'A group of conditions within this one, kept as it is: campaigns edit --rules changes it.',
    remove: (number: number) => `Remove condition ${number}`,
    add: 'Add a condition',
  },
  fields: {
    slug: 'Slug',
    slugHint: 'lowercase letters, digits and hyphens',
    name: 'Name',
    kind: 'Kind',
    payment: 'Each claim pays',
    reward: 'Reward',
    rewardHint: 'an amount and a token, e.g. 10.0000 FERN',
    nft: 'NFT to mint',
    nftHint: 'an AtomicAssets collection:template to mint for each claim, e.g. fernwoodnfts:3',
    nftPool: 'NFT pool',
    nftPoolHint:
      'an AtomicAssets collection:template whose assets the payout account holds: each claim is sent one of them, e.g. fernwoodnfts:2',
    contract: 'Token contract',
    contractHint: 'empty: the server’s reward token contract',
    startsAt: 'Starts',
    endsAt: 'Ends',
    timeHint: (zone: string) => `optional; in your time zone, ${zone}`,
    cap: 'Cap',
    capHint: 'empty: no cap',
    budget: 'Budget',
    budgetHint:
      'empty: none; reserved now, as an amount of the reward’s token (2500.0000 FERN) or a number of rewards; once spent, claims are refused as fully claimed',
    code: 'Code',
    codeHint: 'a shared campaign’s one code',
    allowlist: 'Allowlist',
    allowlistHint:
      'optional: a file of accounts allowed to claim, one a line or a CSV with an “account” column (up to 100,000)',
    minBalance: 'Minimum balance',
    minBalanceHint: 'optional: a token to hold, e.g. 100.0000 FERN@fern.token',
    holdsNft: 'NFT to hold',
    minAccountAgeDays: 'Minimum account age (days)',
    group: 'Group',
    groupHint: 'optional: campaigns of a group share a per-wallet limit',
    perWallet: 'Claims per wallet',
    perWalletHint: 'with a group: e.g. 1/day (per hour, day or week); a new group needs one',
    humanCheck: 'Human check',
    humanCheckHint:
      'proof of work a visitor’s browser solves before a claim, with nothing to click',
    humanChecks: { default: 'Deployment default', pow: 'Proof of work', off: 'Off' },
    grantsPerAccount: 'Grants per account',
    grantsPerAccountHint: 'how many rewards the partner API may grant one account; empty: 1',
    grantsUnlimited: 'Unlimited',
    oncePerAsset: 'One claim per NFT: each NFT qualifies one claim, whoever holds it',
    checkUrl: 'Check URL',
    checkUrlHint:
      'optional: your endpoint, asked before each claim is accepted whether the account may claim (HTTPS)',
    checkSecret: 'Signing secret of the check',
    checkSecretHint: 'verify each request to your endpoint with it (Standard Webhooks)',
    payoutDelay: 'Review window',
    payoutDelayHint:
      'optional: claims wait this long before they are paid, and you may reject them meanwhile; up to 30 days',
    payoutDelayUnit: 'Unit of the review window',
    payoutDelayUnits: { s: 'seconds', m: 'minutes', h: 'hours', d: 'days' },
  },
  payments: {
    reward: 'A token amount',
    nft: 'A new NFT, minted from a template',
    nftPool: 'An NFT from the payout account’s pool',
  },
  incompleteTime: 'Enter a whole date and time, or leave it empty.',
  create: 'Create campaign',
  creating: 'Creating...',
  created: (slug: string, kind: string, reward: string) =>
    `Created campaign ${slug} (${kind}, ${reward} each).`,

  generateTitle: 'Generate codes',
  generateCampaign: 'Unique campaign',
  generateNone: 'Create a unique campaign first.',
  count: 'How many',
  generate: 'Generate codes',
  generating: 'Generating...',
  generated: (count: number, slug: string) => `Generated ${count} codes for ${slug}.`,
  downloadCsv: 'Download the CSV',
  downloadSheet: 'Download the printable QR sheet',
  generateProgress: (made: number, count: number, slug: string) =>
    `Generating codes for ${slug}: ${made} of ${count} made.`,
  generateFailed: (made: number, count: number, slug: string) =>
    `Generating codes for ${slug} stopped after ${made} of ${count}; the codes made are valid.`,

  generationsTitle: 'Code generations',
  generationsEmpty: 'No codes generated yet.',
  generationColumns: {
    campaign: 'Campaign',
    codes: 'Codes',
    by: 'By',
    started: 'Started',
    state: 'State',
    downloads: 'Downloads',
  },
  generationStates: { running: 'running', done: 'done', failed: 'failed' },
  byCli: 'the CLI',
  madeOf: (made: number, count: number) => `${made} of ${count}`,
  csv: 'CSV',
  sheet: 'QR sheet',
  csvOf: (slug: string, started: string) => `CSV of ${slug}, started ${started}`,
  sheetOf: (slug: string, started: string) => `Printable QR sheet of ${slug}, started ${started}`,

  payoutsTitle: 'Payouts',
  balance: (account: string, balance: string) => `${account} holds ${balance}.`,
  balanceUnknown: (account: string) => `${account}: the chain did not answer; balance unknown.`,
  reserved: (amount: string) => `Open campaigns’ budgets still to pay: ${amount}.`,
  reservedExceeds:
    'The open budgets exceed the payout account’s balance: top it up before they are spent, or payouts will fail.',
  resourcesTitle: 'Payout account resources',
  resourceUnits: { cpu: 'µs', net: 'bytes', ram: 'bytes' },
  resourceUse: (used: string, max: string, available: string, unit: string) =>
    `${used} of ${max} ${unit} used, ${available} available`,
  resourceUnlimited: 'unlimited',
  resourcesUnknown: 'The chain did not answer: resources unknown.',
  payoutsRunning: 'Payouts are running.',
  payoutsPaused: (resource: string, since: string, nextCheck: string) =>
    `Payouts paused since ${since}: the payout account is out of ${resource}. Every reward stays due and is paid once it has ${resource} again (next check ${nextCheck}): stake to it or power it up.`,
  failedTitle: 'Failed payouts',
  failedEmpty: 'No failed payouts.',
  stuckTitle: (minutes: number) => `Stuck for more than ${minutes} minutes`,
  stuckEmpty: 'Nothing is stuck.',
  payoutColumns: {
    account: 'Account',
    code: 'Code',
    status: 'Status',
    attempts: 'Attempts',
    error: 'Error',
    since: 'Since',
    actions: 'Actions',
  },
  retry: 'Retry',
  retryReward: (code: string, account: string) => `Retry ${code} for ${account}`,
  retrying: 'Retrying...',
  retried: (code: string) => `${code} will be paid again by the next free worker.`,

  failed: (message: string) => `Failed: ${message}`,
  // The server's refusals by code, in the CLI's words.
  partners: {
    keysTitle: 'API keys',
    keysIntro:
      'A partner’s backend (a game server, a shop, a bot) grants the rewards of its campaigns with an API key.',
    keysEmpty: 'No API keys yet.',
    keyColumns: {
      name: 'Name',
      campaigns: 'Campaigns',
      lastUsed: 'Last used',
      state: 'State',
      actions: 'Actions',
    },
    neverUsed: 'never',
    inForce: 'in force',
    revokedAt: (at: string) => `revoked ${at}`,
    removed: 'removed',
    newKey: 'New API key',
    keyName: 'Name',
    keyNameHint: 'who it is for, e.g. “Quest server”',
    nameRequired: 'Give the key a name.',
    campaigns: 'Campaigns',
    noCampaigns: 'There are no campaigns yet.',
    pickCampaign: 'Pick at least one campaign.',
    createKey: 'Create the key',
    creating: 'Creating...',
    keySecretTitle: (name: string) => `The secret of the API key “${name}”`,
    keySecretIntro:
      'Hand this secret to the partner. It is shown only now: it cannot be shown again.',
    webhookSecretTitle: (url: string) => `The signing secret of ${url}`,
    webhookSecretIntro:
      'Hand this signing secret to the partner, who verifies each delivery with it. It is shown only now: it cannot be shown again.',
    secret: 'Secret',
    copy: 'Copy',
    copied: 'Copied.',
    done: 'Done',
    revoke: 'Revoke',
    revokeKeyOf: (name: string) => `Revoke the API key “${name}”`,
    revokeKeyTitle: (name: string) => `Revoke the API key “${name}”?`,
    revokeKeyEffect:
      'Every server refuses it from its next request on. This cannot be undone: the partner needs a new key.',
    revoking: 'Revoking...',
    keyRevoked: (name: string) => `Revoked the API key “${name}”.`,
    webhooksTitle: 'Webhooks',
    webhooksIntro: `${PRODUCT_NAME} tells a partner’s endpoint when a reward of its campaigns is paid, rejected or fails, signed with the endpoint’s secret.`,
    webhooksEmpty: 'No webhook endpoints yet.',
    webhookColumns: {
      url: 'URL',
      events: 'Events',
      campaigns: 'Campaigns',
      state: 'State',
      actions: 'Actions',
    },
    newWebhook: 'New webhook endpoint',
    url: 'URL',
    urlHint: 'HTTPS, on the public internet',
    urlRequired: 'Give the endpoint’s URL, starting with https://.',
    events: 'Events',
    eventMeanings: {
      'reward.completed': 'a reward is paid',
      'reward.rejected': 'a reward is rejected',
      'reward.failed': 'a payout failed and waits for an operator',
    },
    pickEvent: 'Pick at least one event.',
    addWebhook: 'Add the endpoint',
    adding: 'Adding...',
    deliveries: 'Deliveries',
    deliveriesOf: (url: string) => `Deliveries to ${url}`,
    deliveriesEmpty: 'Nothing was delivered to this endpoint yet.',
    loading: 'Loading...',
    deliveryColumns: {
      state: 'State',
      event: 'Event',
      reward: 'Reward',
      at: 'At',
      attempts: 'Attempts',
      error: 'Last error',
      actions: 'Actions',
    },
    deliveryStates: {
      failed: 'failed',
      retrying: 'retrying',
      pending: 'waiting',
      sent: 'delivered',
    },
    redeliver: 'Redeliver',
    redeliverOf: (event: string, at: string) => `Redeliver the ${event} event of ${at}`,
    redelivering: 'Redelivering...',
    redelivered: 'It is delivered again in a moment.',
    errors: {
      API_KEY_CAMPAIGN_UNKNOWN: 'One of these campaigns does not exist.',
      API_KEY_NOT_FOUND: 'There is no such API key.',
      WEBHOOK_URL_REFUSED:
        'This URL is refused: it must be HTTPS and reach the public internet, not this server’s network.',
      WEBHOOK_CAMPAIGN_UNKNOWN: 'One of these campaigns does not exist.',
      WEBHOOK_ENDPOINT_NOT_FOUND: 'There is no such webhook endpoint.',
      WEBHOOK_DELIVERY_NOT_FOUND: 'There is no such delivery.',
    },
  },
  errors: {
    NOT_SIGNED_IN: 'Sign in to continue.',
    ADMIN_WALLET_REQUIRED: 'Connect an operator’s WAX wallet to open the console.',
    ADMIN_WALLET_UNVERIFIED:
      'This wallet was connected without a proof of ownership; connect it again to open the console.',
    ADMIN_NOT_OPERATOR: 'This wallet is not one of the operators’ accounts.',
    ADMIN_SLUG_INVALID: 'The slug must be 1 to 64 lowercase letters, digits or hyphens.',
    ADMIN_SLUG_TAKEN: 'There is already a campaign with this slug.',
    ADMIN_NAME_INVALID: 'The name must be 1 to 120 characters.',
    ADMIN_REWARD_INVALID: 'The reward must be an amount and a token, e.g. "10.0000 FERN".',
    ADMIN_CONTRACT_INVALID: 'The token contract must be a WAX account name.',
    ADMIN_NFT_INVALID:
      'The NFT must be a collection and a template id, e.g. "fernwoodnfts:3", given instead of a reward.',
    ADMIN_NFT_TEMPLATE_UNKNOWN: 'The collection has no such template on chain.',
    ADMIN_NFT_NOT_MINTER:
      'The payout account is not one of the collection’s authorized accounts, so it cannot mint this template.',
    ADMIN_NFT_SCHEMA_UNTIED:
      'The template’s schema has no “reward” string attribute, which ties each mint to its reward: add it with extendschema.',
    ADMIN_NFT_POOL_INVALID:
      'The NFT pool must be a collection and a template id, e.g. "fernwoodnfts:2", given instead of a reward or an NFT to mint.',
    ADMIN_NFT_POOL_TEMPLATE_UNKNOWN: 'The collection has no such template on chain.',
    ADMIN_CHAIN_UNAVAILABLE:
      'The blockchain did not answer, so the NFT could not be checked. Nothing was created; try again in a moment.',
    ADMIN_NFT_POOL_EMPTY:
      'The payout account holds no asset of this template to hand out: send it some first.',
    ADMIN_TIME_INVALID: 'The start and the end must be ISO times, e.g. 2026-12-01T09:00:00Z.',
    ADMIN_WINDOW_INVALID: 'The campaign must end after it starts.',
    ADMIN_CAP_INVALID: 'The cap must be a whole number of at least 1.',
    ADMIN_BUDGET_INVALID:
      'The budget must be an amount of the reward’s token, e.g. "2500.0000 FERN", or a number of rewards of at least 1.',
    ADMIN_BUDGET_NOT_WHOLE_REWARDS: 'The budget must pay a whole number of rewards.',
    ADMIN_CODE_INVALID: 'The code is not a valid code.',
    ADMIN_ALLOWLIST_INVALID:
      'The allowlist must hold 1 to 100,000 WAX account names, one a line or in an “account” column.',
    ADMIN_MIN_BALANCE_INVALID:
      'The minimum balance must be an amount, a token and its contract, e.g. "100.0000 FERN@fern.token".',
    ADMIN_HOLDS_NFT_INVALID:
      'The NFT must be a collection name, optionally with a template id, e.g. "fernwoodnfts:1".',
    ADMIN_ACCOUNT_AGE_INVALID:
      'The minimum account age must be a whole number of days from 1 to 36500.',
    ADMIN_RULES_INVALID:
      'These rules are refused: a group of 1 to 10 conditions, 20 in all, and an allowlist condition needs the allowlist file.',
    ADMIN_GROUP_INVALID:
      'The group must be 1 to 64 lowercase letters, digits or hyphens, and a new group needs a per-wallet limit.',
    ADMIN_PER_WALLET_INVALID:
      'The per-wallet limit must be claims per period, e.g. "1/day" (hour, day or week), with a group.',
    ADMIN_GRANTS_PER_ACCOUNT_INVALID:
      'The grants per account must be a whole number of at least 1, or unlimited.',
    ADMIN_ONCE_PER_ASSET_INVALID: 'One claim per NFT needs an NFT to hold: it counts those NFTs.',
    ADMIN_CHECK_URL_REFUSED:
      'This check URL is refused: it must be HTTPS, at most 2048 characters, and reach the public internet, not this server’s network.',
    ADMIN_PAYOUT_DELAY_INVALID:
      'The review window must be a whole number, from none up to 30 days.',
    ADMIN_UNIQUE_CODE_GIVEN:
      'Unique campaigns get their codes from code generation, not a code of their own.',
    ADMIN_CODE_TAKEN: 'This code belongs to another campaign.',
    ADMIN_CAMPAIGN_NOT_FOUND: 'There is no such campaign.',
    ADMIN_CAMPAIGN_WELCOME:
      'The welcome campaign cannot be closed: every first visit claims its code.',
    ADMIN_CAMPAIGN_CLOSED: 'This campaign is closed already.',
    ADMIN_CAMPAIGN_NOT_CLOSED: 'This campaign is not closed: there is nothing to reopen.',
    ADMIN_CAMPAIGN_WINDOW_OVER:
      'This campaign’s window has ended: reopened, it would still refuse every code, so it stays closed.',
    ADMIN_CAMPAIGN_SHARED: 'This is a shared campaign: it has one code.',
    ADMIN_CODE_COUNT_INVALID: 'The count must be a whole number from 1 to 10000.',
    ADMIN_REWARD_NOT_WAITING: 'This reward is not waiting to be paid.',
    ADMIN_GENERATIONS_BUSY:
      'Two code generations are running already: start this one when one of them is done.',
    ADMIN_GENERATION_NOT_FOUND: 'There is no such code generation.',
    ADMIN_GENERATION_RUNNING:
      'This code generation is still running: download its codes when it is done.',
    ADMIN_EDIT_EMPTY:
      'Nothing to change: give a new start, end, cap or rule, or reopen the campaign.',
    ADMIN_CAMPAIGN_WELCOME_EDIT:
      'The welcome campaign cannot be edited: every first visit claims its code.',
    ADMIN_CAP_BELOW_CLAIMED: 'The cap cannot be below the rewards claimed already.',
    ADMIN_KIOSK_HOURS_INVALID: 'A kiosk link holds for a whole number of hours from 1 to 720.',
    ADMIN_KIOSK_CREDENTIAL_NOT_FOUND:
      'This kiosk link is no longer in force: it was revoked or has expired.',
  },
}

export type ConsoleTexts = typeof consoleEn
