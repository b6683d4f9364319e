/**
 * How a server's stream stands for its reader: `open` once it delivers, `reconnecting` while
 * EventSource tries again after a drop, `refused` once the server said no, which it never retries.
 */
export type StreamConnection = 'connecting' | 'open' | 'reconnecting' | 'refused'

export interface EventStreamHandlers {
  /** each `event:` name to listen for, handed the event's data as parsed JSON */
  events: Record<string, (data: unknown) => void>
  /** told each change of the connection, `connecting` first */
  onConnection?(connection: StreamConnection): void
  /**
   * The server refused the stream (an error status, as an ended session answers): EventSource has
   * closed it for good, and the caller recovers its own way, with a new stream if it wants one.
   */
  onRefused?(): void
}

export interface EventStream {
  close(): void
}

/**
 * Opens a Server-Sent Events stream with every stream's policy: a dropped stream is left to
 * EventSource, which reconnects by itself and resends the last `id:` as Last-Event-ID; a refused
 * one is reported once.
 */
export function openEventStream(url: string, handlers: EventStreamHandlers): EventStream {
  const { events, onConnection, onRefused } = handlers
  const source = new EventSource(url)
  let connection: StreamConnection = 'connecting'
  const report = (next: StreamConnection) => {
    connection = next
    onConnection?.(next)
  }
  report('connecting')
  for (const [type, handle] of Object.entries(events)) {
    source.addEventListener(type, (event) => {
      // Open once the server delivers: a stream it accepts may still end before sending anything.
      if (connection !== 'open') report('open')
      handle(JSON.parse((event as MessageEvent<string>).data))
    })
  }
  source.addEventListener('error', () => {
    if (source.readyState !== EventSource.CLOSED) return report('reconnecting')
    report('refused')
    onRefused?.()
  })
  return { close: () => source.close() }
}
