import { seedPrivateKey } from '@fernwood/devchain'
import { openEventStream } from '@fernwood/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { signInVisitor } from './support/rewards.ts'
import { buildTestApp, createTestChain, jsonFromSite } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'
import { connectWithProof } from './support/wallet-proofs.ts'

// Who may hold the operator console, and for how long: the permission a wallet was proven under,
// the idle timeout, and the audit trail of refusals.

let testDatabase: TestDatabase
let chain: ChainConnection
let app: App
let baseUrl: string
const operators = { ADMIN_ACCOUNTS: 'alice.wam' }

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  chain = await createTestChain()
  app = await buildTestApp(testDatabase.database, operators, chain)
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await app.close()
  await chain.close()
  await testDatabase.drop()
})

const consoleRequest = (cookie: string) =>
  app.inject({ method: 'GET', url: '/api/admin/operator', headers: { cookie } })

const sessionUser = async (cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().user

/** Moves the console's idle clock of the visitor's sessions `minutes` into the past. */
const idleFor = (visitor: { userId: string }, minutes: number) =>
  testDatabase.database.query(
    `UPDATE sessions SET console_active_at = console_active_at - make_interval(mins => $2::int)
      WHERE user_id = $1`,
    [visitor.userId, minutes],
  )

const refusalsOf = (visitor: { userId: string }) =>
  testDatabase.database.query<{ subject: string; details: unknown }>(
    `SELECT subject, details FROM audit_log
      WHERE actor = $1 AND action = 'console.refused' ORDER BY id`,
    [`user:${visitor.userId}`],
  )

describe('the permission an operator’s wallet was proven under', () => {
  it('a listed account proven under its owner permission does not open the console', async () => {
    // Another server accepting owner proofs binds it; this one, on the default, refuses it.
    const lenient = await buildTestApp(
      testDatabase.database,
      { ...operators, WALLET_PERMISSIONS: 'active,owner' },
      chain,
    )
    const owner = await connectWithProof(lenient, 'alice.wam', {
      permission: 'owner',
      privateKey: seedPrivateKey('alice.wam'),
    }).finally(() => lenient.close())
    const response = await consoleRequest(owner.cookie)
    expect(response.statusCode).toBe(403)
    expect(response.json().error.code).toBe('ADMIN_WALLET_UNVERIFIED')
  })

  it('a binding made before permissions were recorded opens nothing until connected again', async () => {
    const before = await connectWithProof(app, 'alice.wam')
    await testDatabase.database.query('UPDATE users SET wax_permission = NULL WHERE id = $1', [
      before.userId,
    ])
    expect((await consoleRequest(before.cookie)).json().error.code).toBe('ADMIN_WALLET_UNVERIFIED')

    const again = await connectWithProof(app, 'alice.wam')
    expect((await consoleRequest(again.cookie)).json()).toEqual({ account: 'alice.wam' })
  })
})

describe('refused console access in the audit trail', () => {
  it('names the account, or none, and the reason', async () => {
    const walletless = await signInVisitor(app, testDatabase.database)
    const bob = await connectWithProof(app, 'bob.wam')
    const unproven = await signInVisitor(app, testDatabase.database, 'alice.wam')
    for (const visitor of [walletless, bob, unproven]) {
      expect((await consoleRequest(visitor.cookie)).statusCode).toBe(403)
    }
    expect(await refusalsOf(walletless)).toEqual([
      { subject: 'none', details: { permission: null, reason: 'ADMIN_WALLET_REQUIRED' } },
    ])
    expect(await refusalsOf(bob)).toEqual([
      { subject: 'bob.wam', details: { permission: 'active', reason: 'ADMIN_NOT_OPERATOR' } },
    ])
    expect(await refusalsOf(unproven)).toEqual([
      { subject: 'alice.wam', details: { permission: null, reason: 'ADMIN_WALLET_UNVERIFIED' } },
    ])
  })
})

describe('the operator’s idle timeout (ADMIN_IDLE_MINUTES, 30 by default)', () => {
  it('an operator idle longer must connect again: the session ends, and the refusal is audited', async () => {
    const operator = await connectWithProof(app, 'alice.wam')
    await idleFor(operator, 31)
    const response = await consoleRequest(operator.cookie)
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('NOT_SIGNED_IN')
    expect(await sessionUser(operator.cookie)).toBeNull()
    expect(await refusalsOf(operator)).toEqual([
      { subject: 'alice.wam', details: { permission: 'active', reason: 'SESSION_IDLE' } },
    ])
  })

  it('each console request restarts the clock', async () => {
    const operator = await connectWithProof(app, 'alice.wam')
    await idleFor(operator, 29)
    expect((await consoleRequest(operator.cookie)).statusCode).toBe(200)
    await idleFor(operator, 29)
    expect((await consoleRequest(operator.cookie)).statusCode).toBe(200)
  })

  it('the live stream does not restart it, and ends once the operator has gone idle', async () => {
    const operator = await connectWithProof(app, 'alice.wam')
    // Idle in about a second from now.
    await testDatabase.database.query(
      `UPDATE sessions SET console_active_at = now() - interval '30 minutes' + interval '1 second'
        WHERE user_id = $1`,
      [operator.userId],
    )
    const stream = await openEventStream(`${baseUrl}/api/admin/live`, operator.cookie)
    expect(stream.status).toBe(200)
    await stream.next((event) => event.event === 'overview')
    await stream.ended
    // The browser reconnects: that request meets the idle operator, whose session ends.
    const reconnect = await openEventStream(`${baseUrl}/api/admin/live`, operator.cookie)
    expect(reconnect.status).toBe(401)
    expect(await sessionUser(operator.cookie)).toBeNull()
  })
})

describe('sign out everywhere and the console', () => {
  it('ends the operator’s console stream when their wallet signs out on another device', async () => {
    const operator = await connectWithProof(app, 'alice.wam')
    const phone = await connectWithProof(app, 'alice.wam')
    const stream = await openEventStream(`${baseUrl}/api/admin/live`, operator.cookie)
    await stream.next((event) => event.event === 'overview')
    const response = await app.inject({
      method: 'POST',
      url: '/api/session/sign-out-everywhere',
      headers: { ...jsonFromSite, cookie: phone.cookie },
      payload: {},
    })
    expect(response.statusCode).toBe(204)
    await stream.ended
    expect((await consoleRequest(operator.cookie)).statusCode).toBe(401)
  })
})
