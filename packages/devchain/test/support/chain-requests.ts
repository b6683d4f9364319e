import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  ABI,
  Action,
  type AnyAction,
  type APIClient,
  APIError,
  PrivateKey,
  SignedTransaction,
  Transaction,
} from '@wharfkit/antelope'
import { Session } from '@wharfkit/session'
import { WalletPluginPrivateKey } from '@wharfkit/wallet-plugin-privatekey'
import { DEVCHAIN_CHAIN_ID, type NodeErrorBody } from '../../src/index'
import type { RunningDevchain } from '../../src/testing'

export async function makeTempDir(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'devchain-test-'))
  return { path, remove: () => rm(path, { recursive: true, force: true }) }
}

export function sessionFor(devchain: RunningDevchain, actor: string, privateKey: string): Session {
  return new Session({
    chain: { id: DEVCHAIN_CHAIN_ID, url: devchain.url },
    actor,
    permission: 'active',
    walletPlugin: new WalletPluginPrivateKey(privateKey),
  })
}

export function transferAction(
  contract: string,
  actor: string,
  data: { from: string; to: string; quantity: string; memo: string },
): AnyAction {
  return {
    account: contract,
    name: 'transfer',
    authorization: [{ actor, permission: 'active' }],
    data,
  }
}

/**
 * Builds and signs a transaction by hand, for the cases WharfKit refuses to produce
 * (expired, too far in the future, wrong TAPOS, several signatures).
 */
export async function signTransaction(
  client: APIClient,
  actions: AnyAction[],
  privateKeys: string[],
  header: { expireSeconds?: number; refBlockPrefix?: number } = {},
): Promise<SignedTransaction> {
  const info = await client.v1.chain.get_info()
  const transactionHeader = info.getTransactionHeader(header.expireSeconds ?? 60)
  const resolved = await Promise.all(
    actions.map(async (action) => {
      // Hex action data needs no ABI, which lets a test target a contract that does not exist.
      if (typeof action.data === 'string') return Action.from(action)
      const { abi } = await client.v1.chain.get_abi(action.account)
      return Action.from(action, ABI.from(abi ?? {}))
    }),
  )
  const transaction = Transaction.from({
    ...transactionHeader,
    ref_block_prefix: header.refBlockPrefix ?? transactionHeader.ref_block_prefix,
    actions: resolved,
  })
  const digest = transaction.signingDigest(DEVCHAIN_CHAIN_ID)
  const signatures = privateKeys.map((key) => PrivateKey.from(key).signDigest(digest))
  return SignedTransaction.from({ ...transaction, signatures })
}

/** Runs `call` and returns the node error it raised through the real APIClient. */
export async function nodeErrorOf(call: () => Promise<unknown>): Promise<APIError> {
  try {
    await call()
  } catch (error) {
    if (error instanceof APIError) return error
    throw error
  }
  throw new Error('expected the node to refuse the request')
}

export async function balanceOf(
  client: APIClient,
  contract: string,
  account: string,
  symbol: string,
): Promise<string> {
  const balances = await client.v1.chain.get_currency_balance(contract, account, symbol)
  return balances.length > 0 ? String(balances[0]) : 'none'
}

/** Posts a body as-is, for requests the APIClient would never send. */
export async function postRaw<Json = NodeErrorBody>(
  url: string,
  body: string | undefined,
): Promise<{ status: number; json: Json }> {
  const response = await fetch(url, { method: 'POST', body })
  return { status: response.status, json: (await response.json()) as Json }
}
