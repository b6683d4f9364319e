import { availableParallelism } from 'node:os'
import { chromiumArgs } from '@fernwood/testkit/chromium'
import { defineConfig, devices } from '@playwright/test'
import { findChromium } from './chromium.mjs'

const { executablePath } = findChromium()

export default defineConfig({
  testDir: './specs',
  // Several servers share one PostgreSQL database there: like the server suite's postgres project,
  // that spec runs whenever TEST_DATABASE_URL names a server (CI always does).
  testIgnore: process.env.TEST_DATABASE_URL ? [] : ['**/multi-instance.spec.ts'],
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  // A file's tests run in one worker, in order, each still on its own page and context: most files
  // have a server of their own (a worker option or fixture of theirs), and spread over both workers
  // such a file started that server twice, each start costing more than most files' tests. Files
  // of one kind of server still run side by side, each worker with its own.
  fullyParallel: false,
  forbidOnly: true,
  // Each worker runs its own server and browser; more than two starves a two-core machine.
  workers: Math.min(2, availableParallelism()),
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    // A failed test keeps the trace of its actions and console, a screenshot of its end and the
    // server's log (fixtures.ts). Not a DOM snapshot of every action, with the network Playwright
    // records only beside them, nor the screencast: recorded for every test, passing or not, they
    // took a tenth of the run (8.3 min with them, 7.4 without; the screencast alone, nothing).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: [...chromiumArgs],
        },
      },
    },
  ],
})
