import { createDevchain } from '@fernwood/devchain'
import { afterAll, describe, expect, it } from 'vitest'
import { embedDevchain } from './open-chain.ts'

const embedded = await embedDevchain(await createDevchain({}))
afterAll(() => embedded.close())

/** What nodeos answers a request it refuses. */
interface NodeError {
  error: { name: string; details: { message: string }[] }
}

/** A POST to the in-process node, as WharfKit's client sends one. */
async function post(path: string, body: string) {
  const answer = await embedded.connection.fetch(`${embedded.connection.apiUrl}${path}`, {
    method: 'POST',
    body,
  })
  return { status: answer.status, body: (await answer.json()) as NodeError }
}

describe('the embedded devchain, answered in this process', () => {
  it("checks each request against its route's schema, compiled when a request first needs it", async () => {
    const wrongType = await post('/v1/chain/get_account', JSON.stringify({ account_name: 7 }))
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.error.name).toBe('invalid_http_request')
    const missing = await post('/v1/chain/get_account', JSON.stringify({}))
    expect(missing.status).toBe(400)
    expect(missing.body.error.details[0].message).toBe('A Request body is required')

    const account = await embedded.connection.client.v1.chain.get_account('alice.wam')
    expect(String(account.account_name)).toBe('alice.wam')
    const info = await embedded.connection.client.v1.chain.get_info()
    expect(String(info.chain_id)).toBe(embedded.connection.settings.id)
  })
})
