import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { stripVTControlCharacters } from 'node:util'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../src/app.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { logSetup } from '../src/logging/logger-options.ts'
import { createTestChain } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

let testDatabase: TestDatabase
let app: App
let lines: Array<Record<string, unknown>>

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  lines = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  const chain = await createTestChain()
  app = await buildApp({
    env: readEnvironment({ WEB_DIST: '/nonexistent' }),
    database: testDatabase.database,
    chain,
    logger: { level: 'info', stream },
  })
  app.addHook('onClose', () => chain.close())
})
afterAll(async () => {
  await app.close()
  await testDatabase.drop()
})

const requestLines = () => lines.filter((line) => line.msg === 'request completed')

describe('request logging', () => {
  it('writes one JSON line per request, with its method, URL, status and time', async () => {
    lines.length = 0
    await app.inject('/api/config')
    await app.inject('/api/nothing-here')
    expect(requestLines()).toEqual([
      expect.objectContaining({
        req: expect.objectContaining({ method: 'GET', url: '/api/config' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
      expect.objectContaining({
        req: expect.objectContaining({ url: '/api/nothing-here' }),
        res: { statusCode: 404 },
      }),
    ])
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([])
  })

  it('leaves health and readiness checks out', async () => {
    lines.length = 0
    await app.inject('/api/health')
    await app.inject('/api/ready')
    expect(requestLines()).toEqual([])
  })
})

describe('claim links in the log', () => {
  let dist: string
  let claimApp: App
  const claimLines: Array<Record<string, unknown>> = []

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'fernwood-dist-'))
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Fernwood</title>')
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          claimLines.push(JSON.parse(line))
        }
        done()
      },
    })
    const chain = await createTestChain()
    claimApp = await buildApp({
      env: readEnvironment({ WEB_DIST: dist }),
      database: testDatabase.database,
      chain,
      // Debug, so the lines announcing each request are written too.
      logger: { level: 'debug', stream },
    })
    claimApp.addHook('onClose', () => chain.close())
  })
  afterAll(async () => {
    await claimApp.close()
    await rm(dist, { recursive: true, force: true })
  })

  it('keeps a claim link’s path and leaves its code out, whatever the answer', async () => {
    const addresses = [
      '/c/secret-opened-code',
      '/c/secret-opened-code?from=qr',
      '/c/secret-opened-code/more',
      '//c/secret-opened-code',
      '/C/secret-opened-code',
      '/%63/secret-opened-code',
    ]
    const statuses = []
    for (const url of addresses) statuses.push((await claimApp.inject(url)).statusCode)
    expect(statuses[0]).toBe(200)
    expect(statuses).toContain(404)

    const urls = claimLines
      .filter(({ msg }) => msg === 'request completed' || msg === 'incoming request')
      .map((line) => (line.req as { url: string }).url)
    expect(urls).toEqual(Array(addresses.length * 2).fill('/c/[redacted]'))
    expect(JSON.stringify(claimLines)).not.toContain('secret-opened-code')
    // The rest of the request is still there to trace it by.
    expect(claimLines.find(({ msg }) => msg === 'request completed')).toMatchObject({
      req: { method: 'GET', host: 'localhost:80', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    })
  })
})

describe('the log format', () => {
  it('is human-readable on a terminal, and JSON (pino’s default) anywhere else', () => {
    let written = ''
    const terminal = Object.assign(
      new Writable({
        write(chunk, _encoding, done) {
          written += String(chunk)
          done()
        },
      }),
      { isTTY: true },
    ) as unknown as NodeJS.WriteStream
    const setup = logSetup('info', terminal)
    pino(setup, setup.stream).info({ reward: 'r1' }, 'reward paid')
    const text = stripVTControlCharacters(written)
    expect(text).toMatch(/INFO.*reward paid/)
    expect(text).toContain('reward: "r1"')
    expect(() => JSON.parse(text)).toThrow()

    const file = Object.assign(new Writable(), { isTTY: false }) as unknown as NodeJS.WriteStream
    expect(logSetup('info', file).stream).toBeUndefined()
  })
})
