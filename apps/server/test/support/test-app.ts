import { devchainSeed } from '@fernwood/devchain'
import type { PublicConfig } from '@fernwood/protocol'
import { buildApp } from '../../src/app.ts'
import { type Environment, readEnvironment } from '../../src/config/environment.ts'
import type { Database } from '../../src/db/database.ts'

export const TEST_ORIGIN = 'http://fernwood.test'

export const testPublicConfig: PublicConfig = {
  productName: 'Fernwood',
  appName: 'fernwood',
  token: 'FERN',
  welcomeCode: 'fernwoodwelcome',
  welcomeBonus: '5,000',
  stakingUrl: 'https://stake.fernwood.example',
  chain: {
    name: 'devchain',
    id: devchainSeed.chainId,
    apiUrl: '/devchain',
    explorerTransactionUrl: '/devchain/tx/{id}',
  },
}

/** The real app over a test database, driven with `inject` (no port), as seen from TEST_ORIGIN. */
export async function buildTestApp(
  database: Database,
  environment: Record<string, string> = {},
): Promise<Awaited<ReturnType<typeof buildApp>>> {
  const env: Environment = readEnvironment({
    PUBLIC_ORIGIN: TEST_ORIGIN,
    WEB_DIST: '/nonexistent',
    ...environment,
  })
  return buildApp({ env, database, publicConfig: testPublicConfig, logger: false })
}

/** Headers a same-origin browser sends with a JSON request. */
export const jsonFromSite = { origin: TEST_ORIGIN, 'content-type': 'application/json' }

/** The session cookie's value from a response's Set-Cookie. */
export function sessionCookieOf(response: { cookies: Array<{ name: string; value: string }> }) {
  const cookie = response.cookies.find(({ name }) => name === 'fernwood_session')
  if (!cookie) throw new Error('the response set no session cookie')
  return cookie.value
}
