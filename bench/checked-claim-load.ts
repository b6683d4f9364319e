/**
 * The load of the checked-claims figure (`checked-claims.ts`), run in a process of its own as
 * pgbench runs apart from the database: each visitor in turn asks for a challenge for its next
 * code (`POST /api/claims/challenge`), solves it as the web app's worker does (altcha-lib's
 * PBKDF2), and claims the code with its solution (`POST /api/codes` with `humanCheck`), for the
 * time given. Each visitor claims from an address of its own (a network each, as the human check
 * counts them), in X-Forwarded-For, as nginx sends it to a server that trusts it.
 *
 *   tsx checked-claim-load.ts '{"url":"http://127.0.0.1:3000","cookies":["fernwood_session=…"],"seconds":5,"firstCode":0}'
 *
 * Prints {"claimed": n, "refused": n, "seconds": s, "next": n} as one JSON line: `next` is the
 * first code it left unclaimed, for the next turn to start from.
 */
import { type Challenge, solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { postJson, sharedCode } from './visitor.ts'

const { url, cookies, seconds, firstCode } = JSON.parse(process.argv[2]) as {
  url: string
  cookies: string[]
  seconds: number
  firstCode: number
}

let next = firstCode
let claimed = 0
let refused = 0
const startedAt = performance.now()
const endsAt = startedAt + seconds * 1000
await Promise.all(
  cookies.map(async (cookie, visitor) => {
    const from = { forwardedFor: `10.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}.1` }
    while (performance.now() < endsAt) {
      const code = sharedCode(next++)
      const issued = await postJson(url, '/api/claims/challenge', cookie, { code }, from)
      if (issued.status !== 200) {
        refused++
        continue
      }
      const { challenge } = issued.answer as { challenge: Challenge }
      const solution = await solveChallenge({ challenge, deriveKey })
      if (!solution) throw new Error('a challenge went unsolved')
      const humanCheck = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
      const claim = await postJson(url, '/api/codes', cookie, { code, humanCheck }, from)
      if (claim.status === 201) claimed++
      else refused++
    }
  }),
)
console.log(
  JSON.stringify({ claimed, refused, seconds: (performance.now() - startedAt) / 1000, next }),
)
process.exit(0)
