/**
 * Relay figures: the time from a POST to the relay until its WebSocket listener holds the message
 * (a v2 listener acknowledging each one, as the Anchor plugin's buoy client does), on loopback,
 * sequentially, for a login-callback-sized message. Prints figures only.
 */
import { startRelay } from '@fernwood/relay'
import { WebSocket } from 'ws'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000)
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
