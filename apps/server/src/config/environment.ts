import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ANTELOPE_NAME, ANTELOPE_NAME_PATTERN } from '@fernwood/protocol/names'
import { type Static, Type } from 'typebox'
import Value from 'typebox/value'
import { HIDDEN, hideSecrets } from './secrets.ts'

/**
 * Where `.env`, `data/` and `apps/web/dist` are by default: the nearest folder above this module
 * holding package-lock.json. Found rather than counted, because this module runs both from the
 * sources (apps/server/src/config) and from the server's build (apps/server/dist).
 */
function findRepositoryRoot(from: string): string {
  for (let directory = from; path.dirname(directory) !== directory; ) {
    if (existsSync(path.join(directory, 'package-lock.json'))) return directory
    directory = path.dirname(directory)
  }
  throw new Error(`no package-lock.json above ${from}: where is the repository?`)
}

const repositoryRoot = findRepositoryRoot(path.dirname(fileURLToPath(import.meta.url)))

// Names, comma-separated, each in the chain's spelling: 'alice.wam.' would be a second admin entry
// for the one account alice.wam, and is refused at start rather than read as it.
const NAME_LIST = ` *${ANTELOPE_NAME} *(, *${ANTELOPE_NAME} *)*`

/** A wallet id WALLETS may name (the protocol's WalletId). */
const WALLET_ID = '(devwallet|cloudwallet|anchor|wombat)'

const Flag = (defaultValue: boolean, description: string) =>
  Type.Boolean({ default: defaultValue, description })

/**
 * Every environment variable the server reads, with its default. `.env.example` documents the
 * same list for operators; `environment.test.ts` keeps the two in step. A setting marked
 * `secret: true` is never shown: not in a configuration error, a failed start's message, nor a
 * log line (of a URL, only the password is hidden; see `secretPartsOf`).
 */
export const EnvironmentSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'HTTP port' }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1', description: 'interface to bind' }),
  DATA_DIR: Type.String({
    minLength: 1,
    default: path.join(repositoryRoot, 'data'),
    description: 'embedded database and devchain state',
  }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description: 'use PostgreSQL instead of PGlite',
      secret: true,
    }),
  ),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
  }),
  PUBLIC_ORIGIN: Type.Optional(
    Type.String({
      pattern: '^https?://[^/]+$',
      description: 'origin browsers use, behind a proxy',
    }),
  ),
  TRUST_PROXY: Type.String({
    pattern: '^(false|true|[0-9]{1,2}|[0-9A-Fa-f.:/]+( *, *[0-9A-Fa-f.:/]+)*)$',
    default: 'false',
    description:
      'the reverse proxies whose X-Forwarded-* headers to believe: how many hops, or their addresses',
  }),
  REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    default: 30_000,
    description: 'longest a client may take to send a whole request, headers and body',
  }),
  HEADERS_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    default: 10_000,
    description: 'longest a client may take to send the request headers',
  }),
  KEEP_ALIVE_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    default: 72_000,
    description: 'how long an idle keep-alive connection stays open (beyond the proxy’s own)',
  }),
  WEB_DIST: Type.String({
    minLength: 1,
    default: path.join(repositoryRoot, 'apps/web/dist'),
    description: 'the built single-page app',
  }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 256, maximum: 1_048_576, default: 16_384 }),
  SESSION_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 30 }),
  LIVE_STREAMS_PER_SESSION: Type.Integer({
    minimum: 1,
    default: 4,
    description: 'live streams one session may hold open (a tab each)',
  }),
  LIVE_STREAMS_PER_ADDRESS: Type.Integer({
    minimum: 1,
    default: 32,
    description: 'live streams one client address may hold open',
  }),
  LIVE_STREAMS_PER_PROCESS: Type.Integer({
    minimum: 1,
    // Half of the 10,000 one process was measured holding (npm run streams -w @fernwood/bench;
    // docs/operating.md, "Live streams per process").
    default: 5000,
    description:
      'live streams one server process holds open before answering 503; each is an open file',
  }),
  WALLET_ATTEMPTS_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 10,
    description: 'wallet login challenges and binding attempts allowed per session per minute',
  }),
  SIGN_INS_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 30,
    description: 'anonymous sign-ins allowed per client address per minute',
  }),
  CHAIN: Type.Union([Type.Literal('devchain'), Type.Literal('wax'), Type.Literal('wax-testnet')], {
    default: 'devchain',
  }),
  CHAIN_API_URL: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'Antelope API node; a default per chain' }),
  ),
  DEVCHAIN_URL: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'an external devchain instead of ours' }),
  ),
  DEVCHAIN_IRREVERSIBLE_LAG: Type.Integer({
    minimum: 0,
    maximum: 1000,
    default: 3,
    description: "blocks the embedded devchain's last irreversible block trails its head",
  }),
  HISTORY_API_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        'a Hyperion endpoint payouts reconcile reads transfers from (the devchain has its own)',
    }),
  ),
  IPFS_GATEWAY: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        "where NFT rewards' images are read (a template's img follows it after a /); https://ipfs.io/ipfs on WAX, the devchain's own images on the devchain",
    }),
  ),
  DEVCHAIN_PUBLIC: Flag(
    false,
    'let the devchain (public keys, anyone can sign) run on a public deployment; demos only',
  ),
  PRODUCT_NAME: Type.String({ minLength: 1, maxLength: 40, default: 'Fernwood' }),
  APP_NAME: Type.String({
    pattern: ANTELOPE_NAME_PATTERN,
    default: 'fernwood',
    description: 'the app name wallets show and sign identity proofs for (an Antelope name)',
  }),
  TOKEN_SYMBOL: Type.String({ pattern: '^[A-Z]{1,7}$', default: 'FERN' }),
  STAKING_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        "the operator's staking site where the welcome bonus is claimed; unset, 'Claim Complete!' and the guide name no site and link nowhere",
    }),
  ),
  WELCOME_BONUS: Type.String({ minLength: 1, default: '5,000' }),
  WELCOME_CAMPAIGN_NAME: Type.String({
    minLength: 1,
    maxLength: 120,
    default: 'Welcome to the forest',
    description: 'the welcome campaign as operators see it',
  }),
  WELCOME_REWARD: Type.String({
    pattern: '^[0-9]+(\\.[0-9]+)? [A-Z]{1,7}$',
    default: '10.0000 FERN',
    description: 'what the welcome code pays, as an Antelope asset',
  }),
  REWARD_TOKEN_CONTRACT: Type.String({ pattern: ANTELOPE_NAME_PATTERN, default: 'fern.token' }),
  CODE_SUBMITS_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 20,
    description: 'code submissions allowed per signed-in user per minute',
  }),
  CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: Type.Integer({
    minimum: 1,
    default: 60,
    description: 'code submissions allowed per client address per minute',
  }),
  REWARD_LISTS_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 60,
    description: 'reads of GET /api/rewards (older pages of the lists) per session per minute',
  }),
  REWARD_LISTS_PER_MINUTE_PER_ADDRESS: Type.Integer({
    minimum: 1,
    default: 240,
    description:
      'reads of GET /api/rewards per client address per minute, all its sessions together',
  }),
  INVALID_CODE_LOCKOUT_ATTEMPTS: Type.Integer({
    minimum: 1,
    default: 5,
    description: 'unknown codes a user or wallet may submit before being locked out',
  }),
  INVALID_CODE_LOCKOUT_MINUTES: Type.Integer({ minimum: 1, default: 15 }),
  CLAIM_PREVIEWS_PER_MINUTE_PER_ADDRESS: Type.Integer({
    minimum: 1,
    default: 60,
    description:
      'claim-link previews (GET /api/claims/{code}) per client address per minute; its unknown codes also count toward the INVALID_CODE_LOCKOUT_ limits',
  }),
  WORKER_ENABLED: Flag(true, 'run the reward worker inside the server'),
  WORKER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 4 }),
  WORKER_POLL_INTERVAL_MS: Type.Integer({ minimum: 10, default: 1000 }),
  WORKER_LEASE_SECONDS: Type.Integer({
    minimum: 1,
    default: 60,
    description: 'how long a claimed reward stays reserved for one worker',
  }),
  PAYOUT_ACCOUNT: Type.Optional(
    Type.String({
      pattern: ANTELOPE_NAME_PATTERN,
      description: 'pays rewards; fernwoodpays on devchain',
    }),
  ),
  PAYOUT_PERMISSION: Type.String({ pattern: ANTELOPE_NAME_PATTERN, default: 'active' }),
  PAYOUT_PRIVATE_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'required unless CHAIN=devchain; never logged',
      secret: true,
    }),
  ),
  PAYOUT_EXPIRE_SECONDS: Type.Integer({ minimum: 10, maximum: 3600, default: 120 }),
  PAYOUT_BATCH_SIZE: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 50,
    description: 'transfer actions (rewards) per payout transaction',
  }),
  CHAIN_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  IDEMPOTENCY_KEY_DAYS: Type.Integer({
    minimum: 1,
    maximum: 365,
    default: 30,
    description:
      'how long the partner API keeps an Idempotency-Key and its first answer, which a retry with the same key gets again',
  }),
  IDEMPOTENCY_LEASE_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 3600,
    default: 60,
    description:
      'how long a grant waiting on the chain for its campaign’s rules holds its Idempotency-Key (retries meanwhile are 409); past it, a retry takes the key over, as the server holding it must have died. Longer than CHAIN_TIMEOUT_MS',
  }),
  PARTNER_API_REQUESTS_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 600,
    description: 'requests per minute one partner API key may make, counted across every server',
  }),
  PARTNER_WEBHOOKS_PRIVATE_ADDRESSES: Flag(
    false,
    'let partner webhook endpoints and campaigns’ check URLs resolve to private network addresses (10/8, 192.168/16, …); loopback is allowed on the devchain only',
  ),
  OPERATOR_CHECK_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 30_000,
    default: 3000,
    description:
      'how long a claim waits for its campaign’s check URL to answer; past it the visitor is asked to try again',
  }),
  ALERT_WEBHOOK_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^/]+',
      description:
        'where operators’ alerts are POSTed as JSON (Slack- and Discord-compatible); unset, none are sent',
      secret: true,
    }),
  ),
  ALERT_WEBHOOK_SECRET: Type.Optional(
    Type.String({
      minLength: 16,
      description:
        'signs each alert as Standard Webhooks do (webhook-id, webhook-timestamp, webhook-signature): whsec_ and the base64 of at least 24 bytes, or any text of at least 16 characters, whose UTF-8 bytes are the key (receivers take whsec_ and their base64); required with ALERT_WEBHOOK_URL',
      secret: true,
    }),
  ),
  ALERT_LOW_BALANCE: Type.Optional(
    Type.String({
      pattern: '^[0-9]+(\\.[0-9]+)?$',
      description:
        'balance.low is alerted when the payout account’s balance of the reward token falls below this amount (once per fall)',
    }),
  ),
  WALLETS: Type.Optional(
    Type.String({
      pattern: `^ *${WALLET_ID} *(, *${WALLET_ID} *)*$`,
      description:
        'the wallets the login dialog offers, comma-separated, in order (devwallet, cloudwallet, anchor, wombat); by default devwallet, cloudwallet, anchor on the devchain, cloudwallet, anchor, wombat on wax, cloudwallet, anchor on wax-testnet',
    }),
  ),
  CLOUD_WALLET_PLUGIN: Type.Optional(
    Type.Enum(['1.5.0', 'current'], {
      description:
        'the Cloud Wallet plugin: the spec’s 1.5.0, or the current one for the new My Cloud Wallet; by default current on wax and wax-testnet, 1.5.0 on the devchain',
    }),
  ),
  CLOUD_WALLET_URL: Type.String({
    pattern: '^https?://[^/]+$',
    default: 'https://www.mycloudwallet.com',
    description: "WAX Cloud Wallet's site, whose popup logs in and signs",
  }),
  CLOUD_WALLET_AUTO_URL: Type.String({
    pattern: '^https?://[^/]+(/.*[^/])?$',
    default: 'https://idm-api.mycloudwallet.com/v1/accounts/auto-accept',
    description:
      "WAX Cloud Wallet's auto-accept API (logs in at its host's /login, signs at /signing)",
  }),
  CLOUD_WALLET_APP_LOGO: Type.String({
    pattern: '^(/|https://)',
    default: '/favicon.svg',
    description: "the logo the Cloud Wallet's phone app shows for us: a path we serve, or a URL",
  }),
  CLOUD_WALLET_APP_DESCRIPTION: Type.String({
    minLength: 1,
    maxLength: 200,
    default: 'Rewards for your WAX wallet, paid in the Fernwood Forest.',
    description: "how the Cloud Wallet's phone app describes us when it connects",
  }),
  CLOUD_WALLET_APP_SCHEMA: Type.String({
    pattern: '^[a-z][a-z0-9+.-]*$',
    default: 'none',
    description:
      "the URL scheme the Cloud Wallet's phone app returns to: a dapp's own app's, or none",
  }),
  RELAY_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^?#]*[^/?#]$',
      description:
        "Anchor's relay (a buoy service); the public one on WAX, ours under /devchain/relay on the devchain",
    }),
  ),
  ALLOW_UNVERIFIED_WALLETS: Flag(
    false,
    'bind wallets that give no ownership proof (unverified); never on a public deployment',
  ),
  WALLET_PERMISSIONS: Type.String({
    pattern: `^${NAME_LIST}$`,
    default: 'active',
    description:
      'the permissions, comma-separated, whose identity proof binds a wallet and opens the console',
  }),
  ADMIN_ACCOUNTS: Type.String({
    pattern: `^(${NAME_LIST})?$`,
    default: '',
    description:
      'wax accounts, comma-separated, whose verified wallet opens the operator console at /admin',
  }),
  ADMIN_IDLE_MINUTES: Type.Integer({
    minimum: 1,
    maximum: 1440,
    default: 30,
    description:
      'minutes without a console request after which an operator must connect their wallet again',
  }),
  KIOSK_CODE_SECONDS: Type.Integer({
    minimum: 10,
    maximum: 3600,
    default: 120,
    description:
      'seconds a kiosk screen shows one claim code at most before replacing it (and retiring it)',
  }),
  HUMAN_CHECK_DEFAULT: Type.Enum(['pow', 'off'], {
    default: 'pow',
    description:
      'the human check (proof of work) of campaigns that do not choose their own: on (pow) or off; kiosk codes never need it',
  }),
  HUMAN_CHECK_TTL_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 3600,
    default: 600,
    description: 'seconds a human-check challenge may be solved and used in',
  }),
  HUMAN_CHECK_COST: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 5000,
    description:
      'PBKDF2-SHA-256 iterations of one attempt at a challenge (the server pays one per challenge issued)',
  }),
  HUMAN_CHECK_BASE_ATTEMPTS: Type.Integer({
    minimum: 1,
    maximum: 10_000_000,
    default: 600,
    description:
      'attempts a challenge takes at most at base difficulty (half on average): about a second on a mid-range phone at the default cost',
  }),
  HUMAN_CHECK_ADDRESS_FREE_ACCOUNTS: Type.Integer({
    minimum: 0,
    default: 3,
    description:
      'other accounts that may claim from one address (IPv4 /24, IPv6 /64) within the window before its difficulty rises (a household, an office)',
  }),
  HUMAN_CHECK_ADDRESS_WEIGHT: Type.Number({
    minimum: 0,
    default: 2,
    description:
      'base difficulties each further account that claimed from the same address within the window adds',
  }),
  HUMAN_CHECK_ADDRESS_WINDOW_MINUTES: Type.Integer({
    minimum: 1,
    maximum: 1440,
    default: 60,
    description: 'how far back the accounts that claimed from an address are counted',
  }),
  HUMAN_CHECK_YOUNG_ACCOUNT_DAYS: Type.Integer({
    minimum: 0,
    default: 7,
    description: 'an account created fewer days ago than this is young (0: none is)',
  }),
  HUMAN_CHECK_YOUNG_ACCOUNT_FACTOR: Type.Number({
    minimum: 1,
    default: 4,
    description: "what a young account's difficulty is multiplied by",
  }),
  HUMAN_CHECK_MAX_FACTOR: Type.Number({
    minimum: 1,
    default: 400,
    description: 'the most a challenge costs, in base difficulties',
  }),
  METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      description: 'serves Prometheus metrics at /metrics to requests bearing this token',
      secret: true,
    }),
  ),
  WORKER_METRICS_PORT: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 65535,
      description: 'a separate worker (npm run worker) serves its /metrics on this port of HOST',
    }),
  ),
})

export type Environment = Static<typeof EnvironmentSchema>

/** The settings whose schema marks them `secret: true`. */
export const SECRET_SETTINGS: readonly string[] = Object.entries(EnvironmentSchema.properties)
  .filter(([, schema]) => (schema as { secret?: unknown }).secret === true)
  .map(([name]) => name)

/** `text`, say an error's, with the value of every secret setting in `source` hidden. */
export function withoutSecrets(text: string, source: NodeJS.ProcessEnv = process.env): string {
  return hideSecrets(
    text,
    SECRET_SETTINGS.map((name) => source[name]),
  )
}

export class ConfigurationError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
    value: unknown,
  ) {
    const shown =
      !SECRET_SETTINGS.includes(variable) || value === '' || value === undefined
        ? value
        : typeof value === 'string'
          ? hideSecrets(value, [value])
          : HIDDEN
    super(`Invalid environment variable ${variable}=${JSON.stringify(shown)}: ${problem}`)
    this.name = 'ConfigurationError'
  }
}

/** Reads the known variables from `source`, converts and defaults them, and names the first bad one. */
export function readEnvironment(source: NodeJS.ProcessEnv = process.env): Environment {
  const known: Record<string, unknown> = {}
  for (const name of Object.keys(EnvironmentSchema.properties)) {
    const value = source[name]
    if (value !== undefined && value !== '') known[name] = value
  }
  const converted = Value.Default(EnvironmentSchema, Value.Convert(EnvironmentSchema, known))
  const [firstError] = Value.Errors(EnvironmentSchema, converted)
  if (firstError) {
    const variable = firstError.instancePath.replace(/^\//, '') || 'environment'
    throw new ConfigurationError(variable, firstError.message, known[variable])
  }
  return converted as Environment
}

/**
 * The process's configuration: its environment, with a `.env` file at the repository root (see
 * `.env.example`) filling in what the environment does not set.
 */
export function readProcessEnvironment(
  dotEnvPath = path.join(repositoryRoot, '.env'),
): Environment {
  if (existsSync(dotEnvPath)) process.loadEnvFile(dotEnvPath)
  return readEnvironment(process.env)
}
