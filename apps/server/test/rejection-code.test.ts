import type { LiveSnapshot, PendingReward } from '@fernwood/protocol'
import { openEventStream } from '@fernwood/testkit'
import { describe, expect, it } from 'vitest'
import { randomAccount, rewardsOf, signInVisitor, submitCode } from './support/rewards.ts'
import { useTestApp } from './support/use-test-app.ts'

const shared = useTestApp({ seedCatalogue: true, listen: true })

describe("a rejected code's reason", () => {
  it('comes with its stable rejection code, for the web to word in the visitor’s language', async () => {
    const visitor = await signInVisitor(shared.app, shared.database, randomAccount('rej'))
    const rejected = (await submitCode(shared.app, visitor, { code: 'campaign-over' })).json()
      .reward
    // A code the catalogue holds waits for the worker (none runs here) without a rejection.
    const waiting = (await submitCode(shared.app, visitor, { code: 'fernwoodwelcome' })).json()
      .reward
    await shared.database.query(
      `UPDATE rewards SET status = 'rejected', rejection = 'ended',
              reason = 'This campaign has ended.' WHERE id = $1`,
      [rejected.id],
    )

    const { pending } = (await rewardsOf(shared.app, visitor)) as { pending: PendingReward[] }
    expect(pending.find((reward) => reward.id === rejected.id)).toMatchObject({
      status: 'rejected',
      rejection: 'ended',
      reason: 'This campaign has ended.',
    })
    expect(pending.find((reward) => reward.id === waiting.id)).not.toHaveProperty('rejection')

    const stream = await openEventStream(`${shared.baseUrl}/api/live`, visitor.cookie)
    try {
      const snapshot = await stream.next((event) => event.event === 'snapshot')
      const live = (snapshot.data as LiveSnapshot).pending
      expect(live.find((reward) => reward.id === rejected.id)).toMatchObject({ rejection: 'ended' })
    } finally {
      stream.close()
    }
  })
})
