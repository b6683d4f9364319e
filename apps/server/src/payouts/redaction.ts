/** Log paths that could hold the payout key; pino writes '[Redacted]' in their place. */
export const LOG_REDACTIONS = [
  'PAYOUT_PRIVATE_KEY',
  '*.PAYOUT_PRIVATE_KEY',
  'env.PAYOUT_PRIVATE_KEY',
  'privateKey',
  '*.privateKey',
  '*.*.privateKey',
]
