import { Action, type AnyAction, PackedTransaction, SignedTransaction } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import { PAYOUT_PRIVATE_KEY, seedPrivateKey } from '../src/index'
import { devchainForTheseTests } from '../src/testing'
import {
  balanceOf,
  nodeErrorOf,
  postRaw,
  sessionFor,
  signTransaction,
  transferAction,
} from './support/chain-requests'

const testChain = devchainForTheseTests()
const aliceKey = seedPrivateKey('alice.wam')
const bobKey = seedPrivateKey('bob.wam')
const carolKey = seedPrivateKey('carol.wam')

/** Signs with a WharfKit Session (privatekey plugin) without broadcasting it. */
async function signWithSession(actor: string, key: string, action: AnyAction) {
  const result = await sessionFor(testChain.devchain, actor, key).transact(
    { action },
    { broadcast: false },
  )
  if (!result.resolved) throw new Error('WharfKit did not resolve the transaction')
  return SignedTransaction.from({ ...result.resolved.transaction, signatures: result.signatures })
}

const TOKEN_CONTRACTS: Record<string, string> = { WAX: 'eosio.token', FERN: 'fern.token' }

/**
 * `quantity` of its token (on the token's contract) from `from` to `to`, authorised by
 * `actor`@active (`from` unless named) and signed with `key` by a Session.
 */
function signedTransfer(key: string, from: string, to: string, quantity: string, actor = from) {
  const contract = TOKEN_CONTRACTS[quantity.split(' ')[1]]
  return signWithSession(
    actor,
    key,
    transferAction(contract, actor, { from, to, quantity, memo: '' }),
  )
}

/** What the node answers a signed transaction it refuses. */
const refusalOf = (signed: SignedTransaction) =>
  nodeErrorOf(() => testChain.client.v1.chain.send_transaction(signed))

describe('transfers through a WharfKit Session', () => {
  it('a FERN transfer from fernwoodpays to alice.wam moves both balances', async () => {
    const payoutBefore = await balanceOf(testChain.client, 'fern.token', 'fernwoodpays', 'FERN')
    const aliceBefore = await balanceOf(testChain.client, 'fern.token', 'alice.wam', 'FERN')
    const session = sessionFor(testChain.devchain, 'fernwoodpays', PAYOUT_PRIVATE_KEY)
    const result = await session.transact({
      action: transferAction('fern.token', 'fernwoodpays', {
        from: 'fernwoodpays',
        to: 'alice.wam',
        quantity: '10.0000 FERN',
        memo: 'reward fernwoodwelcome',
      }),
    })
    const processed = result.response?.processed
    expect(processed.receipt.status).toBe('executed')
    expect(processed.action_traces[0].act.data).toEqual({
      from: 'fernwoodpays',
      to: 'alice.wam',
      quantity: '10.0000 FERN',
      memo: 'reward fernwoodwelcome',
    })
    expect(processed.action_traces.map((trace: { receiver: string }) => trace.receiver)).toEqual([
      'fern.token',
      'fernwoodpays',
      'alice.wam',
    ])
    expect(payoutBefore).toBe('1000000.0000 FERN')
    expect(aliceBefore).toBe('none')
    expect(await balanceOf(testChain.client, 'fern.token', 'fernwoodpays', 'FERN')).toBe(
      '999990.0000 FERN',
    )
    expect(await balanceOf(testChain.client, 'fern.token', 'alice.wam', 'FERN')).toBe(
      '10.0000 FERN',
    )
  })

  it('send_transaction2 and push_transaction accept a signed transfer too', async () => {
    const before = await balanceOf(testChain.client, 'eosio.token', 'bob.wam', 'WAX')
    const viaSend2 = await signTransaction(
      testChain.client,
      [
        transferAction('eosio.token', 'alice.wam', {
          from: 'alice.wam',
          to: 'bob.wam',
          quantity: '1.00000000 WAX',
          memo: 'a',
        }),
      ],
      [aliceKey],
    )
    const sent = await testChain.client.v1.chain.send_transaction2(viaSend2)
    expect(sent.processed.receipt?.status).toBe('executed')
    const viaPush = await signTransaction(
      testChain.client,
      [
        transferAction('eosio.token', 'alice.wam', {
          from: 'alice.wam',
          to: 'bob.wam',
          quantity: '2.00000000 WAX',
          memo: 'b',
        }),
      ],
      [aliceKey],
    )
    const pushed = await testChain.client.v1.chain.push_transaction(viaPush)
    expect(pushed.transaction_id).toBe(String(viaPush.id))
    expect(await balanceOf(testChain.client, 'eosio.token', 'bob.wam', 'WAX')).toBe(
      `${(Number.parseFloat(before) + 3).toFixed(8)} WAX`,
    )
  })
})

describe('rejections carry the node error', () => {
  const smallFernPayout = () =>
    transferAction('fern.token', 'fernwoodpays', {
      from: 'fernwoodpays',
      to: 'bob.wam',
      quantity: '1.0000 FERN',
      memo: 'test',
    })
  /** It signed by the payout account's key, with `header` in place of a wallet's usual one. */
  const signedPayout = (header: Parameters<typeof signTransaction>[3]) =>
    signTransaction(testChain.client, [smallFernPayout()], [PAYOUT_PRIVATE_KEY], header)

  it('a transfer signed by a wrong key is unsatisfied_authorization and moves no token', async () => {
    const before = await balanceOf(testChain.client, 'fern.token', 'fernwoodpays', 'FERN')
    const signed = await signWithSession('fernwoodpays', aliceKey, smallFernPayout())
    const error = await refusalOf(signed)
    expect(error.response.status).toBe(401)
    expect(error.code).toBe(3090003)
    expect(error.name).toBe('unsatisfied_authorization')
    expect(error.details[0].message).toContain(
      `transaction declares authority '{"actor":"fernwoodpays","permission":"active"}', but does not have signatures for it`,
    )
    expect(await balanceOf(testChain.client, 'fern.token', 'fernwoodpays', 'FERN')).toBe(before)
  })

  it('the same signed transaction pushed twice is refused as tx_duplicate with 409', async () => {
    const signed = await signWithSession('fernwoodpays', PAYOUT_PRIVATE_KEY, smallFernPayout())
    await testChain.client.v1.chain.send_transaction(signed)
    const error = await refusalOf(signed)
    expect(error.response.status).toBe(409)
    expect(error.code).toBe(3040008)
    expect(error.name).toBe('tx_duplicate')
    expect(error.details[0].message).toBe(`duplicate transaction ${signed.id}`)
  })

  it('an expired transaction is refused as expired_tx_exception', async () => {
    const signed = await signedPayout({ expireSeconds: -5 })
    const error = await refusalOf(signed)
    expect(error.code).toBe(3040005)
    expect(error.name).toBe('expired_tx_exception')
    expect(error.details[0].message).toMatch(
      new RegExp(`^expired transaction ${signed.id}, expiration `),
    )
  })

  it('an expiration more than an hour ahead is refused as tx_exp_too_far_exception', async () => {
    const signed = await signedPayout({ expireSeconds: 2 * 3600 })
    const error = await refusalOf(signed)
    expect(error.name).toBe('tx_exp_too_far_exception')
    expect(error.code).toBe(3040006)
  })

  it('a TAPOS reference to no recent block is refused as invalid_ref_block_exception', async () => {
    const signed = await signedPayout({ refBlockPrefix: 12345 })
    const error = await refusalOf(signed)
    expect(error.name).toBe('invalid_ref_block_exception')
    expect(error.code).toBe(3040007)
  })

  it('a transfer of more than the balance fails the contract check "overdrawn balance"', async () => {
    const signed = await signedTransfer(carolKey, 'carol.wam', 'bob.wam', '1000.00000000 WAX')
    const error = await refusalOf(signed)
    expect(error.response.status).toBe(500)
    expect(error.code).toBe(3050003)
    expect(error.name).toBe('eosio_assert_message_exception')
    expect(error.details[0].message).toBe('assertion failure with message: overdrawn balance')
    expect(await balanceOf(testChain.client, 'eosio.token', 'carol.wam', 'WAX')).toBe(
      '100.00000000 WAX',
    )
  })

  it('alice signing a transfer declared as bob@active is unsatisfied_authorization', async () => {
    const signed = await signedTransfer(aliceKey, 'bob.wam', 'alice.wam', '1.00000000 WAX')
    const error = await refusalOf(signed)
    expect(error.name).toBe('unsatisfied_authorization')
  })

  it('alice authorising a transfer from bob is missing_auth_exception', async () => {
    const signed = await signedTransfer(
      aliceKey,
      'bob.wam',
      'alice.wam',
      '1.00000000 WAX',
      'alice.wam',
    )
    const error = await refusalOf(signed)
    expect(error.code).toBe(3090004)
    expect(error.name).toBe('missing_auth_exception')
    expect(error.details[0].message).toBe('missing authority of bob.wam')
  })

  it('an extra signature nobody needed is tx_irrelevant_sig', async () => {
    const signed = await signTransaction(
      testChain.client,
      [
        transferAction('eosio.token', 'alice.wam', {
          from: 'alice.wam',
          to: 'bob.wam',
          quantity: '1.00000000 WAX',
          memo: '',
        }),
      ],
      [aliceKey, bobKey],
    )
    const error = await refusalOf(signed)
    expect(error.name).toBe('tx_irrelevant_sig')
    expect(error.code).toBe(3090006)
  })

  it('an action the token contract does not have runs its code, which ignores it: nothing moves', async () => {
    const before = await balanceOf(testChain.client, 'fern.token', 'fernwoodpays', 'FERN')
    const burn = Action.from({
      account: 'fern.token',
      name: 'burn',
      authorization: [{ actor: 'fernwoodpays', permission: 'active' }],
      data: '00',
    })
    const signed = await signWithSession('fernwoodpays', PAYOUT_PRIVATE_KEY, burn)
    const response = await testChain.client.v1.chain.send_transaction(signed)
    expect(response.processed.receipt?.status).toBe('executed')
    expect(response.processed.action_traces[0].act.data).toBe('00')
    expect(await balanceOf(testChain.client, 'fern.token', 'fernwoodpays', 'FERN')).toBe(before)
  })

  it('a transfer to an account that does not exist fails "to account does not exist"', async () => {
    const signed = await signedTransfer(
      PAYOUT_PRIVATE_KEY,
      'fernwoodpays',
      'nobody.wam',
      '1.0000 FERN',
    )
    const error = await refusalOf(signed)
    expect(error.name).toBe('eosio_assert_message_exception')
    expect(error.details[0].message).toBe(
      'assertion failure with message: to account does not exist',
    )
  })

  it('an action on a contract account that does not exist is transaction_exception', async () => {
    const signed = await signTransaction(
      testChain.client,
      [
        {
          account: 'nobody.wam',
          name: 'transfer',
          authorization: [{ actor: 'alice.wam', permission: 'active' }],
          data: '00',
        },
      ],
      [aliceKey],
    )
    const error = await refusalOf(signed)
    expect(error.code).toBe(3040000)
    expect(error.details[0].message).toBe("action's code account 'nobody.wam' does not exist")
  })

  it('a transaction that declares no authorization is tx_no_auths and moves no token', async () => {
    const before = await balanceOf(testChain.client, 'fern.token', 'fernwoodpays', 'FERN')
    const unauthorised = { ...smallFernPayout(), authorization: [] }
    const signed = await signTransaction(testChain.client, [unauthorised], [])
    const error = await refusalOf(signed)
    expect(error.code).toBe(3040003)
    expect(error.name).toBe('tx_no_auths')
    expect(await balanceOf(testChain.client, 'fern.token', 'fernwoodpays', 'FERN')).toBe(before)
  })

  it('send_transaction2 returns an execution failure as a 202 failure trace', async () => {
    const signed = await signedTransfer(carolKey, 'carol.wam', 'bob.wam', '5000.00000000 WAX')
    const packed = PackedTransaction.fromSigned(signed)
    const response = await postRaw<{ processed: { except: { name: string } } }>(
      `${testChain.devchain.url}/v1/chain/send_transaction2`,
      JSON.stringify({ return_failure_trace: true, retry_trx: false, transaction: packed }),
    )
    expect(response.status).toBe(202)
    expect(response.json.processed.except.name).toBe('eosio_assert_message_exception')
    const error = await nodeErrorOf(() => testChain.client.v1.chain.send_transaction2(signed))
    expect(error.code).toBe(3050003)
  })
})

describe('transactions of several actions run all or none, as on nodeos', () => {
  /** fernwoodpays's transfers of 1 FERN each to `recipients`, in one transaction. */
  async function payAll(recipients: string[]) {
    const result = await sessionFor(
      testChain.devchain,
      'fernwoodpays',
      PAYOUT_PRIVATE_KEY,
    ).transact(
      {
        actions: recipients.map((to) =>
          transferAction('fern.token', 'fernwoodpays', {
            from: 'fernwoodpays',
            to,
            quantity: '1.0000 FERN',
            memo: `to ${to}`,
          }),
        ),
      },
      { broadcast: false },
    )
    if (!result.resolved) throw new Error('WharfKit did not resolve the transaction')
    return SignedTransaction.from({ ...result.resolved.transaction, signatures: result.signatures })
  }
  const fern = (account: string) => balanceOf(testChain.client, 'fern.token', account, 'FERN')

  it('three transfers in one transaction all move, each in its own action trace', async () => {
    const before = await Promise.all(['fernwoodpays', 'alice.wam', 'bob.wam'].map(fern))
    const response = await testChain.client.v1.chain.send_transaction(
      await payAll(['alice.wam', 'bob.wam', 'alice.wam']),
    )
    const traces = (response.processed as { action_traces: { receiver: string }[] }).action_traces
    expect(traces.filter((trace) => trace.receiver === 'fern.token')).toHaveLength(3)
    const after = await Promise.all(['fernwoodpays', 'alice.wam', 'bob.wam'].map(fern))
    expect(Number.parseFloat(after[0])).toBeCloseTo(Number.parseFloat(before[0]) - 3, 4)
    expect(Number.parseFloat(after[1])).toBeCloseTo(Number.parseFloat(before[1]) + 2, 4)
    expect(Number.parseFloat(after[2])).toBeCloseTo(Number.parseFloat(before[2]) + 1, 4)
  })

  it('one failing transfer refuses the whole transaction: the transfers before it move nothing', async () => {
    const before = await Promise.all(['fernwoodpays', 'alice.wam', 'bob.wam'].map(fern))
    const signed = await payAll(['alice.wam', 'bob.wam', 'nobody.wam'])
    const error = await refusalOf(signed)
    expect(error.name).toBe('eosio_assert_message_exception')
    expect(error.details[0].message).toBe(
      'assertion failure with message: to account does not exist',
    )
    expect(await Promise.all(['fernwoodpays', 'alice.wam', 'bob.wam'].map(fern))).toEqual(before)
    const status = await testChain.client.call<{ state: string }>({
      path: '/v1/chain/get_transaction_status',
      params: { id: String(signed.id) },
    })
    expect(status.state).toBe('UNKNOWN')
  })

  it('a later transfer sees what the earlier ones spent: overdrawing half-way refuses them all', async () => {
    const before = await balanceOf(testChain.client, 'eosio.token', 'carol.wam', 'WAX')
    expect(before).toBe('100.00000000 WAX')
    const signed = await signTransaction(
      testChain.client,
      [
        transferAction('eosio.token', 'carol.wam', {
          from: 'carol.wam',
          to: 'bob.wam',
          quantity: '60.00000000 WAX',
          memo: '',
        }),
        transferAction('eosio.token', 'carol.wam', {
          from: 'carol.wam',
          to: 'alice.wam',
          quantity: '60.00000000 WAX',
          memo: '',
        }),
      ],
      [carolKey],
    )
    const error = await refusalOf(signed)
    expect(error.details[0].message).toBe('assertion failure with message: overdrawn balance')
    expect(await balanceOf(testChain.client, 'eosio.token', 'carol.wam', 'WAX')).toBe(before)
  })
})
