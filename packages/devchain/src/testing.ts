import { APIClient } from '@wharfkit/antelope'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { startDevchain } from './devchain'

export { treasureMintAction } from './treasure-mint'

export type RunningDevchain = Awaited<ReturnType<typeof startDevchain>>
export type TestDevchainOptions = Parameters<typeof startDevchain>[0]

/** A devchain the tests reach over HTTP, as a wallet or server does, and a client for it. */
export interface DevchainUnderTest {
  devchain: RunningDevchain
  client: APIClient
}

async function startUnderTest(options: TestDevchainOptions = {}): Promise<DevchainUnderTest> {
  const devchain = await startDevchain({ port: 0, ...options })
  return { devchain, client: new APIClient({ url: devchain.url }) }
}

/**
 * One devchain on a free port for the tests of one file (vitest): started before the first and
 * closed after the last. Its fields are there once the tests run.
 */
export function devchainForTheseTests(options: TestDevchainOptions = {}): DevchainUnderTest {
  const underTest = {} as DevchainUnderTest
  beforeAll(async () => {
    Object.assign(underTest, await startUnderTest(options))
  })
  afterAll(() => underTest.devchain?.close())
  return underTest
}

/**
 * For tests that each start devchains of their own (vitest): what a test opens through it, and
 * whatever it hands to `defer`, is closed after the test, the last opened first.
 */
export function closedAfterEachTest() {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  return {
    defer(cleanup: () => Promise<void>): void {
      cleanups.push(cleanup)
    },
    async devchain(options: TestDevchainOptions = {}): Promise<DevchainUnderTest> {
      const underTest = await startUnderTest(options)
      cleanups.push(() => underTest.devchain.close())
      return underTest
    },
  }
}
