import { PackedTransaction } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import {
  type NodeErrorBody,
  PAYOUT_ACCOUNT,
  PAYOUT_PRIVATE_KEY,
  REWARD_TOKEN_CONTRACT,
} from '../src/index'
import { devchainForTheseTests } from '../src/testing'
import { balanceOf, signTransaction, transferAction } from './support/chain-requests'

const OUR_SITE = 'http://127.0.0.1:3000'

const testChain = devchainForTheseTests({ blockIntervalMs: 100, writeOrigins: [OUR_SITE] })

let transfersMade = 0
/** A payout account transfer signed with its seeded (public) key, packed as WharfKit posts it. */
async function drainingTransfer(): Promise<string> {
  const signed = await signTransaction(
    testChain.client,
    [
      transferAction(REWARD_TOKEN_CONTRACT, PAYOUT_ACCOUNT, {
        from: PAYOUT_ACCOUNT,
        to: 'bob.wam',
        quantity: '1.0000 FERN',
        memo: `drain ${transfersMade++}`,
      }),
    ],
    [PAYOUT_PRIVATE_KEY],
  )
  return JSON.stringify(PackedTransaction.fromSigned(signed))
}

/** What a page's `fetch` sends: a text/plain POST, which needs no preflight. */
const push = async (body: string, origin?: string) =>
  fetch(`${testChain.devchain.url}/v1/chain/push_transaction`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...(origin && { origin }) },
    body,
  })

const payoutBalance = () =>
  balanceOf(testChain.client, REWARD_TOKEN_CONTRACT, PAYOUT_ACCOUNT, 'FERN')

describe('who may write to the devchain', () => {
  it('a transaction pushed by a page of another site is refused and not executed', async () => {
    const before = await payoutBalance()
    const response = await push(await drainingTransfer(), 'https://evil.example')
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(((await response.json()) as NodeErrorBody).error.name).toBe('invalid_http_request')
    expect(await payoutBalance()).toBe(before)
  })

  it('a page of the site the devchain serves may push, and only it is named in CORS', async () => {
    const response = await push(await drainingTransfer(), OUR_SITE)
    expect(response.status).toBe(202)
    expect(response.headers.get('access-control-allow-origin')).toBe(OUR_SITE)
  })

  it('a program on this machine (no Origin) may push', async () => {
    expect((await push(await drainingTransfer())).status).toBe(202)
  })

  it('reads stay open to every site, like any node’s', async () => {
    const response = await fetch(`${testChain.devchain.url}/v1/chain/get_info`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })
})
