import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openEventStream, type StreamConnection } from './event-stream'

/** The browser's EventSource as far as the policy sees it: named events, errors, readyState. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static opened: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING

  constructor(readonly url: string) {
    super()
    FakeEventSource.opened.push(this)
  }

  deliver(type: string, data: unknown): void {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }))
  }

  /** What the browser does when a stream drops: try again by itself. */
  drop(): void {
    this.readyState = FakeEventSource.CONNECTING
    this.dispatchEvent(new Event('error'))
  }

  /** What the browser does when the server answers with an error status: give up for good. */
  refuse(): void {
    this.readyState = FakeEventSource.CLOSED
    this.dispatchEvent(new Event('error'))
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED
  }
}

function open() {
  const received: Array<[string, unknown]> = []
  const connections: StreamConnection[] = []
  const onRefused = vi.fn()
  const stream = openEventStream('/api/example', {
    events: {
      greeting: (data) => received.push(['greeting', data]),
      farewell: (data) => received.push(['farewell', data]),
    },
    onConnection: (connection) => connections.push(connection),
    onRefused,
  })
  const [source] = FakeEventSource.opened
  return { stream, source, received, connections, onRefused }
}

beforeEach(() => {
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('openEventStream', () => {
  it('hands each named event its parsed data, and is open once the server delivers', () => {
    const { source, received, connections } = open()
    expect(source.url).toBe('/api/example')
    expect(connections).toEqual(['connecting'])

    source.deliver('greeting', { name: 'alice.wam' })
    source.deliver('farewell', ['soon'])
    source.deliver('unheard', { ignored: true })

    expect(received).toEqual([
      ['greeting', { name: 'alice.wam' }],
      ['farewell', ['soon']],
    ])
    expect(connections).toEqual(['connecting', 'open'])
  })

  it('leaves a dropped stream to EventSource, reconnecting until it delivers again', () => {
    const { source, connections, onRefused } = open()
    source.deliver('greeting', 1)

    source.drop()
    expect(connections.at(-1)).toBe('reconnecting')
    // The same EventSource carries on: nothing closed it, nothing opened another.
    expect(source.readyState).toBe(FakeEventSource.CONNECTING)
    expect(FakeEventSource.opened).toHaveLength(1)

    source.deliver('greeting', 2)
    expect(connections).toEqual(['connecting', 'open', 'reconnecting', 'open'])
    expect(onRefused).not.toHaveBeenCalled()
  })

  it('reports a refused stream once and hands its recovery to the caller', () => {
    const { source, connections, onRefused } = open()

    source.refuse()

    expect(connections).toEqual(['connecting', 'refused'])
    expect(onRefused).toHaveBeenCalledOnce()
    expect(FakeEventSource.opened).toHaveLength(1)
  })

  it('closes its EventSource when the caller stops following', () => {
    const { stream, source } = open()

    stream.close()

    expect(source.readyState).toBe(FakeEventSource.CLOSED)
  })
})
