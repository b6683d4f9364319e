import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { MAX_MESSAGE_BYTES, type RelayOptions, startRelay } from '../src/index.ts'
import { listen, newChannel, type TestListener } from './listener.ts'

type RunningRelay = Awaited<ReturnType<typeof startRelay>>
const running: RunningRelay[] = []
const listeners: TestListener[] = []

afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.close()))
  await Promise.all(running.splice(0).map((relay) => relay.close()))
})

async function relay(options: RelayOptions = {}): Promise<RunningRelay> {
  const started = await startRelay(options)
  running.push(started)
  return started
}

async function listener(url: string, channel: string, options = {}): Promise<TestListener> {
  const opened = await listen(url, channel, options)
  listeners.push(opened)
  return opened
}

function post(
  url: string,
  channel: string,
  body: RequestInit['body'],
  headers: Record<string, string> = {},
) {
  return fetch(`${url}/${channel}`, { method: 'POST', body, headers })
}

describe('delivery to a listening channel', () => {
  it('a message posted to a listened channel reaches the listener and is reported delivered', async () => {
    const { url } = await relay()
    const channel = newChannel()
    const phone = await listener(url, channel)

    const response = await post(url, channel, '{"sa":"alice.wam"}', {
      'content-type': 'application/json',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-buoy-delivery')).toBe('delivered')
    expect((await phone.next()).toString()).toBe('{"sa":"alice.wam"}')
  })

  it('text, binary and JSON bodies arrive byte for byte', async () => {
    const { url } = await relay()
    const channel = newChannel()
    const phone = await listener(url, channel)
    const binary = new Uint8Array([0, 1, 2, 254, 255, 0x42, 0x42])

    await post(url, channel, 'plain text ✓')
    await post(url, channel, binary)
    await post(url, channel, JSON.stringify({ n: 1 }), { 'content-type': 'application/json' })

    expect((await phone.next()).toString()).toBe('plain text ✓')
    expect([...(await phone.next())]).toEqual([...binary])
    expect(JSON.parse((await phone.next()).toString())).toEqual({ n: 1 })
  })

  it('a v2 listener gets each message framed 0x42 0x42 0x01 <seq> and the POST waits for its ack', async () => {
    const { url } = await relay({ ackTimeoutMs: 300 })
    const channel = newChannel()
    const silent = await listener(url, channel, { acknowledge: false })
    const frames: Buffer[] = []
    silent.socket.on('message', (data: Buffer) => frames.push(data))

    // Without an acknowledgement the relay presumes the listener gone and keeps the message.
    const response = await post(url, channel, 'hello')
    expect(response.headers.get('x-buoy-delivery')).toBe('buffered')
    expect([...(frames[0] as Buffer).subarray(0, 3)]).toEqual([0x42, 0x42, 0x01])
    expect((frames[0] as Buffer).subarray(4).toString()).toBe('hello')

    const acknowledging = await listener(url, channel)
    expect((await acknowledging.next()).toString()).toBe('hello')
  })

  it("a listener's 4-byte ping frame (66, 66, 1, id) is answered with (66, 66, 2, id)", async () => {
    const { url } = await relay()
    const socket = new WebSocket(`${url.replace('http', 'ws')}/${newChannel()}?v=2`)
    await new Promise((resolve) => socket.once('open', resolve))
    const answer = new Promise<Buffer>((resolve) => socket.once('message', resolve))
    socket.send(Buffer.from([66, 66, 1, 7]))
    expect([...(await answer)]).toEqual([66, 66, 2, 7])
    socket.close()
  })

  it('a v1 listener gets the bare payload', async () => {
    const { url } = await relay()
    const channel = newChannel()
    const old = await listener(url, channel, { version: '1' })
    await post(url, channel, 'bare')
    expect((await old.next()).toString()).toBe('bare')
  })
})

describe('messages posted before their listener connects', () => {
  it('are kept (buffered) and delivered to the first listener, exactly once', async () => {
    const { url } = await relay()
    const channel = newChannel()

    const response = await post(url, channel, 'login callback')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-buoy-delivery')).toBe('buffered')

    const first = await listener(url, channel)
    expect((await first.next()).toString()).toBe('login callback')
    await first.close()

    // A later listener starts with what is posted after, not with the message taken already.
    const second = await listener(url, channel)
    await post(url, channel, 'next message')
    expect((await second.next()).toString()).toBe('next message')
  })

  it('X-Buoy-Wait: a listener connecting within the wait takes it, and the POST says delivered', async () => {
    const { url } = await relay()
    const channel = newChannel()
    const sent = post(url, channel, 'waited for', { 'X-Buoy-Wait': '10' })

    const phone = await listener(url, channel)
    const response = await sent
    expect(response.status).toBe(200)
    expect(response.headers.get('x-buoy-delivery')).toBe('delivered')
    expect((await phone.next()).toString()).toBe('waited for')
  })

  it('X-Buoy-Wait: with no listener within the wait the POST gets 408 and nothing is kept', async () => {
    const started = await relay()
    const channel = newChannel()
    const response = await post(started.url, channel, 'nobody', { 'X-Buoy-Wait': '1' })
    expect(response.status).toBe(408)
    expect(started.stats()).toEqual({ channels: 0, bufferedMessages: 0, bufferedBytes: 0 })
  })

  it('X-Buoy-Soft-Wait: with no listener the POST still succeeds (202, buffered) and the message waits', async () => {
    const { url } = await relay()
    const channel = newChannel()
    const response = await post(url, channel, 'soft', { 'X-Buoy-Soft-Wait': '1' })
    expect(response.status).toBe(202)
    expect(response.headers.get('x-buoy-delivery')).toBe('buffered')

    const phone = await listener(url, channel)
    expect((await phone.next()).toString()).toBe('soft')
  })

  it('a waiting POST is answered 410 when the request is cancelled by the relay shutting down', async () => {
    const started = await startRelay()
    const sent = post(started.url, newChannel(), 'never taken', { 'X-Buoy-Wait': '60' })
    // Let the POST reach the relay and start waiting.
    await expect.poll(() => started.stats().channels).toBe(1)
    const closed = started.close()
    expect((await sent).status).toBe(410)
    await closed
  })

  it('undelivered messages expire and their channels are dropped', async () => {
    const started = await relay({ messageTtlMs: 50 })
    const channel = newChannel()
    await post(started.url, channel, 'stale')
    await new Promise((resolve) => setTimeout(resolve, 100))

    const phone = await listener(started.url, channel)
    await post(started.url, channel, 'fresh')
    expect((await phone.next()).toString()).toBe('fresh')
    await phone.close()
    await expect
      .poll(() => started.stats())
      .toEqual({
        channels: 0,
        bufferedMessages: 0,
        bufferedBytes: 0,
      })
  })

  it('undelivered messages together stay under the memory bound, the oldest dropped first', async () => {
    const started = await relay({ maxBufferedBytes: 1000 })
    const channels = Array.from({ length: 5 }, newChannel)
    for (const channel of channels) await post(started.url, channel, 'x'.repeat(400))
    expect(started.stats()).toEqual({ channels: 2, bufferedMessages: 2, bufferedBytes: 800 })

    const newest = await listener(started.url, channels[4] as string)
    expect((await newest.next()).length).toBe(400)
  })
})

describe('bad input', () => {
  it.each([
    ['too short', 'short'],
    ['not URL-safe', 'bad.channel!name'],
  ])('a channel name %s is refused with 400, posted to or listened on', async (_why, channel) => {
    const { url } = await relay()
    const posted = await post(url, encodeURIComponent(channel), 'x')
    expect(posted.status).toBe(400)
    expect(await posted.text()).toMatch(/Invalid channel name/)

    const socket = new WebSocket(`${url.replace('http', 'ws')}/${encodeURIComponent(channel)}`)
    const status = await new Promise((resolve) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode))
      socket.once('open', () => resolve('open'))
      socket.once('error', () => {})
    })
    expect(status).toBe(400)
  })

  it('an empty body and a wait that is not a number are refused with 400', async () => {
    const { url } = await relay()
    expect((await post(url, newChannel(), '')).status).toBe(400)
    const badWait = await post(url, newChannel(), 'x', { 'X-Buoy-Wait': 'soon' })
    expect(badWait.status).toBe(400)
    expect(await badWait.text()).toMatch(/X-Buoy-Wait/)
  })

  it(`a body over ${MAX_MESSAGE_BYTES} bytes is refused with 413; one of exactly that size is taken`, async () => {
    const { url } = await relay()
    const channel = newChannel()
    expect((await post(url, channel, new Uint8Array(MAX_MESSAGE_BYTES + 1))).status).toBe(413)
    const largest = await post(url, channel, new Uint8Array(MAX_MESSAGE_BYTES))
    expect(largest.status).toBe(200)
  })

  it('garbage and oversized frames from a listener close only that socket; the relay carries on', async () => {
    const started = await relay()
    const rude = new WebSocket(`${started.url.replace('http', 'ws')}/${newChannel()}?v=2`)
    await new Promise((resolve) => rude.once('open', resolve))
    const closed = new Promise<number>((resolve) => rude.once('close', resolve))
    rude.send('not a buoy frame')
    rude.send(Buffer.from([0x42, 0x42, 0x02]))
    rude.send(Buffer.alloc(64 * 1024))
    expect(await closed).toBe(1009)

    const channel = newChannel()
    const phone = await listener(started.url, channel)
    await post(started.url, channel, 'still here')
    expect((await phone.next()).toString()).toBe('still here')
  })

  it('a listener dropped before acknowledging leaves the message for the next one', async () => {
    const started = await relay({ ackTimeoutMs: 2_000 })
    const channel = newChannel()
    const vanishing = await listener(started.url, channel, { acknowledge: false })
    vanishing.socket.once('message', () => started.dropListeners())

    const response = await post(started.url, channel, 'callback')
    expect(response.headers.get('x-buoy-delivery')).toBe('buffered')
    const reconnected = await listener(started.url, channel)
    expect((await reconnected.next()).toString()).toBe('callback')
  })
})
