import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openEventStream, type StreamConnection } from './event-stream'
import { FakeEventSource } from './fake-event-source'

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
