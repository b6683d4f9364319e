import { SECRET_SETTINGS } from '../config/environment.ts'

/**
 * Log paths that could hold a secret: every secret setting (as the environment, or an object
 * holding it, shows it) and the payout key; pino writes '[Redacted]' in their place.
 */
export const LOG_REDACTIONS = [
  ...SECRET_SETTINGS.flatMap((name) => [name, `*.${name}`, `env.${name}`]),
  'privateKey',
  '*.privateKey',
  '*.*.privateKey',
]
