import { splitQuantity } from '../campaigns/codes.ts'
import type { Database } from '../db/database.ts'
import { publishChange } from '../live/publisher.ts'
import type { PayoutChainNode } from './chain-node.ts'
import {
  findLivePayout,
  markPayoutFailed,
  markPayoutSent,
  type Payout,
  storeSignedPayout,
} from './repository.ts'
import type { PayoutSigner } from './signer.ts'

/** A reward the worker has claimed and the catalogue has accepted: what to pay, to whom. */
export interface PayableReward {
  id: string
  code: string
  waxAccount: string
  userId: string | null
  rewardQuantity: string
  tokenContract: string
  /** how many times a worker has taken it, this time included */
  attempts: number
}

/** Points in a payout where tests (and, if ever needed, metrics) can hook in. */
export interface PayoutHooks {
  /** after the node took the transfer and before it is recorded: where a crash hurts most */
  afterBroadcast?: (reward: PayableReward, payout: Payout) => Promise<void> | void
}

export type PayoutResult =
  | { paid: true; transactionId: string }
  | { paid: false; error: string; transactionId: string }

export interface PayoutContext {
  database: Database
  node: PayoutChainNode
  signer: PayoutSigner
  productName: string
  hooks?: PayoutHooks
}

/**
 * Pays a reward exactly once, however often it is called and wherever the last call died.
 * The transfer is signed and stored before it is sent. A stored transfer is sent again as it
 * is (the chain drops a duplicate); only when the chain can no longer include it, and looking
 * it up by id shows it never did, is a new one made. Throws when the chain must be tried later.
 */
export async function payReward(
  context: PayoutContext,
  reward: PayableReward,
): Promise<PayoutResult> {
  const { database, node, signer, hooks } = context
  let payout = await findLivePayout(database, reward.id)

  if (payout && payout.state !== 'confirmed' && (await node.hasPassed(payout.expiresAt))) {
    // The chain can no longer take it: it is in a block, or it never will be and may be replaced.
    if (!(await node.isOnChain(payout.transactionId))) {
      const signed = await signer.sign(transferFor(context, reward))
      payout = await storeSignedPayout(database, reward.id, signed, payout)
    } else {
      await recordPayment(database, reward, payout)
      return { paid: true, transactionId: payout.transactionId }
    }
  } else if (!payout) {
    const signed = await signer.sign(transferFor(context, reward))
    payout = await storeSignedPayout(database, reward.id, signed)
  }

  let blockNum: number | null = null
  if (payout.state !== 'confirmed') {
    await markPayoutSent(database, payout.id)
    const outcome = await node.send(payout.packed)
    if (!outcome.landed) {
      await markPayoutFailed(database, payout.id, outcome.error)
      return { paid: false, error: outcome.error, transactionId: payout.transactionId }
    }
    await hooks?.afterBroadcast?.(reward, payout)
    blockNum = outcome.blockNum
  }
  await recordPayment(database, reward, payout, blockNum)
  return { paid: true, transactionId: payout.transactionId }
}

function transferFor(context: PayoutContext, reward: PayableReward) {
  return {
    tokenContract: reward.tokenContract,
    to: reward.waxAccount,
    quantity: reward.rewardQuantity,
    memo: `${context.productName} reward ${reward.id}`,
  }
}

/**
 * The reward is paid: its history entry and completed record appear together, in one
 * transaction with its status, announced to the live feed on commit. Running it twice is
 * harmless (the second finds the reward completed and changes nothing).
 */
async function recordPayment(
  database: Database,
  reward: PayableReward,
  payout: Payout,
  blockNum: number | null = null,
) {
  const { amount, token } = splitQuantity(reward.rewardQuantity)
  await database.transaction(async (tx) => {
    await tx.query(
      `UPDATE payouts SET state = 'confirmed', last_error = NULL, updated_at = now(),
              block_num = coalesce($2, block_num)
        WHERE id = $1`,
      [payout.id, blockNum],
    )
    const completed = await tx.query(
      `UPDATE rewards SET status = 'completed', reason = NULL, last_error = NULL, updated_at = now()
        WHERE id = $1 AND status = 'processing' RETURNING id`,
      [reward.id],
    )
    if (completed.length === 0) return
    await tx.query(
      `INSERT INTO reward_history (reward_id, wax_account, code, amount, token, transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [reward.id, reward.waxAccount, reward.code, amount, token, payout.transactionId],
    )
    await tx.query(
      'INSERT INTO completed_rewards (wax_account, code, reward_id) VALUES ($1, $2, $3)',
      [reward.waxAccount, reward.code, reward.id],
    )
    await publishChange(tx, {
      kind: 'history',
      userId: reward.userId,
      waxAccount: reward.waxAccount,
    })
  })
}
