import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { buildTestApp, jsonFromSite } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

const INDEX_HTML = '<!doctype html><title>Fernwood</title>'
/** What a browser sends when it opens an address. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

let dist: string
/** A built script large enough for the build to have written compressed copies beside it. */
const script = `console.log(${JSON.stringify('the forest '.repeat(300))})`
let testDatabase: TestDatabase
let app: App

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'fernwood-dist-'))
  await mkdir(path.join(dist, 'assets'))
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML)
  await writeFile(path.join(dist, 'assets', 'index-Bx3kP9.js'), script)
  await writeFile(path.join(dist, 'assets', 'index-Bx3kP9.js.br'), brotliCompressSync(script))
  await writeFile(path.join(dist, 'assets', 'index-Bx3kP9.js.gz'), gzipSync(script))
  // What the build leaves beside the app: Vite's manifest, `npm start`'s fingerprint.
  await mkdir(path.join(dist, '.vite'))
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{"index.html":{}}')
  await writeFile(path.join(dist, '.build-fingerprint'), 'f'.repeat(64))
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

  it('a claim link (/c/{code}) is answered with the app, which reads the code itself', async () => {
    const response = await app.inject('/c/spring-7kq2-mx9d-ht4p')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toBe('<!doctype html><title>Fernwood</title>')
    expect((await app.inject('/c/spring/more')).statusCode).toBe(404)
  })

  it('a claim link’s page has what it loads name only our origin, never its code', async () => {
    const claim = await app.inject('/c/spring-7kq2-mx9d-ht4p')
    expect(claim.headers['referrer-policy']).toBe('strict-origin')
    expect((await app.inject('/')).headers['referrer-policy']).toBe(
      'strict-origin-when-cross-origin',
    )
  })

  it('the build’s own records (dotfiles) are not served', async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/.build-fingerprint',
      '/%2Evite/manifest.json',
      '/assets/../.build-fingerprint',
    ]) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).not.toContain('index.html')
      expect(response.body, url).not.toContain('f'.repeat(64))
    }
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
    // The Cloud Wallet's login popup keeps its opener, and learns which site asks from the referrer.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })

  it('API answers and unknown addresses carry the same security headers as pages', async () => {
    const page = await app.inject('/')
    for (const url of ['/api/config', '/api/no-such-route']) {
      const response = await app.inject(url)
      for (const header of [
        'content-security-policy',
        'x-content-type-options',
        'cross-origin-opener-policy',
        'referrer-policy',
      ]) {
        expect(page.headers[header], header).toBeTruthy()
        expect(response.headers[header], `${url} ${header}`).toBe(page.headers[header])
      }
    }
  })

  it('HSTS is sent only where the site is HTTPS: PUBLIC_ORIGIN, or the trusted proxy says so', async () => {
    const hsts = (response: { headers: Record<string, unknown> }) =>
      response.headers['strict-transport-security']
    // PUBLIC_ORIGIN http://…: whatever a client claims.
    expect(hsts(await app.inject('/'))).toBeUndefined()
    expect(hsts(await app.inject('/api/config'))).toBeUndefined()
    expect(hsts(await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } }))).toBe(
      undefined,
    )

    const secureApp = await buildTestApp(testDatabase.database, {
      WEB_DIST: dist,
      PUBLIC_ORIGIN: 'https://fernwood.example',
    })
    const behindProxy = await buildTestApp(testDatabase.database, {
      WEB_DIST: dist,
      PUBLIC_ORIGIN: '',
      TRUST_PROXY: '1',
    })
    const untrusted = await buildTestApp(testDatabase.database, {
      WEB_DIST: dist,
      PUBLIC_ORIGIN: '',
    })
    try {
      for (const url of ['/', '/api/config', '/api/no-such-route']) {
        expect(hsts(await secureApp.inject(url)), url).toBe('max-age=31536000; includeSubDomains')
      }
      const overHttps = { url: '/', headers: { 'x-forwarded-proto': 'https' } }
      expect(hsts(await behindProxy.inject(overHttps))).toBe('max-age=31536000; includeSubDomains')
      expect(hsts(await behindProxy.inject('/'))).toBeUndefined()
      expect(hsts(await untrusted.inject(overHttps))).toBeUndefined()
    } finally {
      await Promise.all([secureApp.close(), behindProxy.close(), untrusted.close()])
    }
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

  it('an asset goes as the brotli or gzip copy the build wrote, whichever the browser accepts', async () => {
    const brotli = await app.inject({
      url: '/assets/index-Bx3kP9.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/)
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script)

    const gzip = await app.inject({
      url: '/assets/index-Bx3kP9.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script)

    const plain = await app.inject({ url: '/assets/index-Bx3kP9.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    expect(plain.body).toBe(script)
  })

  it('a missing asset is a 404, not the page', async () => {
    const response = await app.inject('/assets/missing.js')
    expect(response.statusCode).toBe(404)
  })
})

describe('the claim address people guess', () => {
  it('/claim/{code} leads permanently to the claim link /c/{code}', async () => {
    const response = await app.inject({ url: '/claim/abc', headers: { accept: BROWSER_ACCEPT } })
    expect(response.statusCode).toBe(308)
    expect(response.headers.location).toBe('/c/abc')
  })

  it('a code that needs escaping stays one path segment, escaped', async () => {
    const response = await app.inject('/claim/moss%20oak%2F%C3%A9t%C3%A9%3F')
    expect(response.statusCode).toBe(308)
    expect(response.headers.location).toBe('/c/moss%20oak%2F%C3%A9t%C3%A9%3F')
  })

  it('/claim/ with no code leads home', async () => {
    const response = await app.inject('/claim/')
    expect(response.statusCode).toBe(308)
    expect(response.headers.location).toBe('/')
  })
})

describe('an address the site does not have', () => {
  it('opened in a browser, is the app with 404, always revalidated', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({
        method,
        url: '/no-such-page?from=mail',
        headers: { accept: BROWSER_ACCEPT },
      })
      expect(response.statusCode, method).toBe(404)
      expect(response.headers['content-type'], method).toMatch(/^text\/html/)
      expect(response.headers['cache-control'], method).toBe('no-cache')
      expect(response.body, method).toBe(method === 'GET' ? INDEX_HTML : '')
    }
  })

  it('under /api, /devchain or /metrics, is the JSON error even for a browser', async () => {
    for (const url of ['/api/x', '/api', '/devchain/nothing', '/metrics/more']) {
      const response = await app.inject({ url, headers: { accept: BROWSER_ACCEPT } })
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type'], url).toMatch(/^application\/json/)
      expect(response.json().error.code, url).toBe('NOT_FOUND')
    }
  })

  it('asked for by a client that does not accept HTML, or not with GET, is the JSON error', async () => {
    for (const request of [
      { method: 'GET' as const, headers: { accept: 'application/json' } },
      { method: 'GET' as const, headers: {} },
      {
        method: 'POST' as const,
        headers: { ...jsonFromSite, accept: BROWSER_ACCEPT },
        payload: '{}',
      },
    ]) {
      const response = await app.inject({ ...request, url: '/no-such-page' })
      expect(response.statusCode).toBe(404)
      expect(response.json().error.code).toBe('NOT_FOUND')
    }
  })

  it('is the JSON error when the web app is not built', async () => {
    const unbuilt = await buildTestApp(testDatabase.database)
    try {
      const response = await unbuilt.inject({
        url: '/no-such-page',
        headers: { accept: BROWSER_ACCEPT },
      })
      expect(response.statusCode).toBe(404)
      expect(response.json().error.code).toBe('NOT_FOUND')
    } finally {
      await unbuilt.close()
    }
  })
})
