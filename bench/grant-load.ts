/**
 * The load of the grants figure, run by `grants.ts` in a process of its own, as pgbench runs
 * apart from the database: `clients` partner backends granting at once, each grant under an
 * Idempotency-Key of its own, for the time given; with `replay`, every request repeats one grant
 * already made (through `@fernwood/client`, the typed client partners use), under its key.
 *
 * The load itself goes through autocannon, as the submissions' does (`submission-load.ts`): sent
 * through `fetch` and the client, the backends spent more CPU per grant than the server answering
 * them (a whole core against two thirds of one), so the figure was of this process, not the API.
 *
 *   tsx grant-load.ts '{"url":"http://127.0.0.1:3000","secret":"fwk_…","campaign":"bench","clients":16,"seconds":5}'
 *
 * Prints {"granted": n, "replayed": n, "refused": n, "seconds": s, "p50": ms, "p99": ms} as one
 * JSON line: the answers' latency percentiles as autocannon measured them.
 */
import { createFernwoodClient, grantReward } from '@fernwood/client'
import autocannon from 'autocannon'

const { url, secret, campaign, clients, seconds, replay } = JSON.parse(process.argv[2]) as {
  url: string
  secret: string
  campaign: string
  clients: number
  seconds: number
  replay?: boolean
}
// Each backend grants to an account of its own, as players of one game are many.
const accountOf = (backend: number) => `grant${'abcdefghijklmnopqrstuvwxyz'[backend % 26]}.wam`

const replayedKey = crypto.randomUUID()
if (replay) {
  const client = createFernwoodClient({ baseUrl: url, apiKey: secret })
  // One attempt: the figure is of the server's answers, not of the client's retries.
  const { response } = await grantReward(
    client,
    { campaign, account: accountOf(0) },
    { attempts: 1, firstDelayMs: 0 },
    replayedKey,
  )
  if (response.status !== 201)
    throw new Error(`the grant to replay was refused (${response.status})`)
}

const counts = { granted: 0, replayed: 0, refused: 0 }
let next = 0
const result = await autocannon({
  url: `${url}/api/v1/grants`,
  connections: clients,
  duration: seconds,
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => {
        const backend = next++ % clients
        return {
          ...request,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${secret}`,
            'idempotency-key': replay ? replayedKey : crypto.randomUUID(),
          },
          body: JSON.stringify({ campaign, account: accountOf(replay ? 0 : backend) }),
        }
      },
      onResponse: (status, _body, _context, headers) => {
        if (status !== 201) counts.refused++
        else if (headers?.['idempotent-replayed'] === 'true') counts.replayed++
        else counts.granted++
      },
    },
  ],
})
console.log(
  JSON.stringify({
    ...counts,
    refused: counts.refused + result.errors,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  }),
)
