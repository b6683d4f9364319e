import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ConfigurationError, EnvironmentSchema, readEnvironment } from './environment.ts'

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
})
