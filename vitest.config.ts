import { defineConfig } from 'vitest/config'

// The server suite runs once per database driver: always on PGlite, and on a real PostgreSQL
// server whenever TEST_DATABASE_URL names one (CI always does).
const serverProject = (driver: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${driver}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // What only a database server can do (several processes on one database) runs on it alone.
    exclude: driver === 'pglite' ? ['test/**/*.postgres.test.ts'] : [],
    env: { TEST_DB_DRIVER: driver },
    // Test databases are copies of one migrated per run; the processes tests start run the build.
    globalSetup: ['test/support/server-build.ts', 'test/support/database-templates.ts'],
    // A worker runs its files one after another in one module graph: each file importing the
    // server afresh cost more than most files' tests. Every file closes what it opens, and
    // nothing a test reads is kept between files.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

// A package's own tests, beside its sources or in its test folder.
const packageProject = (name: string) => ({
  test: {
    name,
    root: `packages/${name}`,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
  },
})

export default defineConfig({
  test: {
    // Most files wait on processes, blocks and sockets rather than the CPU: two files at a time
    // left a quarter of two cores idle, three run the suite in 218 s rather than 261 (four: 208 s,
    // but a file's own waits stretch the more it shares the cores).
    maxWorkers: 3,
    projects: [
      ...['devchain', 'relay', 'devanchor', 'devwallet'].map(packageProject),
      {
        // The web app's pure modules (state, formatting); the browser suite covers the rest.
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'protocol',
          root: 'packages/protocol',
          include: ['src/**/*.test.ts'],
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
})
