import http from 'node:http'

export interface StreamEvent {
  event: string
  data: unknown
  /** its `id:` line, when it has one */
  id?: string
}

/** A minimal EventSource for tests: collects events and comment lines from one SSE response. */
export interface EventStream {
  status: number
  events: StreamEvent[]
  comments: string[]
  retry: number | undefined
  /** the first event from index `from` on that satisfies `matches`, waiting up to `timeoutMs` */
  next(
    matches: (event: StreamEvent) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<StreamEvent>
  /** resolves when the server ends the stream */
  ended: Promise<void>
  close(): void
}

/**
 * Hands `onBlock` the lines of each SSE block of `response` once the blank line that ends it has
 * arrived: a chunk may end anywhere in a block.
 */
export function onEventBlocks(
  response: http.IncomingMessage,
  onBlock: (lines: string[]) => void,
): void {
  let buffer = ''
  response.setEncoding('utf8')
  response.on('data', (chunk: string) => {
    buffer += chunk
    let boundary = buffer.indexOf('\n\n')
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary)
      buffer = buffer.slice(boundary + 2)
      boundary = buffer.indexOf('\n\n')
      onBlock(block.split('\n'))
    }
  })
}

/** Opens `url`; `lastEventId` resumes as a reconnecting EventSource does. */
export function openEventStream(
  url: string,
  cookie?: string,
  lastEventId?: string,
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      {
        headers: {
          accept: 'text/event-stream',
          ...(cookie && { cookie }),
          ...(lastEventId && { 'last-event-id': lastEventId }),
        },
      },
      (response) => {
        // Each pending `next`, looked at again as each event arrives.
        const waiting = new Set<() => void>()
        const stream: EventStream = {
          status: response.statusCode ?? 0,
          events: [],
          comments: [],
          retry: undefined,
          next: (matches, timeoutMs = 5_000, from = 0) =>
            new Promise((found, fail) => {
              const look = () => {
                const event = stream.events.slice(from).find(matches)
                if (!event) return
                settle()
                found(event)
              }
              const timer = setTimeout(() => {
                settle()
                fail(new Error('no matching event arrived'))
              }, timeoutMs)
              const settle = () => {
                clearTimeout(timer)
                waiting.delete(look)
              }
              waiting.add(look)
              look()
            }),
          ended: new Promise((ended) => response.on('end', () => ended())),
          close: () => request.destroy(),
        }
        onEventBlocks(response, (lines) => {
          let event = 'message'
          let id: string | undefined
          const data: string[] = []
          for (const line of lines) {
            if (line.startsWith(':')) stream.comments.push(line.slice(1).trim())
            else if (line.startsWith('id: ')) id = line.slice(4)
            else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7))
            else if (line.startsWith('event: ')) event = line.slice(7)
            else if (line.startsWith('data: ')) data.push(line.slice(6))
          }
          if (data.length > 0) {
            stream.events.push({ event, data: JSON.parse(data.join('\n')), ...(id && { id }) })
            for (const look of [...waiting]) look()
          }
        })
        resolve(stream)
      },
    )
    request.on('error', reject)
  })
}
