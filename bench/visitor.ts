/**
 * What the benchmarks' visitors run: their live feed and their code submissions, over node:http,
 * and the valid codes they share (`rewards.ts` adds them to one shared campaign).
 */
import http from 'node:http'
import { onEventBlocks } from '../apps/server/test/support/event-stream.ts'

/** The index-th code of the shared campaign: every account may redeem each once. */
export const sharedCode = (index: number) => `bench-${index}`

/** A submitted shared code, as an event of the live feed names it. */
export const CARRIED_SHARED_CODE = /"code":"bench-\d+"/g

/**
 * A visitor's live feed (`GET /api/live`) read raw, as the benchmarks keep it open: `onEvent`
 * gets each event's text, split as the server tests split them. Resolves once the server
 * answered.
 */
export function openEventStream(
  url: string,
  cookie: string,
  onEvent: (text: string) => void,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        onEventBlocks(response, (lines) => onEvent(lines.join('\n')))
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
    feed.#request = await openEventStream(url, cookie, (event) => feed.#deliver(event))
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

  #deliver(event: string) {
    const arrivedAt = performance.now()
    for (let index = this.#waiters.length - 1; index >= 0; index--) {
      if (event.includes(this.#waiters[index].text)) {
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
