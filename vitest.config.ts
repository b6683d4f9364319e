import { defineConfig } from 'vitest/config'

// The server suite runs once per database driver: always on PGlite, and on a real PostgreSQL
// server whenever TEST_DATABASE_URL names one (CI always does).
const serverProject = (driver: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${driver}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    // Most files wait on processes, blocks and sockets rather than the CPU: on two cores, two files
    // at a time halve the run without starving either (the default is one).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'devchain',
          root: 'packages/devchain',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'relay',
          root: 'packages/relay',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'devanchor',
          root: 'packages/devanchor',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'devwallet',
          root: 'packages/devwallet',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
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
