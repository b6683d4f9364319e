import { DEV_WALLET_PRIVATE_KEY, DEVCHAIN_CHAIN_ID, seedPrivateKey } from '@fernwood/devchain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { publicChains } from '../src/chain/chain-settings.ts'
import { signInVisitor, type Visitor } from './support/rewards.ts'
import {
  buildTestApp,
  createTestChain,
  jsonFromSite,
  sessionCookieOf,
  TEST_ORIGIN,
} from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'
import { signCloudWalletProof, signIdentityProof } from './support/wallet-proofs.ts'

let testDatabase: TestDatabase
let chain: ChainConnection
let app: App

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  chain = await createTestChain()
  app = await buildTestApp(testDatabase.database, {}, chain)
})
afterAll(async () => {
  await app.close()
  await chain.close()
  await testDatabase.drop()
})

const newVisitor = () => signInVisitor(app, testDatabase.database)

async function challenge(visitor: Visitor): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/wallet/challenge',
    headers: { ...jsonFromSite, cookie: visitor.cookie },
    payload: {},
  })
  expect(response.statusCode).toBe(200)
  return response.json().nonce
}

function bind(visitor: Visitor, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/wallet',
    headers: { ...jsonFromSite, cookie: visitor.cookie },
    payload: { chainId: DEVCHAIN_CHAIN_ID, permission: 'active', ...payload },
  })
}

async function boundAccount(visitor: Visitor): Promise<string | null> {
  const [row] = await testDatabase.database.query<{ wax_account: string | null }>(
    'SELECT wax_account FROM users WHERE id = $1',
    [visitor.userId],
  )
  return row.wax_account
}

// Signatures are deterministic: proofs made in the same second would be one proof, so each test's
// proof gets its own expiry.
let proofsMade = 0
const aliceProof = (overrides: Partial<Parameters<typeof signIdentityProof>[0]> = {}) =>
  signIdentityProof({
    chainId: DEVCHAIN_CHAIN_ID,
    scope: 'fernwood',
    actor: 'alice.wam',
    privateKey: DEV_WALLET_PRIVATE_KEY,
    expiresIn: 300 + proofsMade++,
    ...overrides,
  })

/** Binds alice.wam with an identity proof: a fresh one, unless the test brings its own. */
const bindAlice = (visitor: Visitor, nonce: string, proof = aliceProof()) =>
  bind(visitor, { nonce, actor: 'alice.wam', proof: { type: 'identity', proof } })

describe('connecting a wallet', () => {
  it('a signed-in visitor gets a single-use nonce with the scope and chain to prove for', async () => {
    const visitor = await newVisitor()
    const response = await app.inject({
      method: 'POST',
      url: '/api/wallet/challenge',
      headers: { ...jsonFromSite, cookie: visitor.cookie },
      payload: {},
    })
    expect(response.json()).toEqual({
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      scope: 'fernwood',
      chainId: DEVCHAIN_CHAIN_ID,
    })
  })

  it('a visitor who is not signed in cannot ask for a nonce or bind a wallet', async () => {
    const asked = await app.inject({
      method: 'POST',
      url: '/api/wallet/challenge',
      headers: jsonFromSite,
      payload: {},
    })
    expect(asked.statusCode).toBe(401)
    const bound = await app.inject({
      method: 'POST',
      url: '/api/wallet',
      headers: jsonFromSite,
      payload: {
        nonce: 'x'.repeat(32),
        chainId: DEVCHAIN_CHAIN_ID,
        actor: 'alice.wam',
        permission: 'active',
      },
    })
    expect(bound.statusCode).toBe(401)
  })

  it('a valid identity proof from the Dev Wallet binds the account to the visitor', async () => {
    const visitor = await newVisitor()
    const nonce = await challenge(visitor)
    const response = await bindAlice(visitor, nonce)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ user: { id: visitor.userId, waxAccount: 'alice.wam' } })

    const session = await app.inject({
      url: '/api/session',
      headers: { cookie: `fernwood_session=${sessionCookieOf(response)}` },
    })
    expect(session.json().user.waxAccount).toBe('alice.wam')
  })

  it('binding a wallet issues a new session token; the one signed in with stops working', async () => {
    const visitor = await newVisitor()
    const response = await bindAlice(visitor, await challenge(visitor))
    expect(response.statusCode).toBe(200)
    const renewed = sessionCookieOf(response)
    expect(`fernwood_session=${renewed}`).not.toBe(visitor.cookie)
    expect(response.cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })

    const session = (cookie: string) =>
      app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })
    expect((await session(visitor.cookie)).json()).toEqual({ user: null })
    expect((await session(`fernwood_session=${renewed}`)).json()).toEqual({
      user: { id: visitor.userId, waxAccount: 'alice.wam' },
    })
  })

  it('a proof signed by any key satisfying the account’s authority is accepted', async () => {
    const visitor = await newVisitor()
    const response = await bind(visitor, {
      nonce: await challenge(visitor),
      actor: 'bob.wam',
      proof: {
        type: 'identity',
        proof: aliceProof({ actor: 'bob.wam', privateKey: seedPrivateKey('bob.wam') }),
      },
    })
    expect(response.statusCode).toBe(200)
    expect(await boundAccount(visitor)).toBe('bob.wam')
  })

  it('a valid WAX Cloud Wallet proof for our site and nonce binds the account', async () => {
    const visitor = await newVisitor()
    const nonce = await challenge(visitor)
    const signature = signCloudWalletProof({
      referer: TEST_ORIGIN,
      nonce,
      actor: 'carol.wam',
      privateKey: seedPrivateKey('proof.wax'),
    })
    const response = await bind(visitor, {
      nonce,
      actor: 'carol.wam',
      proof: { type: 'cloudwallet', signature, referer: TEST_ORIGIN },
    })
    expect(response.statusCode).toBe(200)
    expect(await boundAccount(visitor)).toBe('carol.wam')
  })
})

describe('refused wallet proofs bind nothing', () => {
  const refusals: Array<[string, (nonce: string) => Record<string, unknown>, number, string]> = [
    [
      'a proof for another account',
      (nonce) => ({
        nonce,
        actor: 'alice.wam',
        proof: { type: 'identity', proof: aliceProof({ actor: 'bob.wam' }) },
      }),
      403,
      'WALLET_PROOF_WRONG_ACCOUNT',
    ],
    [
      'a proof signed by a key the account does not hold',
      (nonce) => ({
        nonce,
        actor: 'alice.wam',
        proof: { type: 'identity', proof: aliceProof({ privateKey: seedPrivateKey('bob.wam') }) },
      }),
      403,
      'WALLET_PROOF_SIGNATURE_INVALID',
    ],
    [
      'a proof for another chain',
      (nonce) => ({
        nonce,
        actor: 'alice.wam',
        proof: { type: 'identity', proof: aliceProof({ chainId: publicChains.wax.id }) },
      }),
      403,
      'WALLET_PROOF_WRONG_CHAIN',
    ],
    [
      'a login result that names another chain',
      (nonce) => ({
        nonce,
        chainId: publicChains.wax.id,
        actor: 'alice.wam',
        proof: { type: 'identity', proof: aliceProof() },
      }),
      403,
      'WALLET_PROOF_WRONG_CHAIN',
    ],
    [
      'a proof for another application',
      (nonce) => ({
        nonce,
        actor: 'alice.wam',
        proof: { type: 'identity', proof: aliceProof({ scope: 'otherapp' }) },
      }),
      403,
      'WALLET_PROOF_WRONG_SCOPE',
    ],
    [
      'an expired proof',
      (nonce) => ({
        nonce,
        actor: 'alice.wam',
        proof: { type: 'identity', proof: aliceProof({ expiresIn: -5 }) },
      }),
      403,
      'WALLET_PROOF_EXPIRED',
    ],
    [
      'a proof for an account that does not exist',
      (nonce) => ({
        nonce,
        actor: 'nobody.wam',
        proof: { type: 'identity', proof: aliceProof({ actor: 'nobody.wam' }) },
      }),
      404,
      'WALLET_ACCOUNT_NOT_FOUND',
    ],
    [
      'a login result with no proof while unverified bindings are off',
      (nonce) => ({ nonce, actor: 'alice.wam' }),
      400,
      'WALLET_PROOF_MISSING',
    ],
    [
      'a Cloud Wallet proof made for another site',
      (nonce) => ({
        nonce,
        actor: 'alice.wam',
        proof: {
          type: 'cloudwallet',
          referer: 'https://evil.example',
          signature: signCloudWalletProof({
            referer: 'https://evil.example',
            nonce,
            actor: 'alice.wam',
            privateKey: seedPrivateKey('proof.wax'),
          }),
        },
      }),
      403,
      'WALLET_PROOF_WRONG_SCOPE',
    ],
    [
      'a Cloud Wallet proof not signed by WAX',
      (nonce) => ({
        nonce,
        actor: 'alice.wam',
        proof: {
          type: 'cloudwallet',
          referer: TEST_ORIGIN,
          signature: signCloudWalletProof({
            referer: TEST_ORIGIN,
            nonce,
            actor: 'alice.wam',
            privateKey: DEV_WALLET_PRIVATE_KEY,
          }),
        },
      }),
      403,
      'WALLET_PROOF_SIGNATURE_INVALID',
    ],
  ]

  it.each(refusals)('%s', async (_name, payloadFor, status, code) => {
    const visitor = await newVisitor()
    const response = await bind(visitor, payloadFor(await challenge(visitor)))
    expect(response.statusCode).toBe(status)
    expect(response.json().error.code).toBe(code)
    expect(await boundAccount(visitor)).toBeNull()
  })

  it('a proof whose signature was tampered with is refused', async () => {
    const visitor = await newVisitor()
    const bytes = Buffer.from(aliceProof().slice('EOSIO '.length), 'base64')
    // The signature's 65 bytes end the encoding; change one in the middle of them.
    bytes[bytes.length - 20] ^= 0x01
    // Spelled the way wallets spell proofs: base64 without padding.
    const tampered = `EOSIO ${bytes.toString('base64').replace(/=+$/, '')}`
    const response = await bindAlice(visitor, await challenge(visitor), tampered)
    expect(response.statusCode).toBe(403)
    expect(response.json().error.code).toBe('WALLET_PROOF_SIGNATURE_INVALID')
    expect(await boundAccount(visitor)).toBeNull()
  })

  it('a proof that was already used cannot bind again, even for its own account', async () => {
    const proof = aliceProof()
    const first = await newVisitor()
    expect((await bindAlice(first, await challenge(first), proof)).statusCode).toBe(200)

    const second = await newVisitor()
    const replay = await bindAlice(second, await challenge(second), proof)
    expect(replay.statusCode).toBe(403)
    expect(replay.json().error.code).toBe('WALLET_PROOF_REPLAYED')
    expect(await boundAccount(second)).toBeNull()
  })

  it('a used proof cannot bind again with characters appended to its encoding', async () => {
    const proof = aliceProof()
    const first = await newVisitor()
    expect((await bindAlice(first, await challenge(first), proof)).statusCode).toBe(200)

    for (const respelled of [`${proof}A`, `${proof}AAAA`, `${proof}=`]) {
      const other = await newVisitor()
      const replay = await bindAlice(other, await challenge(other), respelled)
      expect(replay.statusCode).toBeGreaterThanOrEqual(400)
      expect(await boundAccount(other)).toBeNull()
    }
  })

  it('a proof spelled in anything but its one canonical encoding is refused, used or not', async () => {
    const visitor = await newVisitor()
    const response = await bindAlice(visitor, await challenge(visitor), `${aliceProof()}AAAA`)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('WALLET_PROOF_MALFORMED')
    expect(await boundAccount(visitor)).toBeNull()
  })

  it('a proof living longer than any wallet issues (over Anchor’s hour) is refused', async () => {
    const visitor = await newVisitor()
    const response = await bindAlice(
      visitor,
      await challenge(visitor),
      aliceProof({ expiresIn: 2 * 3600 }),
    )
    expect(response.statusCode).toBe(403)
    expect(response.json().error.code).toBe('WALLET_PROOF_EXPIRED')
    expect(await boundAccount(visitor)).toBeNull()
  })

  it('a nonce works once, and only for the visitor it was issued to', async () => {
    const owner = await newVisitor()
    const other = await newVisitor()
    const nonce = await challenge(owner)

    const stolen = await bindAlice(other, nonce)
    expect(stolen.json().error.code).toBe('WALLET_CHALLENGE_INVALID')
    expect(await boundAccount(other)).toBeNull()

    const bound = await bindAlice(owner, nonce)
    expect(bound.statusCode).toBe(200)
    const reused = await bindAlice(
      { ...owner, cookie: `fernwood_session=${sessionCookieOf(bound)}` },
      nonce,
    )
    expect(reused.json().error.code).toBe('WALLET_CHALLENGE_INVALID')
  })

  it('malformed login results are refused by schema', async () => {
    const visitor = await newVisitor()
    const nonce = await challenge(visitor)
    for (const payload of [
      { nonce, actor: 'Not An Account!', proof: { type: 'identity', proof: aliceProof() } },
      { nonce, actor: 'alice.wam', proof: { type: 'identity', proof: 'not a proof' } },
      { nonce, actor: 'alice.wam', proof: { type: 'magic' } },
    ]) {
      const response = await bind(visitor, payload)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('INVALID_REQUEST')
    }
    expect(await boundAccount(visitor)).toBeNull()
  })
})

describe('keeping the wallet endpoints cheap', () => {
  it('login challenges and binding attempts are limited per session with a clear 429', async () => {
    const visitor = await newVisitor()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/wallet/challenge',
        headers: { ...jsonFromSite, cookie: visitor.cookie },
        payload: {},
      })
      statuses.push(response.statusCode)
      if (response.statusCode === 429) {
        expect(response.json().error.code).toBe('RATE_LIMITED')
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true)
    expect(statuses[10]).toBe(429)

    const otherVisitor = await newVisitor()
    expect((await challenge(otherVisitor)).length).toBeGreaterThan(0)
  })

  it('issuing a challenge prunes expired challenges and spent proofs that have expired', async () => {
    const visitor = await newVisitor()
    const stale = await challenge(visitor)
    await testDatabase.database.query(
      "UPDATE wallet_challenges SET expires_at = now() - interval '1 second' WHERE nonce = $1",
      [stale],
    )
    await testDatabase.database.query(
      `INSERT INTO used_identity_proofs (proof_digest, wax_account, expires_at)
       VALUES ('stale-proof', 'alice.wam', now() - interval '1 second')`,
    )
    await challenge(visitor)
    const left = await testDatabase.database.query(
      `SELECT nonce FROM wallet_challenges WHERE nonce = $1
       UNION ALL SELECT proof_digest FROM used_identity_proofs WHERE proof_digest = 'stale-proof'`,
      [stale],
    )
    expect(left).toEqual([])
  })
})

describe('unverified bindings, when an operator allows them', () => {
  it('a login result with no proof binds the account marked unverified', async () => {
    const lenientApp = await buildTestApp(
      testDatabase.database,
      { ALLOW_UNVERIFIED_WALLETS: 'true' },
      chain,
    )
    try {
      const signIn = await lenientApp.inject({
        method: 'POST',
        url: '/api/session',
        headers: jsonFromSite,
        payload: {},
      })
      const cookie = `fernwood_session=${sessionCookieOf(signIn)}`
      const { nonce } = (
        await lenientApp.inject({
          method: 'POST',
          url: '/api/wallet/challenge',
          headers: { ...jsonFromSite, cookie },
          payload: {},
        })
      ).json()
      const response = await lenientApp.inject({
        method: 'POST',
        url: '/api/wallet',
        headers: { ...jsonFromSite, cookie },
        payload: { nonce, chainId: DEVCHAIN_CHAIN_ID, actor: 'alice.wam', permission: 'active' },
      })
      expect(response.statusCode).toBe(200)
      const [row] = await testDatabase.database.query<{
        wax_account: string
        wax_account_verified: boolean
      }>('SELECT wax_account, wax_account_verified FROM users WHERE id = $1', [
        signIn.json().user.id,
      ])
      expect(row).toEqual({ wax_account: 'alice.wam', wax_account_verified: false })
    } finally {
      await lenientApp.close()
    }
  })
})
