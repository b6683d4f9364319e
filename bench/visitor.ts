/**
 * What the benchmarks' visitors run: their sign-in, their live feed and their code submissions,
 * over node:http, and the valid codes they share (`bench-server.ts` adds them to one shared
 * campaign).
 */
import http from 'node:http'
import { onEventBlocks } from '@fernwood/testkit'

/** The index-th code of the shared campaign: every account may redeem each once. */
export const sharedCode = (index: number) => `bench-${index}`

/** A submitted shared code, as an event of the live feed names it. */
export const CARRIED_SHARED_CODE = /"code":"bench-\d+"/g

/**
 * Where a visitor connects from, when not from 127.0.0.1 like the rest: a loopback address of
 * its own (`localAddress`), or the address a trusted proxy names for it (`forwardedFor`).
 */
export interface VisitorAddress {
  localAddress?: string
  forwardedFor?: string
}

function connectingFrom({ localAddress, forwardedFor }: VisitorAddress) {
  return {
    localAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  }
}

/**
 * An anonymous sign-in (`POST /api/session`) on a connection of its own, closed after it (a
 * thousand visitors must not leave a thousand idle keep-alive connections on the server): the
 * visitor's session cookie and user id.
 */
export function signInAnonymously(
  url: string,
  from: VisitorAddress = {},
): Promise<{ cookie: string; userId: string }> {
  const { localAddress, headers } = connectingFrom(from)
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/api/session`,
      {
        method: 'POST',
        agent: false,
        localAddress,
        headers: { ...headers, 'content-type': 'application/json', origin: url },
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          body += chunk
        })
        response.on('end', () => {
          if (response.statusCode !== 201) {
            return reject(new Error(`sign-in answered ${response.statusCode}: ${body}`))
          }
          const { user } = JSON.parse(body) as { user: { id: string } }
          resolve({
            cookie: (response.headers['set-cookie']?.[0] ?? '').split(';')[0],
            userId: user.id,
          })
        })
      },
    )
    request.on('error', reject)
    request.end('{}')
  })
}

/**
 * A visitor's live feed (`GET /api/live`) read raw, as the benchmarks keep it open, on a
 * connection of its own: `onEvent` gets each event's text, split as the server tests split them.
 * Resolves once the server answered, and fails when it refused the stream.
 */
export function openEventStream(
  url: string,
  cookie: string,
  onEvent: (text: string) => void,
  from: VisitorAddress = {},
): Promise<http.ClientRequest> {
  const { localAddress, headers } = connectingFrom(from)
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent: false, localAddress, headers: { ...headers, cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume()
          return reject(new Error(`the live feed answered ${response.statusCode}`))
        }
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

/**
 * `body` posted as JSON by a visitor, over node:http (lean: every millisecond is the server's):
 * the answer's status and its JSON.
 */
export function postJson(
  url: string,
  path: string,
  cookie: string,
  body: unknown,
  from: VisitorAddress = {},
): Promise<{ status: number; answer: unknown }> {
  const { localAddress, headers } = connectingFrom(from)
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}${path}`,
      {
        method: 'POST',
        agent: keepAlive,
        localAddress,
        headers: { ...headers, 'content-type': 'application/json', origin: url, cookie },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, answer: JSON.parse(text) })
          } catch {
            reject(new Error(`${path} answered ${response.statusCode}: ${text}`))
          }
        })
      },
    )
    request.on('error', reject)
    request.end(JSON.stringify(body))
  })
}

/** One code submission by a visitor. */
export async function submitCode(url: string, cookie: string, code: string) {
  const { status, answer } = await postJson(url, '/api/codes', cookie, { code })
  if (status !== 201) throw new Error(`submit answered ${status}: ${JSON.stringify(answer)}`)
}
