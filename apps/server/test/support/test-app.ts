import { createDevchain } from '@fernwood/devchain'
import { type App, buildApp } from '../../src/app.ts'
import { type ChainConnection, remoteChain } from '../../src/chain/chain-connection.ts'
import { embedDevchain } from '../../src/chain/open-chain.ts'
import { type Environment, readEnvironment } from '../../src/config/environment.ts'
import type { Database } from '../../src/db/database.ts'

export const TEST_ORIGIN = 'http://fernwood.test'

/** A fresh in-memory devchain reached in-process, as the server reaches its embedded one. */
export async function createTestChain(): Promise<ChainConnection> {
  const { connection, close } = await embedDevchain(await createDevchain({ blockIntervalMs: 100 }))
  return { ...connection, close }
}

/** A devchain started on a port of its own, reached over HTTP as another process reaches it. */
export function remoteTestChain(devchain: { chainId: string; url: string }): ChainConnection {
  return remoteChain({
    name: 'devchain',
    id: devchain.chainId,
    apiUrl: devchain.url,
    publicApiUrl: devchain.url,
    explorerTransactionUrl: '',
  })
}

/** The real app over a test database, driven with `inject` (no port), as seen from TEST_ORIGIN. */
export async function buildTestApp(
  database: Database,
  environment: Record<string, string> = {},
  chain?: ChainConnection,
): Promise<Awaited<ReturnType<typeof buildApp>>> {
  const env: Environment = readEnvironment({
    PUBLIC_ORIGIN: TEST_ORIGIN,
    WEB_DIST: '/nonexistent',
    // A test file's requests all come from one address and, limits being kept per database, all
    // count together: tests of the address limits lower them and send from addresses of their own.
    SIGN_INS_PER_MINUTE: '100000',
    CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '100000',
    // Tests submit codes straight over HTTP; human-check.test.ts turns the check on.
    HUMAN_CHECK_DEFAULT: 'off',
    ...environment,
  })
  const ownChain = chain ? undefined : await createTestChain()
  const app = await buildApp({
    env,
    database,
    chain: chain ?? (ownChain as ChainConnection),
    logger: false,
  })
  if (ownChain) app.addHook('onClose', () => ownChain.close())
  return app
}

/** Headers a same-origin browser sends with a JSON request. */
export const jsonFromSite = { origin: TEST_ORIGIN, 'content-type': 'application/json' }

/** The session cookie's value from a response's Set-Cookie. */
export function sessionCookieOf(response: { cookies: Array<{ name: string; value: string }> }) {
  const cookie = response.cookies.find(({ name }) => name === 'fernwood_session')
  if (!cookie) throw new Error('the response set no session cookie')
  return cookie.value
}

/** An anonymous sign-in on `app`, as the entry screen makes one: the user and its session. */
export async function signInOn(
  app: App,
  headers: Record<string, string> = {},
): Promise<{ userId: string; cookie: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    headers: { ...jsonFromSite, ...headers },
    payload: {},
  })
  return {
    userId: response.json().user.id as string,
    cookie: `fernwood_session=${sessionCookieOf(response)}`,
  }
}
