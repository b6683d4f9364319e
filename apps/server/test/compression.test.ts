import http from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { signInVisitor } from './support/rewards.ts'
import { useTestApp } from './support/use-test-app.ts'

const shared = useTestApp({ listen: true })

describe('compressed JSON answers', () => {
  it('a large JSON answer is sent with brotli when accepted, else gzip, and says it varies', async () => {
    const plain = await shared.app.inject({ url: '/api/openapi.json' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(1024)

    const brotli = await shared.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body)

    const gzip = await shared.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
  })

  it('a small JSON answer is sent as it is', async () => {
    const response = await shared.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.json()).toEqual({ status: 'ok' })
  })
})

describe('the live feed', () => {
  it('is never compressed, so each event reaches the browser as soon as it is written', async () => {
    const visitor = await signInVisitor(shared.app, shared.database)
    const { headers, firstEvent } = await new Promise<{
      headers: http.IncomingHttpHeaders
      firstEvent: string
    }>((resolve, reject) => {
      const request = http.get(
        `${shared.baseUrl}/api/live`,
        {
          headers: {
            accept: 'text/event-stream',
            'accept-encoding': 'br, gzip',
            cookie: visitor.cookie,
          },
        },
        (response) => {
          let received = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => {
            received += chunk
            if (!received.includes('event: snapshot')) return
            request.destroy()
            resolve({ headers: response.headers, firstEvent: received })
          })
        },
      )
      request.on('error', reject)
    })
    expect(headers['content-type']).toMatch(/^text\/event-stream/)
    expect(headers['content-encoding']).toBeUndefined()
    expect(firstEvent).toContain('event: snapshot\ndata: {')
  })
})
