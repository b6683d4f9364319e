import { randomBytes } from 'node:crypto'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { describe, expect, it } from 'vitest'
import { HumanCheckChallenges } from './challenges.ts'

describe('a human-check challenge', () => {
  it('takes at most the attempts it was issued for: one of a single attempt is solved at its first', async () => {
    const challenges = new HumanCheckChallenges(randomBytes(32), { cost: 1, ttlSeconds: 60 })
    const counters: number[] = []
    // Drawn at random: twenty of them all solved at their first attempt is no accident.
    for (let index = 0; index < 20; index++) {
      const challenge = await challenges.issue({ sessionToken: 'session', code: 'code' }, null, 1)
      const solution = await solveChallenge({ challenge, deriveKey })
      counters.push(solution?.counter ?? -1)
    }
    expect(counters).toEqual(Array(20).fill(0))
  })
})
