import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { buildTestApp } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

let dist: string
let testDatabase: TestDatabase
let app: App

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'fernwood-dist-'))
  await mkdir(path.join(dist, 'assets'))
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Fernwood</title>')
  await writeFile(path.join(dist, 'assets', 'index-Bx3kP9.js'), 'console.log("app")')
  testDatabase = await createTestDatabase()
  app = await buildTestApp(testDatabase.database, { WEB_DIST: dist })
})
afterAll(async () => {
  await app.close()
  await testDatabase.drop()
  await rm(dist, { recursive: true, force: true })
})

describe('serving the web app', () => {
  it('index.html is served at / and always revalidated', async () => {
    const response = await app.inject('/')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it('hashed assets are cached for a year as immutable', async () => {
    const response = await app.inject('/assets/index-Bx3kP9.js')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('pages carry security headers with a CSP allowing scripts only from our origin', async () => {
    const response = await app.inject('/')
    const csp = String(response.headers['content-security-policy'])
    // Our origin only; 'wasm-unsafe-eval' lets the QR decoder compile its own WebAssembly.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('over plain HTTP assets are not upgraded to https; behind HTTPS they are', async () => {
    const plain = String((await app.inject('/')).headers['content-security-policy'])
    expect(plain).not.toContain('upgrade-insecure-requests')

    const secureApp = await buildTestApp(testDatabase.database, {
      WEB_DIST: dist,
      PUBLIC_ORIGIN: 'https://fernwood.example',
    })
    const secure = String((await secureApp.inject('/')).headers['content-security-policy'])
    await secureApp.close()
    expect(secure).toContain('upgrade-insecure-requests')
  })

  it('a missing asset is a 404, not the page', async () => {
    const response = await app.inject('/assets/missing.js')
    expect(response.statusCode).toBe(404)
  })
})
