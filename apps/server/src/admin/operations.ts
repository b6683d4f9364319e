import type { FailedPayout, PayoutsResponse, StuckPayout } from '@fernwood/protocol/admin'
import { exceeds, reservedByOpenBudgets } from '../campaigns/budgets.ts'
import type { Environment } from '../config/environment.ts'
import type { Queryable } from '../db/database.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'
import { listFailedPayouts } from '../payouts/repository.ts'
import {
  type AccountResources,
  type PayoutPause,
  readPayoutPause,
} from '../payouts/resource-pause.ts'
import { payoutAccountFrom } from '../payouts/settings.ts'

/**
 * Who runs the operators' operations (the CLI, or a console operator), and the payouts part of
 * the console. A campaign's operations are campaigns/'s (operator-changes.ts, overview.ts).
 */

/** Who runs an operation, as the audit log names them: the CLI, or a console operator's wallet. */
export type Operator = 'admin' | `admin:${string}`

export const CLI_OPERATOR: Operator = 'admin'

export const consoleOperator = (account: string): Operator => `admin:${account}`

/** The console operator's account, null for the CLI. */
export const operatorAccountIn = (operator: Operator): string | null =>
  operator === CLI_OPERATOR ? null : operator.slice('admin:'.length)

export const iso = (time: Date | null) => (time === null ? null : new Date(time).toISOString())

/**
 * How many accepted rewards are still to be paid. The overview counts them again on every change
 * the console follows, so the count stays on the workers' queue index (`rewards_queue_idx`, whose
 * condition is these statuses) and never reads the paid ones; a code unknown when it came is
 * waiting for its refusal, not a payout.
 */
export async function countUnpaidRewards(db: Queryable): Promise<number> {
  const [row] = await db.query<{ pending: number }>(
    `SELECT count(*)::int AS pending FROM rewards
      WHERE status IN ('pending', 'processing', 'confirming') AND NOT code_unknown`,
  )
  return row?.pending ?? 0
}

/** Rewards processing or confirming for more than `minutes`, oldest first. */
export async function listStuckRewards(db: Queryable, minutes: number): Promise<StuckPayout[]> {
  const rows = await db.query<{
    id: string
    status: string
    wax_account: string
    code: string
    attempts: number
    last_error: string | null
    created_at: Date
  }>(
    `SELECT id, status, wax_account, code, attempts, last_error, created_at FROM rewards
      WHERE status IN ('processing', 'confirming') AND created_at < now() - make_interval(mins => $1)
      ORDER BY created_at`,
    [minutes],
  )
  return rows.map((row) => ({
    rewardId: row.id,
    status: row.status,
    waxAccount: row.wax_account,
    code: row.code,
    attempts: row.attempts,
    error: row.last_error,
    since: new Date(row.created_at).toISOString(),
  }))
}

/** Payouts the chain refused, newest first: their rewards wait for a retry. */
export async function listRefusedPayouts(db: Queryable): Promise<FailedPayout[]> {
  const rows = await listFailedPayouts(db)
  return rows.map((row) => ({
    rewardId: row.reward_id,
    waxAccount: row.wax_account,
    code: row.code,
    transactionId: row.transaction_id,
    error: row.last_error,
    at: new Date(row.updated_at).toISOString(),
  }))
}

/** The payout account and its balance of the reward token, as the chain says it now. */
export async function readPayoutBalance(
  env: Environment,
  node: PayoutChainNode,
): Promise<{ account: string; balance: string }> {
  const { account } = payoutAccountFrom(env)
  const balance = await node.balanceOf(account, env.REWARD_TOKEN_CONTRACT, env.TOKEN_SYMBOL)
  return { account, balance }
}

/**
 * The payout account's CPU, NET and RAM as the chain says now (null when it does not answer in
 * time), and the pause, if payouts are paused for want of one of them.
 */
export async function readPayoutResources(
  db: Queryable,
  env: Environment,
  node: PayoutChainNode,
): Promise<{ account: string; resources: AccountResources | null; pause: PayoutPause | null }> {
  const { account } = payoutAccountFrom(env)
  const [resources, pause] = await Promise.all([
    node.resourcesOf(account).catch(() => null),
    readPayoutPause(db),
  ])
  return { account, resources, pause: pause ?? null }
}

/**
 * The payouts part of the console: the balance (null when the chain does not answer in time:
 * the lists still show), refused payouts and rewards stuck for more than `stuckMinutes`.
 */
export async function payoutsOverview(
  db: Queryable,
  env: Environment,
  node: PayoutChainNode,
  stuckMinutes: number,
): Promise<PayoutsResponse> {
  const [balance, failed, stuck, pending, { reserved }, { resources, pause }] = await Promise.all([
    readPayoutBalance(env, node).then(
      ({ balance }) => balance,
      () => null,
    ),
    listRefusedPayouts(db),
    listStuckRewards(db, stuckMinutes),
    countUnpaidRewards(db),
    reservedByOpenBudgets(db, env.REWARD_TOKEN_CONTRACT, env.TOKEN_SYMBOL),
    readPayoutResources(db, env, node),
  ])
  return {
    account: payoutAccountFrom(env).account,
    balance,
    failed,
    stuck,
    stuckMinutes,
    pending,
    reserved,
    budgetsExceedBalance: balance !== null && exceeds(reserved, balance),
    resources,
    pause: pause && {
      ...pause,
      since: pause.since.toISOString(),
      nextCheckAt: pause.nextCheckAt.toISOString(),
    },
  }
}
