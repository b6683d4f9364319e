import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  ConfigurationError,
  EnvironmentSchema,
  readEnvironment,
  readProcessEnvironment,
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
  ])('refuses %s=%s with a message naming the variable', (variable, value) => {
    expect(() => readEnvironment({ [variable]: value })).toThrow(ConfigurationError)
    expect(() => readEnvironment({ [variable]: value })).toThrow(
      new RegExp(`^Invalid environment variable ${variable}=`),
    )
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
})
