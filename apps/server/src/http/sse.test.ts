import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { EventStreams, eventStreamSettings } from './sse.ts'

const app = Fastify()

/** A promise, and what settles it. */
function signal(): [Promise<void>, () => void] {
  let settle = () => {}
  const settled = new Promise<void>((resolve) => {
    settle = resolve
  })
  return [settled, settle]
}

afterEach(() => app.close())

describe('event streams', () => {
  it('give back the place of a client that left while its route was still checking it', async () => {
    const [arrival, arrived] = signal()
    const [gone, seenGone] = signal()
    const [checks, checked] = signal()
    let first = true
    await app.register(async (plugin) => {
      // One stream a session: a place never given back would refuse the session's next one.
      const settings = eventStreamSettings({
        LIVE_STREAMS_PER_SESSION: 1,
        LIVE_STREAMS_PER_ADDRESS: 10,
        LIVE_STREAMS_PER_PROCESS: 10,
      })
      const streams = new EventStreams(plugin, settings)
      plugin.get('/stream', async (request, reply) => {
        if (first) {
          first = false
          request.raw.once('close', seenGone)
          arrived()
          await checks
        }
        const stream = streams.open(request, reply, {
          token: 'one session',
          expiresAt: new Date(Date.now() + 60_000),
          holds: async () => true,
        })
        stream?.send('hello', { to: 'you' })
        return reply
      })
    })
    const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/stream`

    const leaving = new AbortController()
    const left = fetch(url, { signal: leaving.signal }).catch(() => undefined)
    await arrival
    leaving.abort()
    await left
    await gone
    checked()

    const staying = new AbortController()
    const response = await fetch(url, { signal: staying.signal })
    expect(response.status).toBe(200)
    const reader = response.body?.getReader()
    let received = ''
    while (reader && !received.includes('\n\nevent: hello')) {
      const { value, done } = await reader.read()
      if (done) break
      received += new TextDecoder().decode(value)
    }
    expect(received).toContain('event: hello\ndata: {"to":"you"}')
    staying.abort()
  })
})
