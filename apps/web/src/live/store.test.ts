import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEventSource } from './fake-event-source'

const ANONYMOUS = { id: '6f1c2a4e-3b1d-4c52-9a57-1d2b3c4d5e6f', waxAccount: null }

/** A fresh feed and session store, as a page load has them. */
async function load() {
  vi.resetModules()
  const session = await import('../session/store')
  const feed = await import('./store')
  session.updateUser(ANONYMOUS)
  feed.startLiveFeed()
  return session
}

beforeEach(() => {
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the live feed follows the session', () => {
  it("opens the bound wallet's stream as soon as this page's login answers", async () => {
    const session = await load()
    const [first] = FakeEventSource.opened
    first.deliver('snapshot', snapshotOf(ANONYMOUS))
    // The server ends the replaced session's stream; EventSource would come back after its pause.
    first.drop()

    session.updateUser({ ...ANONYMOUS, waxAccount: 'alice.wam' })

    expect(first.readyState).toBe(FakeEventSource.CLOSED)
    expect(FakeEventSource.opened).toHaveLength(2)
    expect(FakeEventSource.opened[1].url).toBe('/api/live')
  })

  it('keeps the stream that brought a new user itself (a wallet connected in another tab)', async () => {
    await load()
    const [first] = FakeEventSource.opened
    first.deliver('snapshot', snapshotOf(ANONYMOUS))

    first.deliver('snapshot', snapshotOf({ ...ANONYMOUS, waxAccount: 'alice.wam' }))

    expect(FakeEventSource.opened).toHaveLength(1)
    expect(first.readyState).toBe(FakeEventSource.OPEN)
  })

  it('keeps its stream when the session store hears of the same user again', async () => {
    const session = await load()
    const [first] = FakeEventSource.opened

    session.updateUser({ ...ANONYMOUS })

    expect(FakeEventSource.opened).toHaveLength(1)
    expect(first.readyState).toBe(FakeEventSource.CONNECTING)
  })
})

function snapshotOf(user: { id: string; waxAccount: string | null }) {
  return {
    user,
    pending: [],
    olderPending: null,
    history: [],
    olderHistory: null,
    earned: [],
  }
}
