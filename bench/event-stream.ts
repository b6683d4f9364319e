import http from 'node:http'

/**
 * A visitor's live feed (`GET /api/live`) read raw, as the benchmarks keep it open: `onEvents`
 * gets the text of the whole events each read completes. Resolves once the server answered.
 */
export function openEventStream(
  url: string,
  cookie: string,
  onEvents: (text: string) => void,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        let buffer = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          buffer += chunk
          const end = buffer.lastIndexOf('\n\n')
          if (end === -1) return
          onEvents(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
        })
        resolve(request)
      },
    )
    request.on('error', reject)
  })
}

/**
 * One visitor's open live feed, read raw: an event "carries" a code when its data names it, which
 * holds for a whole snapshot and for a single delta alike.
 */
export class LiveFeed {
  readonly #waiters: Array<{ text: string; resolve: (arrivedAt: number) => void }> = []
  #request: http.ClientRequest | undefined

  static async open(url: string, cookie: string): Promise<LiveFeed> {
    const feed = new LiveFeed()
    feed.#request = await openEventStream(url, cookie, (events) => feed.#deliver(events))
    return feed
  }

  /**
   * Resolves with the moment (`performance.now()`) an event holding `text` arrived; registered
   * before the change is made.
   */
  carrying(text: string): Promise<number> {
    return new Promise((resolve) => this.#waiters.push({ text, resolve }))
  }

  close() {
    this.#request?.destroy()
  }

  #deliver(events: string) {
    const arrivedAt = performance.now()
    for (let index = this.#waiters.length - 1; index >= 0; index--) {
      if (events.includes(this.#waiters[index].text)) {
        this.#waiters[index].resolve(arrivedAt)
        this.#waiters.splice(index, 1)
      }
    }
  }
}

// Connections kept open, as a browser keeps them; `fetch` took about 1 ms of each sample.
const keepAlive = new http.Agent({ keepAlive: true })

/** One code submission by a visitor, over node:http (lean: every millisecond is the server's). */
export function submitCode(url: string, cookie: string, code: string) {
  return new Promise<void>((resolve, reject) => {
    const request = http.request(
      `${url}/api/codes`,
      {
        method: 'POST',
        agent: keepAlive,
        headers: { 'content-type': 'application/json', origin: url, cookie },
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          body += chunk
        })
        response.on('end', () =>
          response.statusCode === 201
            ? resolve()
            : reject(new Error(`submit answered ${response.statusCode}: ${body}`)),
        )
      },
    )
    request.on('error', reject)
    request.end(JSON.stringify({ code }))
  })
}
