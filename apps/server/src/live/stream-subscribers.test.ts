import { describe, expect, it } from 'vitest'
import type { EventNotice } from '../events/channel.ts'
import { StreamSubscribers, type Subscriber } from './stream-subscribers.ts'

/** A stream of `userId` following `waxAccount`, noting what it was handed. */
function stream(userId: string, waxAccount: string | null) {
  const received: string[] = []
  const subscriber: Subscriber = {
    interest: { userId, waxAccount },
    onEvent: (notice) => received.push(notice.id),
    onSessionEnded: () => received.push('session ended'),
  }
  return { subscriber, received }
}

let nextId = 1
function event(kind: EventNotice['kind'], about: { userId?: string; waxAccount?: string }) {
  const id = String(nextId++)
  const notice: EventNotice = {
    id,
    kind,
    subject: 's',
    userId: about.userId ?? null,
    waxAccount: about.waxAccount ?? null,
  }
  return {
    kind: 'event' as const,
    userId: notice.userId,
    waxAccount: notice.waxAccount,
    event: notice,
  }
}

describe("the live streams' subscribers", () => {
  it("hand an account's events to each stream following it, and to no other", () => {
    const subscribers = new StreamSubscribers()
    const alice = stream('u1', 'alice.wam')
    const aliceElsewhere = stream('u1', 'alice.wam')
    const bob = stream('u2', 'bob.wam')
    const anonymous = stream('u3', null)
    for (const { subscriber } of [alice, aliceElsewhere, bob, anonymous]) {
      subscribers.subscribe(subscriber)
    }

    subscribers.dispatch(event('reward', { waxAccount: 'alice.wam' }))
    subscribers.dispatch(event('paid', { waxAccount: 'bob.wam', userId: 'u1' }))
    subscribers.dispatch(event('reward', {}))

    expect(alice.received).toEqual(['1'])
    expect(aliceElsewhere.received).toEqual(['1'])
    expect(bob.received).toEqual(['2'])
    expect(anonymous.received).toEqual([])
  })

  it("hand a user's own events and session ends to that user's streams alone", () => {
    const subscribers = new StreamSubscribers()
    const visitor = stream('u1', null)
    const other = stream('u2', 'u1')
    subscribers.subscribe(visitor.subscriber)
    subscribers.subscribe(other.subscriber)
    const bound = event('user', { userId: 'u1' })

    subscribers.dispatch(bound)
    subscribers.dispatch({ kind: 'session', userId: 'u1' })
    subscribers.dispatch({ kind: 'session', userId: 'u2' })
    subscribers.dispatch({ kind: 'due', userId: 'u1' })

    expect(visitor.received).toEqual([bound.event.id, 'session ended'])
    expect(other.received).toEqual(['session ended'])
  })

  it('move a stream to the account it follows now, and forget it once it unsubscribes', () => {
    const subscribers = new StreamSubscribers()
    const visitor = stream('u1', null)
    const subscription = subscribers.subscribe(visitor.subscriber)

    subscription.follow('alice.wam')
    const alices = event('reward', { waxAccount: 'alice.wam' })
    subscribers.dispatch(alices)
    subscription.follow('carol.wam')
    subscribers.dispatch(event('reward', { waxAccount: 'alice.wam' }))
    const carols = event('reward', { waxAccount: 'carol.wam' })
    subscribers.dispatch(carols)
    expect(visitor.subscriber.interest.waxAccount).toBe('carol.wam')

    subscription.unsubscribe()
    subscription.follow('alice.wam')
    subscribers.dispatch(event('reward', { waxAccount: 'carol.wam' }))
    subscribers.dispatch(event('reward', { waxAccount: 'alice.wam' }))
    subscribers.dispatch({ kind: 'session', userId: 'u1' })

    expect(visitor.received).toEqual([alices.event.id, carols.event.id])
  })

  it("keep serving a user's or an account's other streams when one of them leaves", async () => {
    const subscribers = new StreamSubscribers()
    const here = stream('u1', 'alice.wam')
    const elsewhere = stream('u1', 'alice.wam')
    const hers = stream('u2', 'alice.wam')
    const leaving = subscribers.subscribe(here.subscriber)
    subscribers.subscribe(elsewhere.subscriber)
    const moving = subscribers.subscribe(hers.subscriber)

    leaving.unsubscribe()
    moving.follow(null)
    const alices = event('reward', { waxAccount: 'alice.wam' })
    subscribers.dispatch(alices)
    subscribers.dispatch({ kind: 'session', userId: 'u1' })

    expect(here.received).toEqual([])
    expect(elsewhere.received).toEqual([alices.event.id, 'session ended'])
    expect(hers.received).toEqual([])
  })
})
