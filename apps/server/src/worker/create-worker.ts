import type { ChainConnection } from '../chain/chain-connection.ts'
import type { Environment } from '../config/environment.ts'
import type { Database } from '../db/database.ts'
import { PayoutChainNode } from '../payouts/chain-node.ts'
import type { PayoutHooks } from '../payouts/pay-batch.ts'
import { payoutAccountFrom } from '../payouts/settings.ts'
import { WharfkitPayoutSigner } from '../payouts/signer.ts'
import { RewardWorker, type WorkerLogger } from './reward-worker.ts'

/** A reward worker configured from the environment, as the server and `npm run worker` run it. */
export function createRewardWorker(
  env: Environment,
  dependencies: {
    database: Database
    chain: ChainConnection
    logger: WorkerLogger
    hooks?: PayoutHooks
    retryBaseMs?: number
    retryMaxMs?: number
  },
): RewardWorker {
  const { database, chain, logger, hooks, retryBaseMs, retryMaxMs } = dependencies
  return new RewardWorker({
    payout: {
      database,
      node: new PayoutChainNode(chain, env.CHAIN_TIMEOUT_MS),
      signer: new WharfkitPayoutSigner(chain, payoutAccountFrom(env), {
        expireSeconds: env.PAYOUT_EXPIRE_SECONDS,
      }),
      productName: env.PRODUCT_NAME,
      hooks,
    },
    logger,
    concurrency: env.WORKER_CONCURRENCY,
    batchSize: env.PAYOUT_BATCH_SIZE,
    pollIntervalMs: env.WORKER_POLL_INTERVAL_MS,
    leaseSeconds: env.WORKER_LEASE_SECONDS,
    retryBaseMs,
    retryMaxMs,
  })
}
