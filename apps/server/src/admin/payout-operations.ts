import { PayoutsResponseSchema } from '@fernwood/protocol/admin'
import { Type } from 'typebox'
import { reconcilePayouts } from '../payouts/reconcile.ts'
import { payoutAccountFrom } from '../payouts/settings.ts'
import { retryParkedReward } from '../rewards/lifecycle.ts'
import { DiscrepanciesFound } from './cli-errors.ts'
import { isoTime, whole } from './cli-flags.ts'
import * as refusals from './errors.ts'
import { defineOperation } from './operation.ts'
import {
  listRefusedPayouts,
  listStuckRewards,
  payoutsOverview,
  readPayoutBalance,
  readPayoutResources,
} from './operations.ts'

/** The operations on payouts: the account's balance and resources, stuck and refused payouts. */

// A reward processing or confirming longer than this shows as stuck, unless the CLI says.
const STUCK_MINUTES = 10

const NoInput = Type.Object({})

const readPayouts = defineOperation({
  name: 'readPayouts',
  input: NoInput,
  run: async ({ database, env, chainNode }) =>
    payoutsOverview(database, env, await chainNode(), STUCK_MINUTES),
  http: { route: 'GET /api/admin/payouts', response: PayoutsResponseSchema },
})

const readBalance = defineOperation({
  name: 'readPayoutBalance',
  input: NoInput,
  run: async ({ env, chainNode }) => readPayoutBalance(env, await chainNode()),
  cli: {
    command: 'payouts balance',
    usage: `payouts balance              the payout account's balance of the reward token`,
    print: ({ account, balance }, _, { env, print }) =>
      print(`${account}: ${balance} (${env.REWARD_TOKEN_CONTRACT})`),
  },
})

const readResources = defineOperation({
  name: 'readPayoutResources',
  input: NoInput,
  run: async ({ database, env, chainNode }) =>
    readPayoutResources(database, env, await chainNode()),
  cli: {
    command: 'payouts resources',
    usage: `payouts resources            the payout account's CPU, NET and RAM (used, available, max),
                             and whether payouts are paused for want of one of them`,
    print: ({ account, resources, pause }, _, { print }) => {
      print(account)
      if (!resources) print('  resources: the chain did not answer')
      else {
        const rows = [
          ['CPU', resources.cpu, 'µs'],
          ['NET', resources.net, 'bytes'],
          ['RAM', resources.ram, 'bytes'],
        ] as const
        for (const [name, { used, available, max }, unit] of rows) {
          print(
            max < 0
              ? `  ${name}  unlimited`
              : `  ${name}  used ${used} ${unit}, available ${available} ${unit}, max ${max} ${unit}`,
          )
        }
      }
      if (!pause) print('payouts: running')
      else {
        print(
          `payouts: PAUSED since ${pause.since.toISOString()}: out of ${pause.resource.toUpperCase()}; next check at ${pause.nextCheckAt.toISOString()}`,
        )
        print(`  the node said: ${pause.error}`)
      }
    },
  },
})

const listStuck = defineOperation({
  name: 'listStuckRewards',
  input: Type.Object({ minutes: Type.Optional(Type.Integer({ minimum: 1 })) }),
  run: async ({ database }, { minutes = STUCK_MINUTES }) => ({
    minutes,
    rewards: await listStuckRewards(database, minutes),
  }),
  cli: {
    command: 'payouts stuck',
    usage: `payouts stuck [--minutes <n>] rewards processing or confirming for longer than n minutes (default 10)`,
    flags: { minutes: whole() },
    print: ({ minutes, rewards }, _, { print }) => {
      print(
        `${rewards.length} reward(s) processing or confirming for more than ${minutes} minute(s)`,
      )
      for (const reward of rewards) {
        print(
          `${reward.rewardId}\t${reward.status}\t${reward.waxAccount}\t${reward.code}\tattempts ${reward.attempts}\t${reward.error ?? ''}`,
        )
      }
    },
  },
})

const listFailed = defineOperation({
  name: 'listFailedPayouts',
  input: NoInput,
  run: ({ database }) => listRefusedPayouts(database),
  cli: {
    command: 'payouts failed',
    usage: 'payouts failed               payouts the chain refused, with its error',
    print: (payouts, _, { print }) => {
      print(`${payouts.length} failed payout(s)`)
      for (const payout of payouts) {
        print(
          `${payout.rewardId}\t${payout.waxAccount}\t${payout.code}\ttx ${payout.transactionId}\t${payout.error ?? ''}`,
        )
      }
    },
  },
})

const retryPayout = defineOperation({
  name: 'retryPayout',
  input: Type.Object({ rewardId: Type.String({ format: 'uuid' }) }),
  errors: [refusals.AdminRewardNotWaiting],
  // The next free worker settles it by the exactly-once path: its refused transfer first, in
  // case it landed after all.
  run: async ({ database, operator }, { rewardId }) => {
    if (!(await retryParkedReward(database, rewardId, operator))) {
      throw new refusals.AdminRewardNotWaiting(rewardId)
    }
  },
  http: {
    route: 'POST /api/admin/payouts/:rewardId/retry',
    status: 204,
    response: Type.Null(),
  },
  cli: {
    command: 'payouts retry',
    usage: `payouts retry <reward id>    pay a parked reward again (after fixing the cause); its refused
                             transfer is settled first, in case it landed after all`,
    positional: { to: 'rewardId', missing: 'give the reward id to retry' },
    print: (_, { rewardId }, { print }) =>
      print(`Reward ${rewardId} will be paid again by the next free worker.`),
  },
})

const reconcile = defineOperation({
  name: 'reconcilePayouts',
  input: Type.Object({ since: Type.Optional(Type.String()) }),
  run: async ({ database, env, transferHistory }, input) => {
    const since = input.since === undefined ? null : new Date(input.since)
    const { account } = payoutAccountFrom(env)
    const startedAt = performance.now()
    const result = await reconcilePayouts(database, await transferHistory(), {
      payoutAccount: account,
      since,
    })
    return { ...result, account, since, ms: Math.round(performance.now() - startedAt) }
  },
  cli: {
    command: 'payouts reconcile',
    usage: `payouts reconcile [--since <ISO time>]
                             compare the payout account's transfers on chain with the rewards:
                             one line per discrepancy, a summary, exit code 1 on any`,
    flags: { since: isoTime() },
    print: (result, _, { print }) => {
      for (const discrepancy of result.discrepancies) print(discrepancy.message)
      const found = result.discrepancies.length
      print(
        `${found === 0 ? 'No discrepancy' : `${found} discrepanc${found === 1 ? 'y' : 'ies'}`}: ` +
          `${result.transfersChecked} transfer(s) from ${result.account} on chain and ` +
          `${result.completedRewardsChecked} completed reward(s)` +
          `${result.since ? ` since ${result.since.toISOString()}` : ''} checked in ${result.ms} ms`,
      )
      // Each discrepancy is printed: the process ends with exit code 1.
      if (found > 0) throw new DiscrepanciesFound(`${found} discrepancies`)
    },
  },
})

export const payoutOperations = [
  readPayouts,
  readBalance,
  readResources,
  listStuck,
  listFailed,
  retryPayout,
  reconcile,
]
