import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { buildTestApp, TEST_ORIGIN } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

let testDatabase: TestDatabase
let app: App
let port: number

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  app = await buildTestApp(testDatabase.database, {
    REQUEST_TIMEOUT_MS: '1000',
    HEADERS_TIMEOUT_MS: '1000',
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as net.AddressInfo).port
})
afterAll(async () => {
  await app.close()
  await testDatabase.drop()
})

/**
 * Sends `head` at once, then `trickle` one byte every 100 ms, as a slow-loris client does, and
 * resolves with what the server answered once it closes the connection.
 */
function trickle(head: string, trickled: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    let sent = 0
    const timer = setInterval(() => {
      if (sent < trickled.length && !socket.destroyed) socket.write(trickled[sent++])
    }, 100)
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    socket.on('error', reject)
    socket.on('close', () => {
      clearInterval(timer)
      resolve(answer)
    })
    socket.write(head)
  })
}

const requestLine = 'POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n'

describe('slow clients are cut off', () => {
  it('a body trickled a byte at a time is cut with 408 once REQUEST_TIMEOUT_MS passes', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(200) })
    const head = `${requestLine}Origin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`
    expect(await trickle(head, body)).toMatch(/^HTTP\/1\.1 408/)
  })

  it('headers trickled a byte at a time are cut once HEADERS_TIMEOUT_MS passes', async () => {
    const answer = await trickle(requestLine, `X-Slow: ${'y'.repeat(200)}\r\n\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
  })
})
