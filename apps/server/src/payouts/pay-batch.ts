import type { Database } from '../db/database.ts'
import type { PayoutChainNode } from './chain-node.ts'
import {
  recordExecuted,
  recordIrreversible,
  recordLost,
  recordRefused,
  recordSending,
  recordSigned,
} from './ledger.ts'
import { NFT_MINTS_PER_TRANSACTION } from './nft-actions.ts'
import { keepMintable, mintedAssetsOf } from './nft-payouts.ts'
import { takePoolAssets, takesOf } from './nft-pools.ts'
import type { PayableReward } from './payable-reward.ts'
import { findUnsettledPayouts, type Payout, type RewardPayoutState } from './repository.ts'
import type { PayoutAction, PayoutSigner } from './signer.ts'

/**
 * Rewards a worker settles together: those paid by one transaction already signed (`payout`),
 * or, without one, up to a batch of rewards to pay in a new transaction, a transfer each.
 */
export interface PayoutBatch {
  rewards: PayableReward[]
  payout?: Payout
}

/** Points in a payout where tests (and, if ever needed, metrics) can hook in. */
export interface PayoutHooks {
  /** after the node took the transaction and before it is recorded: where a crash hurts most */
  afterBroadcast?: (rewards: PayableReward[], payout: Payout) => Promise<void> | void
}

export type PayoutResult =
  /** in an irreversible block: the rewards are completed */
  | { outcome: 'completed'; transactionId: string }
  /** executed, not yet irreversible: the rewards are confirming, checked again after a while */
  | { outcome: 'confirming'; transactionId: string; checkAfterMs: number }
  /**
   * refused by the chain: a transaction paying one reward waits for an operator; one paying
   * several may still land until `expiresAt`, after which each of its rewards is paid alone
   */
  | { outcome: 'refused'; error: string; transactionId: string; transfers: number; expiresAt: Date }
  /** its transaction can never land: the rewards are due again, for a new one */
  | { outcome: 'lost'; transactionId: string }
  /**
   * none could ever be paid (their NFT template is all minted, or their pool handed out):
   * rejected before signing
   */
  | { outcome: 'rejected'; rejection: 'nft_supply_exhausted' | 'nft_pool_empty' }
  /**
   * none is this worker's to pay any more: its lease ran out, and another worker has taken them
   * over (and may have paid them)
   */
  | { outcome: 'overtaken' }

export interface PayoutContext {
  database: Database
  node: PayoutChainNode
  signer: PayoutSigner
  productName: string
  hooks?: PayoutHooks
}

/** Antelope produces a block every half second; finality is awaited in blocks. */
export const BLOCK_MS = 500
/** However far finality seems, a confirming reward is looked at again at least this often. */
const MAX_CHECK_DELAY_MS = 60_000

/**
 * Splits claimed rewards into batches, reading where each stands in one query (but for those
 * taken to pay for the first time, which no transaction carries yet): rewards whose
 * transaction is already signed stay with it; the others are packed, per token contract, into
 * new transactions of up to `batchSize` transfers, but for those the chain refused once in a
 * batch, which are paid alone so that one bad transfer cannot hold back the rest again.
 */
export async function planBatches(
  database: Database,
  rewards: PayableReward[],
  batchSize: number,
): Promise<PayoutBatch[]> {
  if (rewards.length === 0) return []
  const takenBefore = rewards.filter((reward) => !reward.firstTaken)
  const states =
    takenBefore.length === 0
      ? new Map<string, RewardPayoutState>()
      : await findUnsettledPayouts(
          database,
          takenBefore.map((reward) => reward.id),
        )
  const signed = new Map<string, PayoutBatch>()
  const unsigned = new Map<string, PayableReward[]>()
  const batches: PayoutBatch[] = []
  for (const reward of rewards) {
    const state = states.get(reward.id)
    if (state?.payout) {
      const batch = signed.get(state.payout.transactionId)
      if (batch) batch.rewards.push(reward)
      else signed.set(state.payout.transactionId, { rewards: [reward], payout: state.payout })
    } else if (state?.refusedBefore) {
      batches.push({ rewards: [reward] })
    } else {
      unsigned.set(reward.tokenContract, [...(unsigned.get(reward.tokenContract) ?? []), reward])
    }
  }
  for (const sameToken of unsigned.values()) {
    const size = sameToken[0].nft ? Math.min(batchSize, NFT_MINTS_PER_TRANSACTION) : batchSize
    for (let start = 0; start < sameToken.length; start += size) {
      batches.push({ rewards: sameToken.slice(start, start + size) })
    }
  }
  return [...signed.values(), ...batches]
}

/**
 * Pays a batch of rewards exactly once, however often it is called and wherever the last call
 * died, and completes them only once their transaction is irreversible. A new transaction is
 * signed and stored before it is sent. A stored one is settled before anything else: completed
 * once in an irreversible block, awaited while in a reversible one, sent again as it is while
 * the chain may still take it (the chain drops a duplicate), and given up only once its expiry
 * is irreversible and no block holds it, so it never can land; its rewards are then due again,
 * for a new one. A transaction a node refused is settled the same way: it may have landed
 * elsewhere. Throws when the chain must be tried later.
 */
export async function payBatch(context: PayoutContext, batch: PayoutBatch): Promise<PayoutResult> {
  const { database, node, signer, hooks } = context
  let { rewards } = batch
  let payout = batch.payout

  if (payout?.state === 'confirmed') {
    await recordIrreversible(database, payout, rewards, null, await paidAssetsOf(context, rewards))
    return { outcome: 'completed', transactionId: payout.transactionId }
  }
  if (payout) {
    const finality = await node.finalityOf(payout)
    if (finality.state === 'irreversible') {
      const assets = await paidAssetsOf(context, rewards)
      await recordIrreversible(database, payout, rewards, finality.blockNum, assets)
      return { outcome: 'completed', transactionId: payout.transactionId }
    }
    if (finality.state === 'reversible') {
      const checkAfterMs = finalityWait(finality.blocksToGo)
      await recordExecuted(database, payout, rewards, finality.blockNum, checkAfterMs)
      return { outcome: 'confirming', transactionId: payout.transactionId, checkAfterMs }
    }
    if (finality.state === 'never') {
      await recordLost(
        database,
        payout,
        rewards.map((reward) => reward.id),
      )
      return { outcome: 'lost', transactionId: payout.transactionId }
    }
    // Unseen, and the chain may still take it: sent again, as it is.
    await recordSending(database, payout)
  } else {
    const mintable = await keepMintable(database, node, rewards)
    const pool = await takePoolAssets(database, node, signer.account, mintable.payable)
    rewards = pool.payable
    if (rewards.length === 0) {
      if (mintable.rejected.length > 0)
        return { outcome: 'rejected', rejection: 'nft_supply_exhausted' }
      if (pool.rejected.length > 0) return { outcome: 'rejected', rejection: 'nft_pool_empty' }
      return { outcome: 'overtaken' }
    }
    payout = await recordSigned(
      database,
      rewards.map((reward) => reward.id),
      await signer.sign(rewards.map((reward) => actionFor(context, reward, pool.assets))),
    )
  }

  const outcome = await node.send(payout.packed)
  if (!outcome.landed) {
    await recordRefused(database, payout, outcome.error)
    return {
      outcome: 'refused',
      error: outcome.error,
      transactionId: payout.transactionId,
      transfers: payout.transfers,
      expiresAt: payout.expiresAt,
    }
  }
  await hooks?.afterBroadcast?.(rewards, payout)
  const checkAfterMs = firstFinalityCheck(outcome.blockTimeMs, node.finalityLag)
  await recordExecuted(database, payout, rewards, outcome.blockNum, checkAfterMs)
  return { outcome: 'confirming', transactionId: payout.transactionId, checkAfterMs }
}

/** How long until `blocks` more blocks are irreversible, within sensible bounds. */
function finalityWait(blocks: number): number {
  return Math.min(Math.max(blocks, 1) * BLOCK_MS, MAX_CHECK_DELAY_MS)
}

/**
 * When to first look at a transfer just executed: once its block (the one being made, at most a
 * block away) trails the head by as many blocks as irreversible blocks trailed it when the node
 * last said (`lagBlocks`). A look before then finds it reversible, for a read of the chain and a
 * write of each of its rewards in vain. Counted from now, so that transactions sent one after
 * another fall due one after another, rather than all those of a block at one instant, which a
 * claim would take mixed. After one block, while the lag is unknown, or when the block's time
 * (`blockTimeMs`) is more than two blocks ahead of ours (one it may be, and a block's worth for
 * the clocks to differ): the chain makes blocks faster than their times say (a dev chain), and
 * its lag in blocks is not the time it takes.
 */
function firstFinalityCheck(blockTimeMs: number | null, lagBlocks: number | undefined): number {
  if (blockTimeMs === null || lagBlocks === undefined) return BLOCK_MS
  if (blockTimeMs - Date.now() > 2 * BLOCK_MS) return BLOCK_MS
  return Math.min((lagBlocks + 1) * BLOCK_MS, MAX_CHECK_DELAY_MS)
}

/**
 * The asset each NFT reward paid, by reward id: the one a pool reward took, or the one a mint
 * made, found on chain (none for token rewards).
 */
async function paidAssetsOf(
  { database, node }: PayoutContext,
  rewards: PayableReward[],
): Promise<Map<string, string>> {
  const taken = await takesOf(
    database,
    rewards.filter((reward) => reward.nft?.pool).map((reward) => reward.id),
  )
  return new Map([...(await mintedAssetsOf(node, rewards)), ...taken])
}

/**
 * A token reward's transfer, its memo naming the reward; an NFT reward's mint, tied the same; a
 * pool reward's transfer of the asset it took (`poolAssets`), its memo naming the reward.
 */
function actionFor(
  context: PayoutContext,
  reward: PayableReward,
  poolAssets: Map<string, string>,
): PayoutAction {
  const memo = `${context.productName} reward ${reward.id}`
  const assetId = poolAssets.get(reward.id)
  if (assetId !== undefined) return { assetId, to: reward.waxAccount, memo }
  if (reward.nft) {
    const { collection, schema, templateId } = reward.nft
    return { collection, schema, templateId, to: reward.waxAccount, rewardId: reward.id }
  }
  return {
    tokenContract: reward.tokenContract,
    to: reward.waxAccount,
    quantity: String(reward.rewardQuantity),
    memo,
  }
}
