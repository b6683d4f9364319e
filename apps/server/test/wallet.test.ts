import { DEV_WALLET_PRIVATE_KEY, DEVCHAIN_CHAIN_ID, seedPrivateKey } from '@fernwood/devchain'
import { scatterLoginMessage } from '@fernwood/protocol'
import { type ProofFields, signIdentityProof } from '@fernwood/testkit'
import { Bytes, IdentityProof, PrivateKey, Serializer } from '@wharfkit/session'
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
import { signCloudWalletProof } from './support/wallet-proofs.ts'

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

const newVisitor = (on: App = app) => signInVisitor(on, testDatabase.database)

async function challenge(visitor: Visitor, on: App = app): Promise<string> {
  const response = await on.inject({
    method: 'POST',
    url: '/api/wallet/challenge',
    headers: { ...jsonFromSite, cookie: visitor.cookie },
    payload: {},
  })
  expect(response.statusCode).toBe(200)
  return response.json().nonce
}

function bind(visitor: Visitor, payload: Record<string, unknown>, on: App = app) {
  return on.inject({
    method: 'POST',
    url: '/api/wallet',
    headers: { ...jsonFromSite, cookie: visitor.cookie },
    payload: { chainId: DEVCHAIN_CHAIN_ID, permission: 'active', ...payload },
  })
}

/** Runs `test` against an app of these settings beside the default one, then closes it. */
async function withApp(environment: Record<string, string>, test: (other: App) => Promise<void>) {
  const other = await buildTestApp(testDatabase.database, environment, chain)
  try {
    await test(other)
  } finally {
    await other.close()
  }
}

async function binding(visitor: Visitor) {
  const [row] = await testDatabase.database.query<{
    wax_account: string | null
    wax_permission: string | null
    wax_account_verified: boolean
  }>('SELECT wax_account, wax_permission, wax_account_verified FROM users WHERE id = $1', [
    visitor.userId,
  ])
  return row
}

async function auditOf(visitor: Visitor) {
  return testDatabase.database.query<{ action: string; subject: string; details: unknown }>(
    'SELECT action, subject, details FROM audit_log WHERE actor = $1 ORDER BY id',
    [`user:${visitor.userId}`],
  )
}

/** alice.wam is bound to `visitor` under active, verified by a proof of `kind`, and audited so. */
async function expectAliceBoundVerified(visitor: Visitor, kind: string) {
  expect(await binding(visitor)).toEqual({
    wax_account: 'alice.wam',
    wax_permission: 'active',
    wax_account_verified: true,
  })
  expect(await auditOf(visitor)).toEqual([
    {
      action: 'wallet.bound',
      subject: 'alice.wam',
      details: { permission: 'active', verified: true, proof: kind },
    },
  ])
}

const cloudWalletProof = (nonce: string, actor: string) => ({
  type: 'cloudwallet',
  referer: TEST_ORIGIN,
  signature: signCloudWalletProof({
    referer: TEST_ORIGIN,
    nonce,
    actor,
    privateKey: seedPrivateKey('proof.wax'),
  }),
})

async function boundAccount(visitor: Visitor): Promise<string | null> {
  const [row] = await testDatabase.database.query<{ wax_account: string | null }>(
    'SELECT wax_account FROM users WHERE id = $1',
    [visitor.userId],
  )
  return row.wax_account
}

/** alice.wam's proof for the devchain, with a lifetime of its own (a proof binds once). */
const aliceProof = (overrides: Partial<ProofFields> = {}) =>
  signIdentityProof({ actor: 'alice.wam', ...overrides })

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
      'a proof signed under the account’s owner permission (only active is accepted)',
      (nonce) => ({
        nonce,
        actor: 'alice.wam',
        permission: 'owner',
        proof: {
          type: 'identity',
          proof: aliceProof({ permission: 'owner', privateKey: seedPrivateKey('alice.wam') }),
        },
      }),
      403,
      'WALLET_PERMISSION_REFUSED',
    ],
    [
      'a proof signed under a custom permission, such as one whose key a bot holds',
      (nonce) => ({
        nonce,
        actor: 'alice.wam',
        permission: 'claimbot',
        proof: { type: 'identity', proof: aliceProof({ permission: 'claimbot' }) },
      }),
      403,
      'WALLET_PERMISSION_REFUSED',
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
  it('are held to WALLET_PERMISSIONS too, and audited as unverified', async () => {
    await withApp({ ALLOW_UNVERIFIED_WALLETS: 'true' }, async (lenient) => {
      const owner = await newVisitor(lenient)
      const refused = await bind(
        owner,
        { nonce: await challenge(owner, lenient), actor: 'alice.wam', permission: 'owner' },
        lenient,
      )
      expect(refused.json().error.code).toBe('WALLET_PERMISSION_REFUSED')
      expect(await boundAccount(owner)).toBeNull()

      const active = await newVisitor(lenient)
      const bound = await bind(
        active,
        { nonce: await challenge(active, lenient), actor: 'alice.wam' },
        lenient,
      )
      expect(bound.statusCode).toBe(200)
      expect(await auditOf(active)).toEqual([
        {
          action: 'wallet.bound',
          subject: 'alice.wam',
          details: { permission: 'active', verified: false, proof: 'none' },
        },
      ])
    })
  })

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

describe('which permission of an account binds it (WALLET_PERMISSIONS)', () => {
  it('a binding records the permission proven, and the audit trail records who bound what', async () => {
    const visitor = await newVisitor()
    expect((await bindAlice(visitor, await challenge(visitor))).statusCode).toBe(200)
    await expectAliceBoundVerified(visitor, 'identity')
  })

  it('a refused proof is in the audit trail with its reason, and binds nothing', async () => {
    const visitor = await newVisitor()
    const response = await bind(visitor, {
      nonce: await challenge(visitor),
      actor: 'alice.wam',
      permission: 'owner',
      proof: {
        type: 'identity',
        proof: aliceProof({ permission: 'owner', privateKey: seedPrivateKey('alice.wam') }),
      },
    })
    expect(response.json().error).toEqual({
      code: 'WALLET_PERMISSION_REFUSED',
      message:
        'The wallet signed in with the account’s owner permission; only active may connect here.',
    })
    expect(await auditOf(visitor)).toEqual([
      {
        action: 'wallet.refused',
        subject: 'alice.wam',
        details: { permission: 'owner', proof: 'identity', reason: 'WALLET_PERMISSION_REFUSED' },
      },
    ])
  })

  it('an operator may accept more permissions: then an owner proof binds, recorded as owner', async () => {
    await withApp({ WALLET_PERMISSIONS: 'active, owner' }, async (lenient) => {
      const visitor = await newVisitor(lenient)
      const response = await bind(
        visitor,
        {
          nonce: await challenge(visitor, lenient),
          actor: 'alice.wam',
          permission: 'owner',
          proof: {
            type: 'identity',
            proof: aliceProof({ permission: 'owner', privateKey: seedPrivateKey('alice.wam') }),
          },
        },
        lenient,
      )
      expect(response.statusCode).toBe(200)
      expect((await binding(visitor)).wax_permission).toBe('owner')
    })
  })

  it('a Cloud Wallet proof binds as the active permission it speaks for, whatever the login result names', async () => {
    const visitor = await newVisitor()
    const nonce = await challenge(visitor)
    const response = await bind(visitor, {
      nonce,
      actor: 'carol.wam',
      permission: 'owner',
      proof: cloudWalletProof(nonce, 'carol.wam'),
    })
    expect(response.statusCode).toBe(200)
    expect((await binding(visitor)).wax_permission).toBe('active')
  })

  it('a Cloud Wallet proof is refused where active is not accepted', async () => {
    await withApp({ WALLET_PERMISSIONS: 'owner' }, async (ownerOnly) => {
      const visitor = await newVisitor(ownerOnly)
      const nonce = await challenge(visitor, ownerOnly)
      const response = await bind(
        visitor,
        { nonce, actor: 'carol.wam', proof: cloudWalletProof(nonce, 'carol.wam') },
        ownerOnly,
      )
      expect(response.statusCode).toBe(403)
      expect(response.json().error.code).toBe('WALLET_PERMISSION_REFUSED')
      expect(await boundAccount(visitor)).toBeNull()
    })
  })
})

/** The new My Cloud Wallet's proof as its plugin gets it: an identity proof's fields. */
const cloudWalletIdentityProof = (overrides: Parameters<typeof aliceProof>[0] = {}) => ({
  type: 'cloudwallet',
  proof: Serializer.objectify(IdentityProof.from(aliceProof(overrides))),
})

describe("the new Cloud Wallet's structured proof (plugin 1.6 and later)", () => {
  it('binds the account under the permission it names, checked against its keys on the chain', async () => {
    const visitor = await newVisitor()
    const response = await bind(visitor, {
      nonce: await challenge(visitor),
      actor: 'alice.wam',
      proof: cloudWalletIdentityProof(),
    })
    expect(response.statusCode).toBe(200)
    await expectAliceBoundVerified(visitor, 'cloudwallet')
  })

  it.each<[string, Parameters<typeof aliceProof>[0], string]>([
    ['for another application', { scope: 'otherapp' }, 'WALLET_PROOF_WRONG_SCOPE'],
    ['for another chain', { chainId: publicChains.wax.id }, 'WALLET_PROOF_WRONG_CHAIN'],
    ['for another account', { actor: 'bob.wam' }, 'WALLET_PROOF_WRONG_ACCOUNT'],
    [
      'signed by a key the account does not hold',
      { privateKey: seedPrivateKey('bob.wam') },
      'WALLET_PROOF_SIGNATURE_INVALID',
    ],
    ['expired', { expiresIn: -5 }, 'WALLET_PROOF_EXPIRED'],
    [
      'made under the owner permission, outside WALLET_PERMISSIONS',
      { permission: 'owner', privateKey: seedPrivateKey('alice.wam') },
      'WALLET_PERMISSION_REFUSED',
    ],
  ])('a proof %s is refused', async (_name, overrides, code) => {
    const visitor = await newVisitor()
    const response = await bind(visitor, {
      nonce: await challenge(visitor),
      actor: 'alice.wam',
      proof: cloudWalletIdentityProof(overrides),
    })
    expect(response.json().error.code).toBe(code)
    expect(await boundAccount(visitor)).toBeNull()
  })

  it('binds once: the same proof, even sent as an identity proof, cannot bind again', async () => {
    const proof = aliceProof()
    const structured = {
      type: 'cloudwallet',
      proof: Serializer.objectify(IdentityProof.from(proof)),
    }
    const first = await newVisitor()
    const bound = await bind(first, {
      nonce: await challenge(first),
      actor: 'alice.wam',
      proof: structured,
    })
    expect(bound.statusCode).toBe(200)

    for (const again of [structured, { type: 'identity', proof }]) {
      const other = await newVisitor()
      const replay = await bind(other, {
        nonce: await challenge(other),
        actor: 'alice.wam',
        proof: again,
      })
      expect(replay.json().error.code).toBe('WALLET_PROOF_REPLAYED')
      expect(await boundAccount(other)).toBeNull()
    }
  })

  it('a proof with fields missing or of the wrong form is refused by schema', async () => {
    const visitor = await newVisitor()
    const nonce = await challenge(visitor)
    const { proof } = cloudWalletIdentityProof()
    for (const fields of [
      { ...proof, signature: 'not a signature' },
      { ...proof, signer: { actor: 'alice.wam' } },
      { ...proof, chainId: 'wax' },
    ]) {
      const response = await bind(visitor, {
        nonce,
        actor: 'alice.wam',
        proof: { type: 'cloudwallet', proof: fields },
      })
      expect(response.json().error.code).toBe('INVALID_REQUEST')
    }
    expect(await boundAccount(visitor)).toBeNull()
  })
})

/** What a Scatter wallet (Wombat) returns for `getArbitrarySignature` over our login message. */
const scatterProof = (
  nonce: string,
  { appName = 'fernwood', actor = 'alice.wam', privateKey = DEV_WALLET_PRIVATE_KEY } = {},
) => ({
  type: 'scatter',
  signature: String(
    PrivateKey.from(privateKey).signMessage(
      Bytes.from(scatterLoginMessage(appName, actor, nonce), 'utf8'),
    ),
  ),
})

describe("Wombat's proof: a Scatter arbitrary signature", () => {
  it('a signature over our app, the account and the nonce, by a key of its active permission, binds the account', async () => {
    const visitor = await newVisitor()
    const nonce = await challenge(visitor)
    const response = await bind(visitor, { nonce, actor: 'alice.wam', proof: scatterProof(nonce) })
    expect(response.statusCode).toBe(200)
    await expectAliceBoundVerified(visitor, 'scatter')
  })

  it('the message keeps every word within the 12 characters Scatter wallets sign', () => {
    const message = scatterLoginMessage(
      'fernwood',
      'alice.wam',
      'Zm9vYmFyLWJhei1xdXV4LW5vbmNlLTEyMw',
    )
    expect(message).toBe('fernwood login alice.wam Zm9vYmFy LWJhei1x dXV4LW5v bmNlLTEy Mw')
    expect(message.split(' ').every((word) => word.length <= 12)).toBe(true)
  })

  it.each<[string, (nonce: string) => ReturnType<typeof scatterProof>, string]>([
    [
      'for another nonce',
      () => scatterProof('another-nonce-entirely'),
      'WALLET_PROOF_SIGNATURE_INVALID',
    ],
    [
      'for another app',
      (nonce) => scatterProof(nonce, { appName: 'otherapp' }),
      'WALLET_PROOF_SIGNATURE_INVALID',
    ],
    [
      'for another account',
      (nonce) => scatterProof(nonce, { actor: 'bob.wam' }),
      'WALLET_PROOF_SIGNATURE_INVALID',
    ],
    [
      'by a key the account does not hold',
      (nonce) => scatterProof(nonce, { privateKey: seedPrivateKey('bob.wam') }),
      'WALLET_PROOF_SIGNATURE_INVALID',
    ],
  ])('a signature %s is refused', async (_name, proofFor, code) => {
    const visitor = await newVisitor()
    const nonce = await challenge(visitor)
    const response = await bind(visitor, { nonce, actor: 'alice.wam', proof: proofFor(nonce) })
    expect(response.statusCode).toBe(403)
    expect(response.json().error.code).toBe(code)
    expect(await boundAccount(visitor)).toBeNull()
  })

  it('a signature made under the owner permission is refused under WALLET_PERMISSIONS, and binds as owner where owner is accepted', async () => {
    const ownerKey = seedPrivateKey('alice.wam')
    const visitor = await newVisitor()
    const nonce = await challenge(visitor)
    const refused = await bind(visitor, {
      nonce,
      actor: 'alice.wam',
      permission: 'owner',
      proof: scatterProof(nonce, { privateKey: ownerKey }),
    })
    expect(refused.json().error.code).toBe('WALLET_PERMISSION_REFUSED')

    expect(await boundAccount(visitor)).toBeNull()

    await withApp({ WALLET_PERMISSIONS: 'active,owner' }, async (lenient) => {
      const owner = await newVisitor(lenient)
      const nonce = await challenge(owner, lenient)
      const response = await bind(
        owner,
        {
          nonce,
          actor: 'alice.wam',
          permission: 'owner',
          proof: scatterProof(nonce, { privateKey: ownerKey }),
        },
        lenient,
      )
      expect(response.statusCode).toBe(200)
      expect((await binding(owner)).wax_permission).toBe('owner')
    })
  })

  it('a signature binds once: its nonce is spent', async () => {
    const visitor = await newVisitor()
    const nonce = await challenge(visitor)
    const proof = scatterProof(nonce)
    const bound = await bind(visitor, { nonce, actor: 'alice.wam', proof })
    expect(bound.statusCode).toBe(200)
    const replay = await bind(
      { ...visitor, cookie: `fernwood_session=${sessionCookieOf(bound)}` },
      { nonce, actor: 'alice.wam', proof },
    )
    expect(replay.json().error.code).toBe('WALLET_CHALLENGE_INVALID')
  })
})
