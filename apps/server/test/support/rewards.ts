import { randomInt } from 'node:crypto'
import type { App } from '../../src/app.ts'
import type { Database } from '../../src/db/database.ts'
import { jsonFromSite, signInOn } from './test-app.ts'

/** A signed-in visitor, optionally with a wax account set directly (as a bound wallet would). */
export interface Visitor {
  userId: string
  cookie: string
}

export async function signInVisitor(
  app: App,
  database: Database,
  waxAccount?: string,
  headers: Record<string, string> = {},
): Promise<Visitor> {
  const visitor = await signInOn(app, headers)
  if (waxAccount) {
    await database.query('UPDATE users SET wax_account = $2 WHERE id = $1', [
      visitor.userId,
      waxAccount,
    ])
  }
  return visitor
}

export function submitCode(
  app: App,
  visitor: Visitor | undefined,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/codes',
    headers: { ...jsonFromSite, ...(visitor && { cookie: visitor.cookie }), ...headers },
    payload: payload as Record<string, unknown>,
  })
}

export async function rewardsOf(app: App, visitor: Visitor) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/rewards',
    headers: { cookie: visitor.cookie },
  })
  return response.json()
}

/** Polls `read` until `done` holds, or fails after `timeoutMs` with the last value seen. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let value = await read()
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`timed out; last seen: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
    value = await read()
  }
  return value
}

/** Waits until every reward in `database` is paid, failing after `timeoutMs`. */
export function untilEveryRewardCompleted(database: Database, timeoutMs: number) {
  return eventually(
    () =>
      database.query<{ open: number }>(
        "SELECT count(*)::int AS open FROM rewards WHERE status <> 'completed'",
      ),
    ([{ open }]) => open === 0,
    timeoutMs,
  )
}

/** A valid, unused-looking wax account name: `prefix` and random letters, 12 characters. */
export function randomAccount(prefix: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  const tail = Array.from({ length: 12 - prefix.length }, () => letters[randomInt(letters.length)])
  return prefix + tail.join('')
}
