/**
 * The load of the API submission figure, run by `rewards.ts` in a process of its own, as pgbench
 * runs apart from the database: the visitors, each with their live feed open (as the dashboard
 * keeps it), submitting codes. autocannon (a lean HTTP client built for load, where `fetch`
 * spent about as much CPU per request as the server did) keeps as many requests in flight as
 * there are visitors, for the time given. Each request is the next shared code, from the next
 * visitor in turn (so none sends a code twice), with that visitor's own address in
 * X-Forwarded-For, as nginx sends it to a server that trusts it.
 *
 *   tsx submission-load.ts '{"url":"http://127.0.0.1:3000","cookies":["fernwood_session=…"],"seconds":5}'
 *
 * With `rate`, the visitors send that many codes a second between them rather than as many as
 * the server takes: the other visitors' load `streams.ts` measures a feed under.
 *
 * Prints {"submitted": n, "refused": n, "errors": n, "seconds": s, "delivered": n} as one JSON
 * line: `delivered` counts the submitted codes the visitors' feeds carried.
 */
import autocannon from 'autocannon'
import { CARRIED_SHARED_CODE, openEventStream, sharedCode } from './visitor.ts'

const { url, cookies, seconds, rate } = JSON.parse(process.argv[2]) as {
  url: string
  cookies: string[]
  seconds: number
  rate?: number
}
// How long the feeds may take to catch up with the last submissions once the load ends.
const DRAIN_MS = 5_000

let delivered = 0
const feeds = await Promise.all(
  cookies.map((cookie) =>
    openEventStream(`${url}/api/live`, cookie, (event) => {
      // Each code is sent once, so the count is of distinct ones.
      delivered += event.match(CARRIED_SHARED_CODE)?.length ?? 0
    }),
  ),
)

let next = 0
const result = await autocannon({
  url: `${url}/api/codes`,
  connections: cookies.length,
  duration: seconds,
  ...(rate && { overallRate: rate }),
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => {
        const n = next++
        const visitor = n % cookies.length
        return {
          ...request,
          headers: {
            'content-type': 'application/json',
            origin: url,
            cookie: cookies[visitor],
            // Each visitor from an address of their own, as the reverse proxy says it.
            'x-forwarded-for': `10.0.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`,
          },
          body: JSON.stringify({ code: sharedCode(n) }),
        }
      },
    },
  ],
})
const drainUntil = performance.now() + DRAIN_MS
while (delivered < result['2xx'] && performance.now() < drainUntil) {
  await new Promise((resolve) => setTimeout(resolve, 10))
}
for (const feed of feeds) feed.destroy()
console.log(
  JSON.stringify({
    submitted: result['2xx'],
    refused: result.non2xx,
    errors: result.errors,
    seconds: result.duration,
    delivered,
  }),
)
