import { test as base, expect } from '@playwright/test'
import { type FernwoodServer, serverLifetimeBudgetMs, startFernwoodServer } from './support/server'

export type { FernwoodServer }

interface TestFixtures {
  serverLogOnFailure: undefined
  noPageErrors: undefined
}

interface WorkerFixtures {
  /** Private to a Playwright worker; its `url` is also every test's `baseURL`. */
  server: FernwoodServer
  /** Extra environment for the worker's server, e.g. wallet endpoints a spec file points elsewhere. */
  serverEnv: Record<string, string>
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],

  server: [
    async ({ serverEnv }, use) => {
      const server = await startFernwoodServer(serverEnv)
      try {
        await use(server)
      } finally {
        await server.stop()
      }
    },
    { scope: 'worker', timeout: serverLifetimeBudgetMs + 10_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.url)
  },

  serverLogOnFailure: [
    async ({ server }, use, testInfo) => {
      await use(undefined)
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server-log', {
          body: server.log(),
          contentType: 'text/plain',
        })
      }
    },
    { auto: true },
  ],

  // Uncaught exceptions and Content-Security-Policy refusals break the app without failing a
  // visible assertion, so every test also requires that none happened.
  noPageErrors: [
    async ({ page }, use) => {
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
          problems.push(message.text())
        }
      })
      await use(undefined)
      expect(problems).toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
