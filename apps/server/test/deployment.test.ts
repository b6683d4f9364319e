import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigurationError, readEnvironment } from '../src/config/environment.ts'
import { startServer } from '../src/server.ts'
import { buildTestApp, jsonFromSite } from './support/test-app.ts'
import {
  copyMigratedCluster,
  createTestDatabase,
  type TestDatabase,
} from './support/test-database.ts'

let dataDir: string
let testDatabase: TestDatabase

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-deployment-'))
  await copyMigratedCluster(dataDir)
  testDatabase = await createTestDatabase()
})
afterAll(async () => {
  await testDatabase.drop()
  await rm(dataDir, { recursive: true, force: true })
})

/**
 * Where a server here keeps its data: DATA_DIR holding the migrated PGlite cluster, or on the
 * postgres driver the file's database, rather than a cluster it would have to initialise.
 */
const storage = () => ({
  DATA_DIR: dataDir,
  ...(testDatabase.url && { DATABASE_URL: testDatabase.url }),
})

/** Starts the whole server with `settings`; the refusal it gives, or undefined when it started. */
async function refusalToStart(settings: Record<string, string>): Promise<Error | undefined> {
  const env = readEnvironment({
    PORT: '0',
    ...storage(),
    WORKER_ENABLED: 'false',
    ...settings,
  })
  try {
    const server = await startServer(env, { logger: false })
    await server.close()
    return undefined
  } catch (error) {
    return error as Error
  }
}

describe('start-up refuses a dangerous deployment, naming the setting', () => {
  it('serving other machines without PUBLIC_ORIGIN', async () => {
    const refusal = await refusalToStart({ HOST: '0.0.0.0', CHAIN: 'wax' })
    expect(refusal).toBeInstanceOf(ConfigurationError)
    expect(refusal?.message).toMatch(
      /^Invalid environment variable PUBLIC_ORIGIN=.*HOST=0\.0\.0\.0/,
    )
  })

  it.each([
    ['listening beyond loopback', { HOST: '0.0.0.0', PUBLIC_ORIGIN: 'http://fernwood.lan:3000' }],
    ['behind an HTTPS origin', { PUBLIC_ORIGIN: 'https://fernwood.example' }],
  ])('the devchain served publicly (%s)', async (_name, settings) => {
    const refusal = await refusalToStart({ CHAIN: 'devchain', ...settings })
    expect(refusal).toBeInstanceOf(ConfigurationError)
    expect(refusal?.message).toMatch(
      /^Invalid environment variable CHAIN="devchain".*DEVCHAIN_PUBLIC=true/,
    )
  })

  it('trusting every X-Forwarded-For (TRUST_PROXY=true)', async () => {
    const refusal = await refusalToStart({ TRUST_PROXY: 'true' })
    expect(refusal).toBeInstanceOf(ConfigurationError)
    expect(refusal?.message).toMatch(/^Invalid environment variable TRUST_PROXY="true"/)
  })

  // A whole start: allow for a busy machine.
  it('a public devchain demo starts only when DEVCHAIN_PUBLIC=true, with a loud warning', {
    timeout: 120_000,
  }, async () => {
    const logged: string[] = []
    const log = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk))
        done()
      },
    })
    const env = readEnvironment({
      PORT: '0',
      ...storage(),
      WORKER_ENABLED: 'false',
      PUBLIC_ORIGIN: 'https://demo.fernwood.example',
      DEVCHAIN_PUBLIC: 'true',
    })
    const server = await startServer(env, { logger: { level: 'warn', stream: log } })
    await server.close()
    const warnings = logged.map((line) => JSON.parse(line) as { level: number; msg: string })
    expect(warnings).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/^DEVCHAIN_PUBLIC=true/) }),
    )
  })
})

describe('without PUBLIC_ORIGIN the server answers loopback names only', () => {
  it('a request naming another host (DNS rebinding) is refused, even with a matching Origin', async () => {
    const app = await buildTestApp(testDatabase.database, { PUBLIC_ORIGIN: '' })
    const signIn = (host: string) =>
      app.inject({
        method: 'POST',
        url: '/api/session',
        headers: { ...jsonFromSite, host, origin: `http://${host}` },
        payload: {},
      })
    const foreign = await signIn('evil.example')
    const local = await signIn('localhost:3000')
    const config = await app.inject({ url: '/api/config', headers: { host: 'evil.example' } })
    await app.close()
    expect(foreign.statusCode).toBe(421)
    expect(foreign.json().error.code).toBe('HOST_NOT_SERVED')
    expect(config.statusCode).toBe(421)
    expect(local.statusCode).toBe(201)
  })
})
