import type { ChainConnection } from '../chain/chain-connection.ts'
import { ConfigurationError, type Environment } from '../config/environment.ts'
import type { Database } from '../db/database.ts'
import { signingKeyOf } from '../outbound/signed-sender.ts'
import { WebhookSender } from '../partner-webhooks/webhook-sender.ts'
import { PayoutChainNode } from '../payouts/chain-node.ts'
import type { ResourcePause } from '../payouts/resource-pause.ts'
import { payoutAccountFrom } from '../payouts/settings.ts'
import type { WorkerLogger } from '../worker/reward-worker.ts'
import { AlertSender, type AlertSenderOptions } from './alert-sender.ts'
import { watchPayoutBalance } from './balance-watch.ts'
import { alertPauseChanges } from './pause-alerts.ts'

const BALANCE_CHECK_MS = 60_000

/** The alerts' share of a process that pays rewards: started beside its worker, stopped after. */
export interface RunningAlerts {
  stop(): Promise<void>
}

/**
 * Starts what feeds the alert outbox and what empties it, as the settings ask: the pause's
 * alerts (with the worker's `pause`), the balance watch (ALERT_LOW_BALANCE) and the sender
 * (ALERT_WEBHOOK_URL, which needs ALERT_WEBHOOK_SECRET). Every process that runs a worker runs
 * these too; they share the outbox through the database, so each alert is sent once.
 */
export async function startAlerts(
  env: Environment,
  dependencies: {
    database: Database
    chain: ChainConnection
    logger: WorkerLogger
    pause?: ResourcePause
    balanceCheckMs?: number
    sender?: Partial<AlertSenderOptions>
  },
): Promise<RunningAlerts> {
  const { database, chain, logger, pause } = dependencies
  if (env.ALERT_WEBHOOK_URL && !env.ALERT_WEBHOOK_SECRET) {
    throw new ConfigurationError(
      'ALERT_WEBHOOK_SECRET',
      'alerts are signed: set a secret (whsec_ and base64, or at least 16 characters) beside ALERT_WEBHOOK_URL',
      '',
    )
  }
  if (env.ALERT_WEBHOOK_SECRET) {
    try {
      signingKeyOf(env.ALERT_WEBHOOK_SECRET)
    } catch (error) {
      // Refused at start, not at the first alert, which may come in the middle of an incident.
      throw new ConfigurationError(
        'ALERT_WEBHOOK_SECRET',
        (error as Error).message,
        env.ALERT_WEBHOOK_SECRET,
      )
    }
  }
  const unsubscribe = pause ? alertPauseChanges(pause, database, logger) : undefined
  const node = new PayoutChainNode(chain, env.CHAIN_TIMEOUT_MS)
  const { account } = payoutAccountFrom(env)
  const watch = env.ALERT_LOW_BALANCE
    ? watchPayoutBalance({
        database,
        readBalance: async () => ({
          account,
          balance: await node.balanceOf(account, env.REWARD_TOKEN_CONTRACT, env.TOKEN_SYMBOL),
        }),
        threshold: env.ALERT_LOW_BALANCE,
        intervalMs: dependencies.balanceCheckMs ?? BALANCE_CHECK_MS,
        logger,
      })
    : undefined
  const sender =
    env.ALERT_WEBHOOK_URL && env.ALERT_WEBHOOK_SECRET
      ? new AlertSender({
          database,
          url: env.ALERT_WEBHOOK_URL,
          secret: env.ALERT_WEBHOOK_SECRET,
          productName: env.PRODUCT_NAME,
          logger,
          ...dependencies.sender,
        })
      : undefined
  await sender?.start()
  // Partners' per-reward webhooks share the outbox's ways: the same sender, retries and processes.
  const partnerWebhooks = new WebhookSender({
    database,
    logger,
    policy: {
      allowLoopback: env.CHAIN === 'devchain',
      allowPrivate: env.PARTNER_WEBHOOKS_PRIVATE_ADDRESSES,
    },
  })
  partnerWebhooks.start()
  return {
    async stop() {
      unsubscribe?.()
      await watch?.stop()
      await sender?.stop()
      await partnerWebhooks.stop()
    },
  }
}
