import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Static, Type } from 'typebox'
import Value from 'typebox/value'

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')

const Flag = (defaultValue: boolean, description: string) =>
  Type.Boolean({ default: defaultValue, description })

/**
 * Every environment variable the server reads, with its default. `.env.example` documents the
 * same list for operators; `environment.test.ts` keeps the two in step.
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
    Type.String({ pattern: '^postgres(ql)?://', description: 'use PostgreSQL instead of PGlite' }),
  ),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) =>
      Type.Literal(level),
    ),
    { default: 'info' },
  ),
  PUBLIC_ORIGIN: Type.Optional(
    Type.String({
      pattern: '^https?://[^/]+$',
      description: 'origin browsers use, behind a proxy',
    }),
  ),
  TRUST_PROXY: Flag(false, 'trust X-Forwarded-* headers from a reverse proxy'),
  WEB_DIST: Type.String({
    minLength: 1,
    default: path.join(repositoryRoot, 'apps/web/dist'),
    description: 'the built single-page app',
  }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 256, maximum: 1_048_576, default: 16_384 }),
  SESSION_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 30 }),
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
  PRODUCT_NAME: Type.String({ minLength: 1, maxLength: 40, default: 'Fernwood' }),
  APP_NAME: Type.String({
    pattern: '^[a-z1-5.]{1,12}$',
    default: 'fernwood',
    description: 'the app name wallets show and sign identity proofs for (an Antelope name)',
  }),
  TOKEN_SYMBOL: Type.String({ pattern: '^[A-Z]{1,7}$', default: 'FERN' }),
  STAKING_URL: Type.String({ pattern: '^https?://', default: 'https://stake.fernwood.example' }),
  WELCOME_BONUS: Type.String({ minLength: 1, default: '5,000' }),
})

export type Environment = Static<typeof EnvironmentSchema>

export class ConfigurationError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
    value: unknown,
  ) {
    super(`Invalid environment variable ${variable}=${JSON.stringify(value)}: ${problem}`)
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
