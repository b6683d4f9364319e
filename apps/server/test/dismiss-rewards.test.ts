import type { RewardChanged } from '@fernwood/protocol'
import { openEventStream } from '@fernwood/testkit'
import { describe, expect, it } from 'vitest'
import {
  randomAccount,
  rewardsOf,
  signInVisitor,
  submitCode,
  type Visitor,
} from './support/rewards.ts'
import { jsonFromSite } from './support/test-app.ts'
import { useTestApp } from './support/use-test-app.ts'

const shared = useTestApp({ seedCatalogue: true, listen: true })

/** A code of the visitor's account, refused as the worker would refuse an unknown one. */
async function rejectedCode(visitor: Visitor, code: string): Promise<string> {
  const submitted = await submitCode(shared.app, visitor, { code })
  const { id } = submitted.json().reward as { id: string }
  await shared.database.query(
    `UPDATE rewards SET status = 'rejected', rejection = 'unknown_code',
            reason = 'This code is not known to the Forest Spirits.' WHERE id = $1`,
    [id],
  )
  return id
}

function dismiss(visitor: Visitor | undefined, rewardId: string) {
  return shared.app.inject({
    method: 'POST',
    url: `/api/rewards/${rewardId}/dismiss`,
    headers: { ...jsonFromSite, ...(visitor && { cookie: visitor.cookie }) },
    payload: {},
  })
}

describe('dismissing a rejected code', () => {
  it('takes it out of the lists for every session of the wallet, and a repeat is answered alike', async () => {
    const account = randomAccount('dis')
    const visitor = await signInVisitor(shared.app, shared.database, account)
    const otherDevice = await signInVisitor(shared.app, shared.database, account)
    const rejected = await rejectedCode(visitor, 'no-such-code')
    await submitCode(shared.app, visitor, { code: 'still-waiting' })

    expect((await dismiss(visitor, rejected)).statusCode).toBe(204)
    expect((await dismiss(otherDevice, rejected)).statusCode).toBe(204)
    for (const session of [visitor, otherDevice]) {
      const { pending } = await rewardsOf(shared.app, session)
      expect(pending.map((reward: { code: string }) => reward.code)).toEqual(['still-waiting'])
    }
  })

  it('tells the live feed, whose dashboards drop it from their lists', async () => {
    const account = randomAccount('dis')
    const visitor = await signInVisitor(shared.app, shared.database, account)
    const rejected = await rejectedCode(visitor, 'unknown-one')
    const stream = await openEventStream(`${shared.baseUrl}/api/live`, visitor.cookie)
    try {
      await stream.next((event) => event.event === 'snapshot')
      await dismiss(visitor, rejected)
      const delta = await stream.next(
        (event) =>
          event.event === 'reward' && (event.data as RewardChanged).reward.dismissed === true,
      )
      expect((delta.data as RewardChanged).reward).toMatchObject({ id: rejected, dismissed: true })
    } finally {
      stream.close()
    }
  })

  it('refuses a code not yet rejected, another wallet’s code, and an unknown id with 404', async () => {
    const owner = await signInVisitor(shared.app, shared.database, randomAccount('dis'))
    const stranger = await signInVisitor(shared.app, shared.database, randomAccount('dis'))
    // A code of the catalogue waits for the worker (none runs here): not rejected, not dismissible.
    const waiting = (await submitCode(shared.app, owner, { code: 'fernwoodwelcome' })).json().reward
      .id
    const rejected = await rejectedCode(owner, 'theirs-only')

    for (const [visitor, id] of [
      [owner, waiting],
      [stranger, rejected],
      [owner, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await dismiss(visitor, id)
      expect(response.statusCode).toBe(404)
      expect(response.json().error).toEqual({
        code: 'REWARD_NOT_DISMISSIBLE',
        message: 'Only a rejected code of your wallet can be dismissed.',
      })
    }
    expect((await rewardsOf(shared.app, owner)).pending).toHaveLength(2)
  })

  it('refuses a signed-out visitor with 401 and a malformed id with 400', async () => {
    expect((await dismiss(undefined, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401)
    const visitor = await signInVisitor(shared.app, shared.database, randomAccount('dis'))
    expect((await dismiss(visitor, 'not-a-uuid')).statusCode).toBe(400)
  })
})
