import { PAYOUT_ACCOUNT, PAYOUT_PRIVATE_KEY } from '@fernwood/devchain'
import { Action, APIClient, PrivateKey, SignedTransaction, Transaction } from '@wharfkit/session'

/**
 * Sends FERN from the devchain's seeded payout account to `to` through the server's devchain
 * API, signed with its documented key, as an operator topping up another account would.
 */
export async function transferFern(serverUrl: string, to: string, quantity: string): Promise<void> {
  const client = new APIClient({ url: `${serverUrl}/devchain` })
  const info = await client.v1.chain.get_info()
  const { abi } = await client.v1.chain.get_abi('fern.token')
  if (!abi) throw new Error('fern.token has no ABI')
  const action = Action.from(
    {
      account: 'fern.token',
      name: 'transfer',
      authorization: [{ actor: PAYOUT_ACCOUNT, permission: 'active' }],
      data: { from: PAYOUT_ACCOUNT, to, quantity, memo: 'top-up' },
    },
    abi,
  )
  const transaction = Transaction.from({ ...info.getTransactionHeader(60), actions: [action] })
  const signature = PrivateKey.from(PAYOUT_PRIVATE_KEY).signDigest(
    transaction.signingDigest(info.chain_id),
  )
  await client.v1.chain.push_transaction(
    SignedTransaction.from({ ...transaction, signatures: [signature] }),
  )
}
