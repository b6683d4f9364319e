import createError from '@fastify/error'

// Why a wallet binding was refused: each code names one reason, so clients and logs can tell.
export const ChallengeInvalid = createError(
  'WALLET_CHALLENGE_INVALID',
  'This login request has expired or was already used. Please connect again.',
  400,
)
export const ProofMissing = createError(
  'WALLET_PROOF_MISSING',
  'The wallet gave no proof of account ownership.',
  400,
)
export const ProofMalformed = createError(
  'WALLET_PROOF_MALFORMED',
  'The wallet’s proof could not be read.',
  400,
)
export const ProofWrongChain = createError(
  'WALLET_PROOF_WRONG_CHAIN',
  'The wallet proved an account on another chain.',
  403,
)
export const ProofWrongScope = createError(
  'WALLET_PROOF_WRONG_SCOPE',
  'The wallet’s proof was made for another application.',
  403,
)
export const ProofWrongAccount = createError(
  'WALLET_PROOF_WRONG_ACCOUNT',
  'The wallet’s proof is for another account.',
  403,
)
export const ProofExpired = createError(
  'WALLET_PROOF_EXPIRED',
  'The wallet’s proof has expired. Please connect again.',
  403,
)
export const ProofReplayed = createError(
  'WALLET_PROOF_REPLAYED',
  'This wallet proof was already used.',
  403,
)
export const ProofSignatureInvalid = createError(
  'WALLET_PROOF_SIGNATURE_INVALID',
  'The wallet’s proof is not signed by the account’s keys.',
  403,
)
export const PermissionRefused = createError(
  'WALLET_PERMISSION_REFUSED',
  'The wallet signed in with the account’s %s permission; only %s may connect here.',
  403,
)
export const AccountNotFound = createError(
  'WALLET_ACCOUNT_NOT_FOUND',
  'The account %s does not exist on this chain.',
  404,
)
export const ChainUnavailable = createError(
  'WALLET_CHAIN_UNAVAILABLE',
  'The blockchain could not be reached to check the wallet. Please try again.',
  503,
)

// 'Sign out everywhere' ends the sessions of every device bound to the account: only a wallet
// proven to hold it (a verified binding, under an accepted permission) may ask.
export const SignOutEverywhereUnproven = createError(
  'SIGN_OUT_EVERYWHERE_UNPROVEN',
  'Connect your wallet with a proof of ownership to sign out everywhere.',
  403,
)
