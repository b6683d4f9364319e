import { afterEach, describe, expect, it } from 'vitest'
import { buildTestApp } from './support/test-app.ts'
import { createTestDatabase } from './support/test-database.ts'

describe('health and readiness', () => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })

  it('the process reports healthy and ready while the database answers', async () => {
    const { database, drop } = await createTestDatabase()
    const app = await buildTestApp(database)
    cleanups.push(() => app.close(), drop)

    expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok' })
    const ready = await app.inject('/api/ready')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } })
  })

  it('readiness fails with 503 once the database no longer answers, health does not', async () => {
    const { database, drop } = await createTestDatabase()
    const app = await buildTestApp(database)
    cleanups.push(() => app.close())
    await drop()

    const ready = await app.inject('/api/ready')
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'unavailable' } })
    expect((await app.inject('/api/health')).statusCode).toBe(200)
  })
})
