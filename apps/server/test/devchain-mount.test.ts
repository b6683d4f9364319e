import {
  createDevchain,
  DEVCHAIN_CHAIN_ID,
  PAYOUT_ACCOUNT,
  PAYOUT_PRIVATE_KEY,
  REWARD_TOKEN_CONTRACT,
} from '@fernwood/devchain'
import { PackedTransaction, Session, SignedTransaction } from '@wharfkit/session'
import { WalletPluginPrivateKey } from '@wharfkit/wallet-plugin-privatekey'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../src/app.ts'
import { embedDevchain, type OpenedChain } from '../src/chain/open-chain.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { TEST_ORIGIN } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

let testDatabase: TestDatabase
let chain: OpenedChain
let app: App

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  chain = await embedDevchain(await createDevchain({ blockIntervalMs: 100 }))
  app = await buildApp({
    env: readEnvironment({ PUBLIC_ORIGIN: TEST_ORIGIN, WEB_DIST: '/nonexistent' }),
    database: testDatabase.database,
    chain: chain.connection,
    devchainApi: chain.devchainApi,
    logger: false,
  })
})
afterAll(async () => {
  await app.close()
  await chain.close()
  await testDatabase.drop()
})

let transfersMade = 0
/** A transfer out of the payout account, signed with its seeded key as anyone could. */
async function drainingTransfer(): Promise<string> {
  const session = new Session(
    {
      chain: { id: DEVCHAIN_CHAIN_ID, url: chain.connection.apiUrl },
      actor: PAYOUT_ACCOUNT,
      permission: 'active',
      walletPlugin: new WalletPluginPrivateKey(PAYOUT_PRIVATE_KEY),
    },
    { fetch: chain.connection.fetch },
  )
  const result = await session.transact(
    {
      action: {
        account: REWARD_TOKEN_CONTRACT,
        name: 'transfer',
        authorization: [session.permissionLevel],
        data: {
          from: PAYOUT_ACCOUNT,
          to: 'bob.wam',
          quantity: '1.0000 FERN',
          memo: `drain ${transfersMade++}`,
        },
      },
    },
    { broadcast: false },
  )
  if (!result.resolved) throw new Error('the session resolved no transaction')
  const signed = SignedTransaction.from({
    ...result.resolved.transaction,
    signatures: result.signatures,
  })
  return JSON.stringify(PackedTransaction.fromSigned(signed))
}

/** What another site's page sends with `fetch`: a text/plain POST, which needs no preflight. */
const push = async (origin: string | undefined) =>
  app.inject({
    method: 'POST',
    url: '/devchain/v1/chain/push_transaction',
    headers: { 'content-type': 'text/plain', ...(origin && { origin }) },
    payload: await drainingTransfer(),
  })

describe('the embedded devchain under /devchain', () => {
  it('refuses a transaction pushed by another site’s page, with no CORS header', async () => {
    const response = await push('https://evil.example')
    expect(response.statusCode).toBe(403)
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('takes transactions from our own pages (the Dev Wallet) and from local programs', async () => {
    expect((await push(TEST_ORIGIN)).statusCode).toBe(202)
    expect((await push(undefined)).statusCode).toBe(202)
  })
})
