/**
 * Relay figures, on loopback:
 * - the time from a POST to the relay until its WebSocket listener holds the message (a v2
 *   listener acknowledging each one, as the Anchor plugin's buoy client does), sequentially, for a
 *   login-callback-sized message;
 * - the memory the relay holds while 40 senders wait on it at once (`X-Buoy-Wait: 60`, 8 MB each,
 *   then the largest message it takes), and how each was answered;
 * - what a channel, a buffered message and a waiting sender cost its heap, beside what the relay
 *   charges for them to its bounds (packages/relay/src/memory-costs.ts).
 * Memory is heap plus array buffers after a full collection; the senders run in a process of
 * their own so that only the relay's side is counted. Prints figures only.
 */
import { spawn } from 'node:child_process'
import v8 from 'node:v8'
import vm from 'node:vm'
import {
  BUFFERED_MESSAGE_COST_BYTES,
  CHANNEL_COST_BYTES,
  MAX_MESSAGE_BYTES,
  startRelay,
  WAITING_SENDER_COST_BYTES,
} from '@fernwood/relay'
import { WebSocket } from 'ws'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000)
const WAITING_SENDERS = 40
const COST_SAMPLES = 2000

v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void

/** Heap and array buffers in use once garbage is gone. */
function heldBytes(): number {
  collectGarbage()
  collectGarbage()
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  return heapUsed + arrayBuffers
}

const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

/** Runs `script` (an ES module) in a node process of its own; resolves with its output lines. */
function runSenders(script: string, onLine: (line: string) => void = () => {}): Promise<void> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child.stdout.setEncoding('utf8')
  let pending = ''
  child.stdout.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) onLine(line)
  })
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`senders exited ${code}`)),
    ),
  )
}

async function deliveryLatency() {
  const payload = JSON.stringify({ sig: 'SIG_K1_'.padEnd(101, 'x'), req: 'esr:'.padEnd(600, 'x') })
  const relay = await startRelay()
  const channel = crypto.randomUUID()
  const listener = new WebSocket(`${relay.url.replace('http', 'ws')}/${channel}?v=2`)
  await new Promise((resolve) => listener.once('open', resolve))

  let received: (() => void) | undefined
  listener.on('message', (data: Buffer) => {
    listener.send(Buffer.from([0x42, 0x42, 0x02, data[3] as number]))
    received?.()
  })

  const deliveries: number[] = []
  const roundTrips: number[] = []
  for (let index = 0; index < MESSAGES; index++) {
    const arrived = new Promise<void>((resolve) => {
      received = resolve
    })
    const sentAt = performance.now()
    const response = fetch(`${relay.url}/${channel}`, { method: 'POST', body: payload })
    await arrived
    deliveries.push(performance.now() - sentAt)
    if ((await response).headers.get('x-buoy-delivery') !== 'delivered') {
      throw new Error('a message was not delivered straight to the listener')
    }
    roundTrips.push(performance.now() - sentAt)
  }
  listener.close()
  await relay.close()

  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b)
    return (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number).toFixed(2)
  }
  console.log(`relay: ${MESSAGES} sequential ${payload.length}-byte messages on loopback`)
  console.log(
    `POST → WebSocket delivery: p50 ${percentile(deliveries, 0.5)} ms, p99 ${percentile(deliveries, 0.99)} ms`,
  )
  console.log(
    `POST answered (after the listener's ack): p50 ${percentile(roundTrips, 0.5)} ms, p99 ${percentile(roundTrips, 0.99)} ms`,
  )
}

/** 40 senders at once, each to a channel of its own nobody listens on, all asking to wait 60 s. */
async function waitingSendersMemory(messageBytes: number) {
  const relay = await startRelay()
  const before = heldBytes()
  const answers = new Map<string, number>()
  let answered = 0
  const senders = runSenders(
    `const body = new Uint8Array(${messageBytes})
     await Promise.all(Array.from({ length: ${WAITING_SENDERS} }, () =>
       fetch('${relay.url}/' + crypto.randomUUID(), {
         method: 'POST', body, headers: { 'X-Buoy-Wait': '60' },
       }).then(async (response) => { await response.text(); console.log(response.status) },
               () => console.log('connection closed'))))`,
    (answer) => {
      answered += 1
      answers.set(answer, (answers.get(answer) ?? 0) + 1)
    },
  )
  // Every sender is either answered or held by the relay (a waiting sender makes a channel).
  while (answered + relay.stats().channels < WAITING_SENDERS) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const during = heldBytes()
  const { waitingSenders, waitingBytes } = relay.stats()
  const early = [...answers].map(([answer, count]) => `${count} × ${answer}`).join(', ')
  await relay.close()
  await senders
  console.log(
    `${WAITING_SENDERS} senders of ${MiB(messageBytes)} waiting at once: the relay holds ${MiB(during - before)} ` +
      `(${waitingSenders} waiting, charged ${MiB(waitingBytes)}; answered at once: ${early || 'none'})`,
  )
}

/** Heap per item: `count` one-byte POSTs from another process, as `script` sends them. */
async function costPerItem(what: 'new channels' | 'one channel' | 'waiting') {
  const relay = await startRelay()
  const channel = crypto.randomUUID()
  const target =
    what === 'one channel' ? `'${relay.url}/${channel}'` : `'${relay.url}/' + crypto.randomUUID()`
  const headers = what === 'waiting' ? `{ 'X-Buoy-Wait': '60' }` : '{}'
  const send = (count: number, concurrent: boolean) =>
    runSenders(
      concurrent
        ? `await Promise.all(Array.from({ length: ${count} }, () => fetch(${target}, { method: 'POST', body: 'x', headers: ${headers} }).then((r) => r.text(), () => {})))`
        : `for (let i = 0; i < ${count}; i++) await (await fetch(${target}, { method: 'POST', body: 'x' })).text()`,
    )
  // Warm the relay's code paths first, so that only what it holds is counted.
  await send(50, false)
  const before = heldBytes()
  const count = what === 'waiting' ? 200 : COST_SAMPLES
  const sent = send(count, what === 'waiting')
  if (what === 'waiting') {
    while (relay.stats().waitingSenders < count) await new Promise((r) => setTimeout(r, 50))
  } else await sent
  const after = heldBytes()
  await relay.close()
  await sent
  return (after - before) / count
}

async function memoryCosts() {
  const newChannel = await costPerItem('new channels')
  const furtherMessage = await costPerItem('one channel')
  const waiting = await costPerItem('waiting')
  const row = (label: string, measured: number, charged: number) =>
    console.log(`${label}: ${measured.toFixed(0)} bytes on the heap, charged ${charged}`)
  console.log('what holding costs the relay, per item, beside what its bounds charge:')
  row(
    '  a one-byte message on a new channel',
    newChannel,
    1 + BUFFERED_MESSAGE_COST_BYTES + CHANNEL_COST_BYTES,
  )
  row('  a further one-byte message on a channel', furtherMessage, 1 + BUFFERED_MESSAGE_COST_BYTES)
  row('  a one-byte sender waiting on a channel of its own', waiting, 1 + WAITING_SENDER_COST_BYTES)
}

await deliveryLatency()
await waitingSendersMemory(8 * 1024 * 1024)
await waitingSendersMemory(MAX_MESSAGE_BYTES)
await memoryCosts()
