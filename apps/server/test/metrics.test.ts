import { openEventStream } from '@fernwood/testkit'
import { describe, expect, it } from 'vitest'
import { eventually, signInVisitor, submitCode } from './support/rewards.ts'
import { buildTestApp } from './support/test-app.ts'
import { testDriver } from './support/test-database.ts'
import { useTestApp } from './support/use-test-app.ts'
import { fernCampaign, testWorker } from './support/worker.ts'

const TOKEN = 'a-metrics-token-for-tests'

const shared = useTestApp({
  environment: { METRICS_TOKEN: TOKEN },
  listen: true,
  sharedChain: true,
})

async function scrape(target = shared.app): Promise<string> {
  const response = await target.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  return response.body
}

/** The value of one sample, e.g. `fernwood_payouts_total{state="completed"}`; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

describe('metrics are never public', () => {
  it('without METRICS_TOKEN there is no /metrics at all (404)', async () => {
    const plain = await buildTestApp(shared.database, {}, shared.chain)
    const response = await plain.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    await plain.close()
    expect(response.statusCode).toBe(404)
  })

  it('a request without the token, or with another, is refused with 401 and says how to ask', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', TOKEN]) {
      const response = await shared.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      })
      expect(response.statusCode).toBe(401)
      expect(response.headers['www-authenticate']).toBe('Bearer')
      expect(response.json().error.code).toBe('METRICS_TOKEN_REQUIRED')
      expect(response.body).not.toContain('fernwood_')
    }
  })
})

describe(`metrics with the token (${testDriver})`, () => {
  it('count code submissions by outcome', async () => {
    const before = await scrape()
    const visitor = await signInVisitor(shared.app, shared.database, 'metricsalice')
    expect((await submitCode(shared.app, visitor, { code: 'metrics-one' })).statusCode).toBe(201)
    expect((await submitCode(shared.app, visitor, { code: 'metrics-one' })).statusCode).toBe(409)
    expect((await submitCode(shared.app, visitor, { code: '' })).statusCode).toBe(400)
    const after = await scrape()
    for (const [outcome, added] of [
      ['accepted', 1],
      ['code_duplicate', 1],
      ['code_invalid', 1],
    ] as const) {
      const series = `fernwood_code_submissions_total{outcome="${outcome}"}`
      expect(sample(after, series) - sample(before, series)).toBe(added)
    }
  })

  it('show the reward queue: how many are due and how long the oldest has waited', async () => {
    const before = sample(await scrape(), 'fernwood_reward_queue_depth')
    await shared.database.query(
      `INSERT INTO rewards (code, wax_account, next_attempt_at)
       VALUES ('queued-a', 'metricsbob', now() - interval '90 seconds'),
              ('queued-b', 'metricsbob', now() - interval '5 seconds'),
              ('later', 'metricsbob', now() + interval '1 hour')`,
    )
    const text = await scrape()
    expect(sample(text, 'fernwood_reward_queue_depth') - before).toBe(2)
    expect(sample(text, 'fernwood_reward_oldest_due_seconds')).toBeGreaterThanOrEqual(90)
    await shared.database.query("DELETE FROM rewards WHERE wax_account = 'metricsbob'")
  })

  it('count the rewards the worker rejects, by reason, and its payouts, by state, with their time', async () => {
    await fernCampaign(shared.database, 'metrics', ['metrics-paid'], { name: 'Metrics' })
    // Only this test's rewards are left for the worker.
    await shared.database.query('DELETE FROM rewards')
    const before = await scrape()
    const visitor = await signInVisitor(shared.app, shared.database, 'alice.wam')
    await submitCode(shared.app, visitor, { code: 'metrics-paid' })
    await submitCode(shared.app, visitor, { code: 'metrics-no-such-code' })
    const worker = testWorker(shared.database, shared.chain)
    await worker.start()
    try {
      await eventually(
        () =>
          shared.database.query<{ open: number }>(
            `SELECT count(*)::int AS open FROM rewards
              WHERE code IN ('metrics-paid', 'metrics-no-such-code')
                AND status NOT IN ('completed', 'rejected')`,
          ),
        ([{ open }]) => open === 0,
        20_000,
      )
    } finally {
      await worker.stop()
    }
    const after = await scrape()
    const added = (series: string) => sample(after, series) - sample(before, series)
    expect(added('fernwood_reward_rejections_total{reason="unknown_code"}')).toBe(1)
    expect(added('fernwood_payouts_total{state="completed"}')).toBeGreaterThanOrEqual(1)
    expect(added('fernwood_payout_duration_seconds_count{state="completed"}')).toBe(
      added('fernwood_payouts_total{state="completed"}'),
    )
  })

  it('show the live streams open on this server', async () => {
    const visitor = await signInVisitor(shared.app, shared.database)
    const before = sample(await scrape(), 'fernwood_live_streams')
    const stream = await openEventStream(`${shared.baseUrl}/api/live`, visitor.cookie)
    await stream.next((event) => event.event === 'snapshot')
    expect(sample(await scrape(), 'fernwood_live_streams')).toBe(before + 1)
    stream.close()
    await eventually(
      async () => sample(await scrape(), 'fernwood_live_streams'),
      (open) => open === before,
    )
  })

  it('include event-loop lag and, on PostgreSQL, the connection pool’s use', async () => {
    const text = await scrape()
    expect(text).toContain('\nnodejs_eventloop_lag_seconds ')
    expect(text).toContain('\nnodejs_eventloop_lag_p99_seconds ')
    if (testDriver === 'postgres') {
      expect(sample(text, 'fernwood_database_pool_connections{state="max"}')).toBe(10)
      expect(sample(text, 'fernwood_database_pool_connections{state="open"}')).toBeGreaterThan(0)
      expect(text).toContain('fernwood_database_pool_connections{state="waiting"} ')
    } else {
      expect(text).not.toContain('fernwood_database_pool_connections{')
    }
  })
})
