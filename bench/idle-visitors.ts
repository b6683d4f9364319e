/**
 * The idle visitors of `streams.ts`, forked into a process of their own so that none of their
 * work lands on the server's thread (as the other benchmarks' load runs apart from it): each
 * signs in through the API from an address of its own and keeps its live feed open, reading
 * nothing but its snapshot and the heartbeats.
 *
 *   fork('idle-visitors.ts', ['{"url":"http://127.0.0.1:3000"}'])
 *
 * Says {"ownAddresses": true} when ready: each visitor then connects from a loopback address of
 * its own (127.a.b.c, all of 127.0.0.0/8 binds on Linux); false where only 127.0.0.1 does (macOS),
 * and each then names its own address in X-Forwarded-For, for a server that trusts 127.0.0.1 as
 * its proxy. Told {"hold": n}, opens feeds until n are open, each past its snapshot, and answers
 * {"open": n} (or {"error": "…"}). Ends its feeds and exits when the parent disconnects.
 */
import type http from 'node:http'
import net from 'node:net'
import { openEventStream, signInAnonymously, type VisitorAddress } from './visitor.ts'

// Sign-ins and feeds being opened at once: enough to keep the server busy, few enough that none
// waits in its accept queue.
const OPENING_AT_ONCE = 32

const { url } = JSON.parse(process.argv[2]) as { url: string }
const send = (message: object) => process.send?.(message)

function binds(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(0, address, () => probe.close(() => resolve(true)))
  })
}

const ownAddresses = await binds('127.0.0.2')

/** The index-th visitor's address: never 127.0.0.1 (the latency visitor's), no octet 0 or 255. */
function addressOf(index: number): VisitorAddress {
  const [a, b, c] = [
    1 + Math.floor(index / 62_500),
    1 + (Math.floor(index / 250) % 250),
    1 + (index % 250),
  ]
  return ownAddresses
    ? { localAddress: `127.${a}.${b}.${c}` }
    : { forwardedFor: `10.${a}.${b}.${c}` }
}

const feeds: http.ClientRequest[] = []
let dropped = 0
let nextVisitor = 0

async function openFeed(index: number) {
  const from = addressOf(index)
  const { cookie } = await signInAnonymously(url, from)
  let snapshotArrived = () => {}
  const snapshot = new Promise<void>((resolve) => {
    snapshotArrived = resolve
  })
  const feed = await openEventStream(
    `${url}/api/live`,
    cookie,
    (event) => {
      if (/^event: snapshot$/m.test(event)) snapshotArrived()
    },
    from,
  )
  feed.once('close', () => dropped++)
  feeds.push(feed)
  await snapshot
}

async function hold(count: number) {
  await Promise.all(
    Array.from({ length: OPENING_AT_ONCE }, async () => {
      while (nextVisitor < count) await openFeed(nextVisitor++)
    }),
  )
  if (dropped > 0) throw new Error(`the server ended ${dropped} idle feeds`)
  return feeds.length
}

process.on('message', (message: { hold: number }) => {
  hold(message.hold).then(
    (open) => send({ open }),
    (error: Error) => send({ error: error.message }),
  )
})
process.on('disconnect', () => {
  for (const feed of feeds) feed.destroy()
  process.exit(0)
})
send({ ownAddresses })
