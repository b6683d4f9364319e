/**
 * The load of the grants figure, run by `grants.ts` in a process of its own, as pgbench runs
 * apart from the database: `clients` partner backends granting through `@fernwood/client` (the
 * typed client partners use), each grant under an Idempotency-Key of its own, for the time
 * given; with `replay`, every request repeats one grant already made, under its key.
 *
 *   tsx grant-load.ts '{"url":"http://127.0.0.1:3000","secret":"fwk_…","campaign":"bench","clients":16,"seconds":5}'
 *
 * Prints {"granted": n, "replayed": n, "refused": n, "seconds": s, "latencies": [ms…]} as one
 * JSON line.
 */
import { createFernwoodClient, grantReward } from '@fernwood/client'

const { url, secret, campaign, clients, seconds, replay } = JSON.parse(process.argv[2]) as {
  url: string
  secret: string
  campaign: string
  clients: number
  seconds: number
  replay?: boolean
}
const client = createFernwoodClient({ baseUrl: url, apiKey: secret })
// One attempt each: the figure is of the server's answers, not of the client's retries.
const once = { attempts: 1, firstDelayMs: 0 }
// Each backend grants to an account of its own, as players of one game are many.
const accountOf = (backend: number) => `grant${'abcdefghijklmnopqrstuvwxyz'[backend % 26]}.wam`

const replayedKey = crypto.randomUUID()
if (replay) await grantReward(client, { campaign, account: accountOf(0) }, once, replayedKey)

const counts = { granted: 0, replayed: 0, refused: 0 }
const latencies: number[] = []
const startedAt = performance.now()
const endsAt = startedAt + seconds * 1000
await Promise.all(
  Array.from({ length: clients }, async (_, backend) => {
    while (performance.now() < endsAt) {
      const sentAt = performance.now()
      const { response } = await grantReward(
        client,
        { campaign, account: accountOf(replay ? 0 : backend) },
        once,
        replay ? replayedKey : crypto.randomUUID(),
      )
      latencies.push(performance.now() - sentAt)
      if (response.status !== 201) counts.refused++
      else if (response.headers.get('idempotent-replayed') === 'true') counts.replayed++
      else counts.granted++
    }
  }),
)
console.log(
  JSON.stringify({ ...counts, seconds: (performance.now() - startedAt) / 1000, latencies }),
)
