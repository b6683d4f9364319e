import { APIClient } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import { AccountHoldings, HoldingsUnavailable } from './account-holdings.ts'
import type { ChainConnection } from './chain-connection.ts'

const API_URL = 'http://node.test'

/** A node that keeps silent until `answering` is set, then gives `balances` for any account. */
function silentNode(balances: string[]) {
  const node = { answering: false, reads: 0 }
  const nodeFetch: typeof fetch = async () => {
    node.reads += 1
    if (!node.answering) return new Promise<never>(() => {})
    return Response.json(balances)
  }
  const chain = {
    apiUrl: API_URL,
    fetch: nodeFetch,
    client: new APIClient({ url: API_URL, fetch: nodeFetch }),
  } as ChainConnection
  return { chain, node }
}

describe("an account's holdings read from the chain", () => {
  it('give up on a node that does not answer in time, and ask it again at the next question', async () => {
    const { chain, node } = silentNode(['12.5000 FERN'])
    const holdings = new AccountHoldings(chain, { cacheMs: 60_000, timeoutMs: 50 })

    const unanswered = holdings.balances('alice.wam', 'fern.token')
    await expect(unanswered).rejects.toThrow(HoldingsUnavailable)
    await expect(unanswered).rejects.toThrow('no answer from the chain in 50 ms')

    node.answering = true
    const balances = await holdings.balances('alice.wam', 'fern.token')
    expect(Object.fromEntries(balances)).toEqual({ FERN: '12.5000' })
    expect(node.reads).toBe(2)
  })
})
