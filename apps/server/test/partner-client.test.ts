import { readFile } from 'node:fs/promises'
import { createFernwoodClient, grantReward } from '@fernwood/client'
import { describe, expect, it } from 'vitest'
import { clientSchema } from '../../../packages/client/scripts/client-schema.mjs'
import { createApiKey } from '../src/partner-api/api-keys.ts'
import { randomAccount } from './support/rewards.ts'
import { useTestApp } from './support/use-test-app.ts'
import { fernCampaign } from './support/worker.ts'

// The partner's typed client, against a listening server as a partner's backend reaches it.
const shared = useTestApp({ listen: true })

async function clientOfNewCampaign(fetch?: typeof globalThis.fetch) {
  const slug = `client-${crypto.randomUUID().slice(0, 8)}`
  await fernCampaign(shared.database, slug, [])
  const { secret } = await createApiKey(shared.database, 'admin', { name: slug, campaigns: [slug] })
  return { slug, client: createFernwoodClient({ baseUrl: shared.baseUrl, apiKey: secret, fetch }) }
}

describe('@fernwood/client', () => {
  it('its types are generated from this server’s OpenAPI document (npm run generate)', async () => {
    const document = (await shared.app.inject('/api/openapi.json')).json()
    const committed = await readFile(
      new URL('../../../packages/client/src/schema.d.ts', import.meta.url),
      'utf8',
    )
    expect(committed).toBe(await clientSchema(document))
  })

  it('grants a reward and reads it back by id', async () => {
    const { slug, client } = await clientOfNewCampaign()
    const account = randomAccount('cl.')
    const granted = await grantReward(client, { campaign: slug, account, reference: 'order-7' })
    expect(granted.response.status).toBe(201)
    const id = granted.data?.grant.id ?? ''
    const read = await client.GET('/api/v1/grants/{id}', { params: { path: { id } } })
    expect(read.data?.grant).toMatchObject({ id, campaign: slug, account, reference: 'order-7' })
  })

  it('retries a request the network lost under one key: the account gets one reward', async () => {
    let calls = 0
    const losesFirstAnswer: typeof fetch = async (input, init) => {
      calls++
      const answer = await fetch(input, init)
      if (calls === 1) throw new TypeError('fetch failed')
      return answer
    }
    const { slug, client } = await clientOfNewCampaign(losesFirstAnswer)
    const account = randomAccount('cl.')
    const granted = await grantReward(
      client,
      { campaign: slug, account },
      {
        attempts: 3,
        firstDelayMs: 10,
      },
    )
    expect(calls).toBe(2)
    expect(granted.response.status).toBe(201)
    expect(granted.response.headers.get('idempotent-replayed')).toBe('true')
    const rewards = await shared.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM rewards WHERE wax_account = $1',
      [account],
    )
    expect(rewards[0].count).toBe(1)
  })

  it('answers a refusal that no retry would change at once, without retrying', async () => {
    let calls = 0
    const counting: typeof fetch = (input, init) => {
      calls++
      return fetch(input, init)
    }
    const { client } = await clientOfNewCampaign(counting)
    const refused = await grantReward(client, { campaign: 'not-mine', account: 'alice.wam' })
    expect(refused.response.status).toBe(403)
    expect(refused.error?.error.code).toBe('API_KEY_CAMPAIGN_REFUSED')
    expect(calls).toBe(1)
  })
})
