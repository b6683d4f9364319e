import { type AnyAction, PrivateKey } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_CREATOR,
  ACCOUNT_CREATOR_PRIVATE_KEY,
  DEV_WALLET_PRIVATE_KEY,
  DEV_WALLET_PUBLIC_KEY,
  PAYOUT_PRIVATE_KEY,
  seedPrivateKey,
} from '../src/index'
import { devchainForTheseTests } from '../src/testing'
import {
  balanceOf,
  nodeErrorOf,
  sessionFor,
  signTransaction,
  transferAction,
} from './support/chain-requests'

const testChain = devchainForTheseTests()

const keyAuthority = (key: string) => ({
  threshold: 1,
  keys: [{ key, weight: 1 }],
  accounts: [],
  waits: [],
})

function newAccountAction(
  name: string,
  options: { creator?: string; owner?: unknown; active?: unknown } = {},
): AnyAction {
  const creator = options.creator ?? ACCOUNT_CREATOR
  return {
    account: 'eosio',
    name: 'newaccount',
    authorization: [{ actor: creator, permission: 'active' }],
    data: {
      creator,
      name,
      owner: options.owner ?? keyAuthority(DEV_WALLET_PUBLIC_KEY),
      active: options.active ?? keyAuthority(DEV_WALLET_PUBLIC_KEY),
    },
  }
}

function createAccount(name: string, options: Parameters<typeof newAccountAction>[1] = {}) {
  return sessionFor(
    testChain.devchain,
    options.creator ?? ACCOUNT_CREATOR,
    ACCOUNT_CREATOR_PRIVATE_KEY,
  ).transact({ action: newAccountAction(name, options) })
}

/** Pushes a newaccount with the APIClient, which keeps the node's error (a Session rewraps it). */
async function refusal(name: string, options: Parameters<typeof newAccountAction>[1] = {}) {
  const creator = options.creator ?? ACCOUNT_CREATOR
  const key = creator === ACCOUNT_CREATOR ? ACCOUNT_CREATOR_PRIVATE_KEY : seedPrivateKey(creator)
  const error = await nodeErrorOf(async () =>
    testChain.client.v1.chain.push_transaction(
      await signTransaction(testChain.client, [newAccountAction(name, options)], [key]),
    ),
  )
  return { name: error.name, message: error.details[0]?.message }
}

describe('eosio::newaccount', () => {
  it('creates a 12-character account whose keys then sign for it, through a WharfKit Session', async () => {
    const result = await createAccount('forestwalker')
    expect(result.response?.processed.action_traces[0].act.data).toMatchObject({
      creator: ACCOUNT_CREATOR,
      name: 'forestwalker',
    })

    const account = await testChain.client.v1.chain.get_account('forestwalker')
    expect(String(account.getPermission('active').required_auth.keys[0].key)).toBe(
      String(PrivateKey.from(DEV_WALLET_PRIVATE_KEY).toPublic()),
    )
    const byKey = await testChain.client.v1.chain.get_accounts_by_authorizers({
      keys: [DEV_WALLET_PUBLIC_KEY],
    })
    expect(byKey.accounts.map((row) => String(row.account_name))).toContain('forestwalker')

    // The new account can receive tokens and spend them with the Dev Wallet's key at once.
    const sendFern = (from: string, key: string, to: string, quantity: string) =>
      sessionFor(testChain.devchain, from, key).transact({
        action: transferAction('fern.token', from, { from, to, quantity, memo: '' }),
      })
    await sendFern('fernwoodpays', PAYOUT_PRIVATE_KEY, 'forestwalker', '2.0000 FERN')
    await sendFern('forestwalker', DEV_WALLET_PRIVATE_KEY, 'alice.wam', '1.0000 FERN')
    expect(await balanceOf(testChain.client, 'fern.token', 'forestwalker', 'FERN')).toBe(
      '1.0000 FERN',
    )
  })

  it('serves the system ABI for eosio, so clients can encode newaccount', async () => {
    const { abi } = await testChain.client.v1.chain.get_abi('eosio')
    expect(abi?.actions.map((action) => String(action.name))).toEqual(['newaccount'])
  })

  it('a taken name is account_name_exists_exception', async () => {
    expect(await refusal('alice.wam', { creator: 'eosio' })).toEqual({
      name: 'account_name_exists_exception',
      message: 'Cannot create account named alice.wam, as that name is already taken',
    })
    await createAccount('mossymeadows')
    expect((await refusal('mossymeadows')).name).toBe('account_name_exists_exception')
  })

  it('names shorter than 12 characters are premium names no one has bid for', async () => {
    expect(await refusal('shortname')).toEqual({
      name: 'eosio_assert_message_exception',
      message: 'assertion failure with message: no active bid for name',
    })
  })

  it("a name with a dot can only be created by its suffix's owner", async () => {
    expect(await refusal('newuser.wam')).toEqual({
      name: 'eosio_assert_message_exception',
      message: 'assertion failure with message: only suffix may create this account',
    })
  })

  it("only a privileged creator may use the 'eosio.' prefix", async () => {
    expect(await refusal('eosio.forest')).toEqual({
      name: 'action_validate_exception',
      message: "only privileged accounts can have names that start with 'eosio.'",
    })
  })

  it('a creator that did not authorise the action is missing_auth_exception', async () => {
    const action = {
      ...newAccountAction('sneakyfellow', { creator: 'eosio' }),
      authorization: [{ actor: ACCOUNT_CREATOR, permission: 'active' }],
    }
    const error = await nodeErrorOf(async () =>
      testChain.client.v1.chain.push_transaction(
        await signTransaction(testChain.client, [action], [ACCOUNT_CREATOR_PRIVATE_KEY]),
      ),
    )
    expect(error.name).toBe('missing_auth_exception')
  })

  it('a creator signing with a key not in its authority is unsatisfied_authorization', async () => {
    const error = await nodeErrorOf(async () =>
      testChain.client.v1.chain.push_transaction(
        await signTransaction(
          testChain.client,
          [newAccountAction('keyless1234a')],
          [seedPrivateKey('alice.wam')],
        ),
      ),
    )
    expect(error.name).toBe('unsatisfied_authorization')
  })

  it('an authority whose keys cannot reach its threshold is refused', async () => {
    const weak = { ...keyAuthority(DEV_WALLET_PUBLIC_KEY), threshold: 2 }
    expect(await refusal('weakaccount1', { active: weak })).toEqual({
      name: 'action_validate_exception',
      message: 'Invalid active authority',
    })
  })

  it('a refused newaccount creates nothing, and neither does a transaction failing after it', async () => {
    const overdraw = transferAction('fern.token', ACCOUNT_CREATOR, {
      from: ACCOUNT_CREATOR,
      to: 'alice.wam',
      quantity: '1.0000 FERN',
      memo: '',
    })
    const error = await nodeErrorOf(async () =>
      testChain.client.v1.chain.push_transaction(
        await signTransaction(
          testChain.client,
          [newAccountAction('halfwaythere'), overdraw],
          [ACCOUNT_CREATOR_PRIVATE_KEY],
        ),
      ),
    )
    expect(error.name).toBe('eosio_assert_message_exception')
    const lookup = await nodeErrorOf(() => testChain.client.v1.chain.get_account('halfwaythere'))
    expect(lookup.details[0]?.message).toBe('unknown key (eosio::chain::name): halfwaythere')
  })
})
