/**
 * The latency figure's visitor, run by `rewards.ts` and `streams.ts` (`latency-visitor.ts`) in a
 * process of its own so that none of the client's work (its requests, its feed's parsing, its
 * garbage) lands on the server's thread: one visitor with their live feed open submits the
 * shared codes (`sharedCode(0)`, `sharedCode(1)`, …) one at a time, `gapMs` apart (0 by
 * default), each timed from its send to the arrival of the event carrying it, and to its answer.
 *
 *   tsx own-event-latency.ts '{"url":"http://127.0.0.1:3000","cookie":"fernwood_session=…","samples":1000}'
 *
 * The first code only warms up (the opening snapshot, large on a long history, arrives first).
 * Prints {"events": [ms…], "answers": [ms…]} as one JSON line, `samples` figures in each.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { LiveFeed, sharedCode, submitCode } from './visitor.ts'

const {
  url,
  cookie,
  samples,
  gapMs = 0,
} = JSON.parse(process.argv[2]) as {
  url: string
  cookie: string
  samples: number
  gapMs?: number
}
const quoted = (text: string) => `"${text}"`

const feed = await LiveFeed.open(`${url}/api/live`, cookie)
const events: number[] = []
const answers: number[] = []
for (let index = 0; index <= samples; index++) {
  const code = sharedCode(index)
  // Awaited from before the submission: a batched submission's event can precede its answer.
  const seen = feed.carrying(quoted(code))
  const sentAt = performance.now()
  await submitCode(url, cookie, code)
  const answeredAt = performance.now()
  const arrivedAt = await seen
  if (index === 0) continue
  answers.push(answeredAt - sentAt)
  events.push(arrivedAt - sentAt)
  if (gapMs > 0) await sleep(gapMs)
}
feed.close()
console.log(JSON.stringify({ events, answers }))
process.exit(0)
