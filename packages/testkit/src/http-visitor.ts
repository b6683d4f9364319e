import type { PostAsVisitor } from './bind-wallet.ts'

export interface HttpVisitor {
  /** GET `path`, or POST `body` as JSON, from the site's origin with the session's cookie */
  request(path: string, body?: unknown): Promise<Response>
  post: PostAsVisitor
  /** the `Cookie` header it sends: the cookies answers have set so far ('' before any) */
  cookie(): string
}

/**
 * A visitor of the server at `url` as a browser is one: it sends the site's origin (`url` unless
 * the server's PUBLIC_ORIGIN is another) and keeps the session cookie each answer sets (a sign-in,
 * a wallet login starting a new session).
 */
export function httpVisitor(url: string, origin = url): HttpVisitor {
  const cookies = new Map<string, string>()
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const request = async (path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        ...(cookies.size > 0 && { cookie: cookie() }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const set of response.headers.getSetCookie()) {
      const pair = set.split(';')[0]
      const equals = pair.indexOf('=')
      cookies.set(pair.slice(0, equals), pair.slice(equals + 1))
    }
    return response
  }
  return {
    request,
    post: async (path, body) => {
      const response = await request(path, body)
      return { status: response.status, body: await response.text() }
    },
    cookie,
  }
}
