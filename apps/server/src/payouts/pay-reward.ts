import type { Database } from '../db/database.ts'
import {
  completeReward,
  markConfirming,
  replacePayout,
  scheduleFinalityCheck,
} from '../rewards/lifecycle.ts'
import type { PayoutChainNode } from './chain-node.ts'
import {
  findUnsettledPayout,
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
  /** processing until its transfer is executed, then confirming until that is irreversible */
  status: 'processing' | 'confirming'
  /** how many times a worker has taken it to pay, this time included (finality checks aside) */
  attempts: number
}

/** Points in a payout where tests (and, if ever needed, metrics) can hook in. */
export interface PayoutHooks {
  /** after the node took the transfer and before it is recorded: where a crash hurts most */
  afterBroadcast?: (reward: PayableReward, payout: Payout) => Promise<void> | void
}

export type PayoutResult =
  /** in an irreversible block: the reward is completed */
  | { outcome: 'completed'; transactionId: string }
  /** executed, not yet irreversible: the reward is confirming, checked again after a while */
  | { outcome: 'confirming'; transactionId: string; checkAfterMs: number }
  /** refused by the chain for good: the reward waits for an operator */
  | { outcome: 'refused'; error: string; transactionId: string }

export interface PayoutContext {
  database: Database
  node: PayoutChainNode
  signer: PayoutSigner
  productName: string
  hooks?: PayoutHooks
}

/** Antelope produces a block every half second; finality is awaited in blocks. */
const BLOCK_MS = 500
/** However far finality seems, a confirming reward is looked at again at least this often. */
const MAX_CHECK_DELAY_MS = 60_000

/**
 * Pays a reward exactly once, however often it is called and wherever the last call died, and
 * completes it only once its transfer is irreversible. The transfer is signed and stored before
 * it is sent. A stored transfer is settled before anything else: completed once in an
 * irreversible block, awaited while in a reversible one, sent again as it is while the chain may
 * still take it (the chain drops a duplicate), and replaced by a new one only once its expiry is
 * irreversible and no block holds it, so it never can land. A transfer a node refused is settled
 * the same way: it may have landed elsewhere. Throws when the chain must be tried later.
 */
export async function payReward(
  context: PayoutContext,
  reward: PayableReward,
): Promise<PayoutResult> {
  const { database, node, signer, hooks } = context
  let payout = await findUnsettledPayout(database, reward.id)

  if (payout?.state === 'confirmed') {
    await completeReward(database, reward, payout, null)
    return { outcome: 'completed', transactionId: payout.transactionId }
  }
  if (payout) {
    const finality = await node.finalityOf(payout)
    if (finality.state === 'irreversible') {
      await completeReward(database, reward, payout, finality.blockNum)
      return { outcome: 'completed', transactionId: payout.transactionId }
    }
    if (finality.state === 'reversible') {
      const checkAfterMs = finalityWait(finality.blocksToGo)
      if (reward.status === 'confirming') {
        await scheduleFinalityCheck(database, reward.id, checkAfterMs)
      } else {
        await markConfirming(database, reward, payout, finality.blockNum, checkAfterMs)
      }
      return { outcome: 'confirming', transactionId: payout.transactionId, checkAfterMs }
    }
    if (finality.state === 'never') {
      payout = await replacePayout(
        database,
        reward,
        payout,
        await signer.sign(transferFor(context, reward)),
      )
    }
  } else {
    payout = await storeSignedPayout(
      database,
      reward.id,
      await signer.sign(transferFor(context, reward)),
    )
  }

  await markPayoutSent(database, payout.id)
  const outcome = await node.send(payout.packed)
  if (!outcome.landed) {
    await markPayoutFailed(database, payout.id, outcome.error)
    return { outcome: 'refused', error: outcome.error, transactionId: payout.transactionId }
  }
  await hooks?.afterBroadcast?.(reward, payout)
  // Its block is at best one block from the head, and the irreversible one further behind.
  await markConfirming(database, reward, payout, outcome.blockNum, BLOCK_MS)
  return { outcome: 'confirming', transactionId: payout.transactionId, checkAfterMs: BLOCK_MS }
}

/** How long until `blocks` more blocks are irreversible, within sensible bounds. */
function finalityWait(blocks: number): number {
  return Math.min(Math.max(blocks, 1) * BLOCK_MS, MAX_CHECK_DELAY_MS)
}

function transferFor(context: PayoutContext, reward: PayableReward) {
  return {
    tokenContract: reward.tokenContract,
    to: reward.waxAccount,
    quantity: reward.rewardQuantity,
    memo: `${context.productName} reward ${reward.id}`,
  }
}
