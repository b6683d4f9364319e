import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { LOG_REDACTIONS } from '../payouts/redaction.ts'
import {
  ConfigurationError,
  EnvironmentSchema,
  readEnvironment,
  readProcessEnvironment,
  SECRET_SETTINGS,
  withoutSecrets,
} from './environment.ts'

describe('configuration from the environment', () => {
  it('runs on defaults: port 3000, PGlite (no DATABASE_URL), the devchain', () => {
    const env = readEnvironment({})
    expect(env).toMatchObject({ PORT: 3000, CHAIN: 'devchain', LOG_LEVEL: 'info' })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.DATA_DIR).toMatch(/data$/)
  })

  it('honours PORT and DATA_DIR exactly', () => {
    const env = readEnvironment({ PORT: '4123', DATA_DIR: '/tmp/fernwood-x' })
    expect(env.PORT).toBe(4123)
    expect(env.DATA_DIR).toBe('/tmp/fernwood-x')
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['CHAIN', 'ethereum'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['TRUST_PROXY', 'perhaps'],
    ['APP_NAME', 'Fernwood!'],
    // Each the chain reads as another name: a second spelling of one account is no setting.
    ['ADMIN_ACCOUNTS', 'alice.wam.'],
    ['ADMIN_ACCOUNTS', 'bob.wam, alice.wam..'],
    ['WALLET_PERMISSIONS', 'active.'],
    ['PAYOUT_ACCOUNT', 'fernwoodpays.'],
    ['REWARD_TOKEN_CONTRACT', 'fern.token.'],
  ])('refuses %s=%s with a message naming the variable', (variable, value) => {
    expect(() => readEnvironment({ [variable]: value })).toThrow(ConfigurationError)
    expect(() => readEnvironment({ [variable]: value })).toThrow(
      new RegExp(`^Invalid environment variable ${variable}=`),
    )
  })

  it('takes account lists in the chain’s spelling, spaces around the commas allowed', () => {
    const env = readEnvironment({
      ADMIN_ACCOUNTS: ' alice.wam , bob..wam',
      WALLET_PERMISSIONS: 'active',
    })
    expect(env.ADMIN_ACCOUNTS).toBe(' alice.wam , bob..wam')
  })

  it('.env.example documents every variable the server reads, and only those', () => {
    const example = readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8')
    const documented = [...example.matchAll(/^#? ?([A-Z][A-Z_]+)=/gm)].map(([, name]) => name)
    expect(new Set(documented)).toEqual(new Set(Object.keys(EnvironmentSchema.properties)))
  })

  it('a .env file fills in what the environment does not set, and never overrides it', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'fernwood-env-'))
    const dotEnv = path.join(directory, '.env')
    writeFileSync(dotEnv, 'WELCOME_BONUS=7,500\nSTAKING_URL=https://from-file.example\n')
    process.env.STAKING_URL = 'https://from-environment.example'
    try {
      const env = readProcessEnvironment(dotEnv)
      expect(env.WELCOME_BONUS).toBe('7,500')
      expect(env.STAKING_URL).toBe('https://from-environment.example')
    } finally {
      delete process.env.WELCOME_BONUS
      delete process.env.STAKING_URL
      rmSync(directory, { recursive: true, force: true })
    }
  })

  it('every setting that holds a secret (…_SECRET, …_TOKEN, …_KEY, a URL with a password) is marked secret', () => {
    const secretByName = Object.keys(EnvironmentSchema.properties).filter((name) =>
      /(_SECRET|_TOKEN|_KEY|PASSWORD)$/.test(name),
    )
    expect(secretByName.length).toBeGreaterThan(0)
    expect(SECRET_SETTINGS).toEqual(expect.arrayContaining([...secretByName, 'DATABASE_URL']))
  })

  it.each([
    ['METRICS_TOKEN', 'short-s3cret', '"[redacted]"'],
    [
      'DATABASE_URL',
      'mysql://fernwood:s3cret-pass@db.internal/fernwood',
      '"mysql://fernwood:[redacted]@db.internal/fernwood"',
    ],
    ['DATABASE_URL', 'postgres:/fernwood:s3cret-pass@db.internal/x', '"[redacted]"'],
  ])('a bad %s is refused without showing its secret', (variable, value, shown) => {
    expect(() => readEnvironment({ [variable]: value })).toThrow(
      `Invalid environment variable ${variable}=${shown}: `,
    )
  })

  it('a logged environment shows no secret setting’s value', () => {
    const lines: string[] = []
    const logger = pino({ redact: LOG_REDACTIONS }, { write: (line: string) => lines.push(line) })
    const env = Object.fromEntries(SECRET_SETTINGS.map((name) => [name, `s3cret-${name}`]))
    logger.info({ env, ...env }, 'configuration')
    logger.info({ settings: env }, 'configuration')
    for (const name of SECRET_SETTINGS) expect(lines.join('')).not.toContain(`s3cret-${name}`)
  })

  it('a message quoting a secret setting, as a failed start’s may, shows it hidden', () => {
    const source = {
      DATABASE_URL: 'postgres://fernwood:p%40ss-word@db.internal:notaport/fernwood',
      PAYOUT_PRIVATE_KEY: 'PVT_K1_the-payout-key',
      METRICS_TOKEN: 'a-metrics-token-of-some-length',
    }
    const message = `TypeError: Invalid URL { input: '${source.DATABASE_URL}' } password p@ss-word; ${source.PAYOUT_PRIVATE_KEY} ${JSON.stringify(source.METRICS_TOKEN)}`
    const shown = withoutSecrets(message, source)
    for (const secret of [
      'p%40ss-word',
      'p@ss-word',
      source.PAYOUT_PRIVATE_KEY,
      source.METRICS_TOKEN,
    ]) {
      expect(shown).not.toContain(secret)
    }
    expect(shown).toContain('postgres://fernwood:[redacted]@db.internal:notaport/fernwood')
  })
})
