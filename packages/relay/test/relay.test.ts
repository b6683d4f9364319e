import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  BUFFERED_MESSAGE_COST_BYTES,
  CHANNEL_COST_BYTES,
  MAX_MESSAGE_BYTES,
  type RelayOptions,
  startRelay,
  WAITING_SENDER_COST_BYTES,
} from '../src/index.ts'
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

/** Closes a relay within a test, so that its waiting senders are answered (410). */
async function closeEarly(started: RunningRelay): Promise<void> {
  running.splice(running.indexOf(started), 1)
  await started.close()
}

async function listener(url: string, channel: string, options = {}): Promise<TestListener> {
  const opened = await listen(url, channel, options)
  listeners.push(opened)
  return opened
}

const NOTHING_HELD = {
  channels: 0,
  bufferedMessages: 0,
  bufferedBytes: 0,
  waitingSenders: 0,
  waitingBytes: 0,
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
    expect(started.stats()).toEqual(NOTHING_HELD)
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
    await expect.poll(() => started.stats()).toEqual(NOTHING_HELD)
  })

  it('undelivered messages together stay under the memory bound, their channels counted, the oldest dropped first', async () => {
    const oneOnItsChannel = 400 + BUFFERED_MESSAGE_COST_BYTES + CHANNEL_COST_BYTES
    const started = await relay({ maxBufferedBytes: 2 * oneOnItsChannel + 100 })
    const channels = Array.from({ length: 5 }, newChannel)
    for (const channel of channels) await post(started.url, channel, 'x'.repeat(400))
    expect(started.stats()).toMatchObject({
      channels: 2,
      bufferedMessages: 2,
      bufferedBytes: 2 * oneOnItsChannel,
    })

    const newest = await listener(started.url, channels[4] as string)
    expect((await newest.next()).length).toBe(400)
  })

  it('one-byte messages to new channels are counted at what holding them costs, not a byte each', async () => {
    const started = await relay()
    for (let index = 0; index < 200; index++) await post(started.url, newChannel(), 'x')
    const channel = newChannel()
    await post(started.url, channel, 'x')
    await post(started.url, channel, 'y')

    // ≈1 KB each on the heap (bench/relay.ts measures it), as the memory bound now counts them.
    expect(CHANNEL_COST_BYTES + BUFFERED_MESSAGE_COST_BYTES).toBeGreaterThanOrEqual(1_000)
    expect(started.stats()).toMatchObject({
      channels: 201,
      bufferedMessages: 202,
      bufferedBytes:
        201 * (1 + BUFFERED_MESSAGE_COST_BYTES + CHANNEL_COST_BYTES) +
        (1 + BUFFERED_MESSAGE_COST_BYTES),
    })
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

  it('a body over 1 MiB is refused with 413 naming the limit; the largest Anchor sends, and 1 MiB, are taken', async () => {
    const { url } = await relay()
    const channel = newChannel()
    const tooLarge = await post(url, channel, new Uint8Array(1_048_577))
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.text()).toBe('Message too large (at most 1048576 bytes)')
    // The callback for the largest transaction nodeos takes by default (see MAX_MESSAGE_BYTES).
    expect((await post(url, channel, new Uint8Array(699_556))).status).toBe(200)
    expect((await post(url, channel, new Uint8Array(MAX_MESSAGE_BYTES))).status).toBe(200)
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

describe('senders waiting for a listener', () => {
  const waitFor = { 'X-Buoy-Wait': '30' }

  it('a fifth sender waiting on one channel is refused with 429; the four waiting are delivered', async () => {
    const started = await relay()
    const channel = newChannel()
    const waiting = Array.from({ length: 4 }, (_, index) =>
      post(started.url, channel, `request ${index}`, waitFor),
    )
    await expect.poll(() => started.stats().waitingSenders).toBe(4)

    const fifth = await post(started.url, channel, 'one too many', waitFor)
    expect(fifth.status).toBe(429)
    expect(await fifth.text()).toMatch(/^Too many senders waiting on this channel/)
    // Other channels are not affected.
    expect((await post(started.url, newChannel(), 'elsewhere')).status).toBe(200)

    const phone = await listener(started.url, channel)
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([
      200, 200, 200, 200,
    ])
    const received = await Promise.all([phone.next(), phone.next(), phone.next(), phone.next()])
    expect(received.map(String).sort()).toEqual([
      'request 0',
      'request 1',
      'request 2',
      'request 3',
    ])
    await expect.poll(() => started.stats().waitingSenders).toBe(0)
  })

  it("senders waiting on one channel are bounded by their messages' bytes too (429)", async () => {
    const started = await relay({
      maxWaitingBytesPerChannel: 2 * WAITING_SENDER_COST_BYTES + 1_000,
    })
    const channel = newChannel()
    const first = post(started.url, channel, 'x'.repeat(600), waitFor)
    await expect.poll(() => started.stats().waitingSenders).toBe(1)
    expect(started.stats().waitingBytes).toBe(600 + WAITING_SENDER_COST_BYTES)

    expect((await post(started.url, channel, 'y'.repeat(600), waitFor)).status).toBe(429)
    // A smaller one still fits.
    const second = post(started.url, channel, 'small', waitFor)
    await expect.poll(() => started.stats().waitingSenders).toBe(2)
    await closeEarly(started)
    expect([(await first).status, (await second).status]).toEqual([410, 410])
  })

  it('senders waiting across all channels are bounded in number: one more is refused with 503', async () => {
    const started = await relay({ maxWaitingSenders: 2 })
    const waiting = [
      post(started.url, newChannel(), 'a', waitFor),
      post(started.url, newChannel(), 'b', waitFor),
    ]
    await expect.poll(() => started.stats().waitingSenders).toBe(2)

    const third = await post(started.url, newChannel(), 'c', waitFor)
    expect(third.status).toBe(503)
    expect(await third.text()).toMatch(/as many waiting senders as it can/)
    // A message that waits for nobody is still kept.
    expect((await post(started.url, newChannel(), 'no wait')).status).toBe(200)
    await closeEarly(started)
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([410, 410])
  })

  it("senders waiting across all channels are bounded by their messages' bytes too (503)", async () => {
    const started = await relay({ maxWaitingBytes: 2 * WAITING_SENDER_COST_BYTES + 1_000 })
    const first = post(started.url, newChannel(), 'x'.repeat(600), waitFor)
    await expect.poll(() => started.stats().waitingSenders).toBe(1)

    expect((await post(started.url, newChannel(), 'y'.repeat(600), waitFor)).status).toBe(503)
    await closeEarly(started)
    expect((await first).status).toBe(410)
  })
})
