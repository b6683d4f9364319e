import type { ChainConnection } from '../chain/chain-connection.ts'
import type { Environment } from '../config/environment.ts'
import type { Database } from '../db/database.ts'
import { PayoutChainNode } from '../payouts/chain-node.ts'
import type { PayoutHooks } from '../payouts/pay-batch.ts'
import { ResourcePause } from '../payouts/resource-pause.ts'
import { payoutAccountFrom } from '../payouts/settings.ts'
import { WharfkitPayoutSigner } from '../payouts/signer.ts'
import {
  MAX_RETRY_DELAY_MS,
  RETRY_BASE_MS,
  RewardWorker,
  type WorkerLogger,
} from './reward-worker.ts'

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
  const node = new PayoutChainNode(chain, env.CHAIN_TIMEOUT_MS)
  const payoutAccount = payoutAccountFrom(env)
  return new RewardWorker({
    payout: {
      database,
      node,
      signer: new WharfkitPayoutSigner(chain, payoutAccount, {
        expireSeconds: env.PAYOUT_EXPIRE_SECONDS,
        timeoutMs: env.CHAIN_TIMEOUT_MS,
      }),
      productName: env.PRODUCT_NAME,
      hooks,
    },
    pause: new ResourcePause({
      database,
      readResources: () => node.resourcesOf(payoutAccount.account),
      logger,
      // Looks at the account as the worker retries the chain: soon at first, then less often.
      baseDelayMs: retryBaseMs ?? RETRY_BASE_MS,
      maxDelayMs: retryMaxMs ?? MAX_RETRY_DELAY_MS,
    }),
    logger,
    concurrency: env.WORKER_CONCURRENCY,
    batchSize: env.PAYOUT_BATCH_SIZE,
    pollIntervalMs: env.WORKER_POLL_INTERVAL_MS,
    leaseSeconds: env.WORKER_LEASE_SECONDS,
    retryBaseMs,
    retryMaxMs,
  })
}
