import { createDevchain, type Devchain } from '@fernwood/devchain'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { embedDevchain } from '../src/chain/open-chain.ts'
import type { PayoutHooks } from '../src/payouts/pay-batch.ts'
import type { Payout } from '../src/payouts/repository.ts'
import { readPendingPage } from '../src/rewards/reward-lists.ts'
import { eventually } from './support/rewards.ts'
import { useWorkerTest } from './support/use-worker-test.ts'
import { balanceOf, fernCampaign, nodeWithout, recordingLogger } from './support/worker.ts'

// 50 ms blocks with a lag of 12: a transfer stays reversible for about 600 ms, long enough to be
// seen confirming; the chain's clock runs ten times fast, so a 10 s expiry passes in about 1 s.
const IRREVERSIBLE_LAG = 12

let devchain: Devchain
const shared = useWorkerTest(async () => {
  devchain = await createDevchain({ blockIntervalMs: 50, irreversibleLag: IRREVERSIBLE_LAG })
  const embedded = await embedDevchain(devchain)
  return { ...embedded.connection, close: embedded.close }
})

let logged = recordingLogger()
let logger = logged.logger
beforeEach(() => {
  logged = recordingLogger()
  logger = logged.logger
})

let codes = 0
/** A pending reward of a fresh campaign (1 FERN unless `quantity` says) for `account`. */
async function submitted(account: string, quantity = '1.0000 FERN') {
  const code = `finality-${++codes}`
  await fernCampaign(shared.database, code, [code], { rewardQuantity: quantity })
  const [{ id }] = await shared.database.query<{ id: string }>(
    'INSERT INTO rewards (code, wax_account) VALUES ($1, $2) RETURNING id',
    [code, account],
  )
  return id
}

const rewardStatus = async (id: string) => {
  const [row] = await shared.database.query<{ status: string }>(
    'SELECT status FROM rewards WHERE id = $1',
    [id],
  )
  return row.status
}

const payoutsOf = (id: string) =>
  shared.database.query<{ transaction_id: string; state: string; block_num: number | null }>(
    'SELECT transaction_id, state, block_num FROM payouts WHERE reward_id = $1 ORDER BY created_at',
    [id],
  )

async function startWorker(
  connection: ChainConnection,
  hooks?: PayoutHooks,
  env: Record<string, string> = {},
) {
  await shared.startWorker(
    { env: { PAYOUT_EXPIRE_SECONDS: '10', ...env }, hooks, logger },
    connection,
  )
}

describe('payout finality', () => {
  it('a paid reward is confirming, with its transaction, until its block is irreversible; then completed', async () => {
    const id = await submitted('alice.wam')
    const before = await balanceOf(shared.chain, 'alice.wam')
    await startWorker(shared.chain)

    await eventually(
      () => rewardStatus(id),
      (status) => status === 'confirming',
    )
    const [shown] = (await readPendingPage(shared.database, 'alice.wam')).pending
    const [payout] = await payoutsOf(id)
    expect(shown).toMatchObject({ id, status: 'confirming', transactionId: payout.transaction_id })
    // Not yet in the history, although the chain has executed the transfer.
    const early = await shared.database.query('SELECT 1 FROM reward_history WHERE reward_id = $1', [
      id,
    ])
    expect(early).toHaveLength(0)
    expect(await balanceOf(shared.chain, 'alice.wam')).toBeCloseTo(before + 1, 4)

    await eventually(
      () => rewardStatus(id),
      (status) => status === 'completed',
      20_000,
    )
    const [confirmed] = await payoutsOf(id)
    const info = await shared.chain.client.v1.chain.get_info()
    expect(confirmed.state).toBe('confirmed')
    expect(Number(info.last_irreversible_block_num)).toBeGreaterThanOrEqual(
      confirmed.block_num ?? Number.POSITIVE_INFINITY,
    )
    const [history] = await shared.database.query<{ transaction_id: string }>(
      'SELECT transaction_id FROM reward_history WHERE reward_id = $1',
      [id],
    )
    expect(history.transaction_id).toBe(payout.transaction_id)
    expect((await readPendingPage(shared.database, 'alice.wam')).pending).toEqual([])
  })

  const throughNodes: [string, () => ChainConnection][] = [
    ['a node with get_transaction_status', () => shared.chain],
    [
      'a node with neither a history API nor get_transaction_status',
      () =>
        nodeWithout(shared.chain, /^\/v1\/history\/|^\/v2\/|get_transaction_status$/).connection,
    ],
  ]
  it.each(throughNodes)(
    'a transfer lost before finality, every time it is sent, is replaced once its expiry is irreversible, and paid once (%s)',
    async (_name, connection) => {
      const account = 'bob.wam'
      const before = await balanceOf(shared.chain, account)
      const id = await submitted(account)
      let lost: string | undefined
      await startWorker(connection(), {
        // A fork loses the first transfer whenever it lands; its replacement is left alone.
        afterBroadcast: (_rewards, payout: Payout) => {
          lost ??= payout.transactionId
          if (payout.transactionId === lost) devchain.dropTransaction(payout.transactionId)
        },
      })

      await eventually(
        () => rewardStatus(id),
        (status) => status === 'completed',
        30_000,
      )
      const payouts = await payoutsOf(id)
      expect(payouts.map((payout) => payout.state)).toEqual(['expired', 'confirmed'])
      expect(payouts[0].transaction_id).toBe(lost)
      const [history] = await shared.database.query<{ transaction_id: string }>(
        'SELECT transaction_id FROM reward_history WHERE reward_id = $1',
        [id],
      )
      expect(history.transaction_id).toBe(payouts[1].transaction_id)
      expect(await balanceOf(shared.chain, account)).toBeCloseTo(before + 1, 4)
    },
  )

  it('without any history API a payout completes, found in the blocks themselves', async () => {
    const node = nodeWithout(shared.chain, /^\/v1\/history\/|^\/v2\/|get_transaction_status$/)
    const before = await balanceOf(shared.chain, 'carol.wam')
    const id = await submitted('carol.wam')
    await startWorker(node.connection)
    await eventually(
      () => rewardStatus(id),
      (status) => status === 'completed',
      20_000,
    )
    expect(await balanceOf(shared.chain, 'carol.wam')).toBeCloseTo(before + 1, 4)
    expect(node.requests.get('/v1/chain/get_block')).toBeGreaterThan(0)
    expect(node.requests.get('/v1/history/get_transaction')).toBeUndefined()
  })

  const badTransfers: [string, string, string, RegExp][] = [
    [
      'to an account that does not exist',
      'nosuchwallet',
      '1.0000 FERN',
      /to account does not exist/,
    ],
    [
      'of more than the payout account holds',
      'carol.wam',
      '5000000.0000 FERN',
      /overdrawn balance/,
    ],
  ]
  it.each(badTransfers)(
    'a batch refused for one transfer %s: the others are paid once, alone, and only the bad one is parked',
    async (_name, badAccount, badQuantity, error) => {
      const good = ['alice.wam', 'bob.wam', 'carol.wam']
      const before = await Promise.all(good.map((account) => balanceOf(shared.chain, account)))
      const goodIds: string[] = []
      for (const account of good) goodIds.push(await submitted(account))
      const badId = await submitted(badAccount, badQuantity)
      await startWorker(shared.chain, undefined, { PAYOUT_BATCH_SIZE: '10' })

      await eventually(
        () =>
          shared.database.query<{ status: string; parked: boolean }>(
            `SELECT status, next_attempt_at = 'infinity' AS parked FROM rewards
              WHERE id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], id)`,
            [[...goodIds, badId]],
          ),
        (rows) => rows.slice(0, 3).every((row) => row.status === 'completed') && rows[3].parked,
        30_000,
      )
      const after = await Promise.all(good.map((account) => balanceOf(shared.chain, account)))
      after.forEach((balance, index) => {
        expect(balance).toBeCloseTo(before[index] + 1, 4)
      })
      // The refused batch carried all four; each good reward was then paid by a transaction
      // of its own, and the bad one's lone transfer was refused too.
      const [batch] = await payoutsOf(goodIds[0])
      expect(batch.state).toBe('expired')
      for (const id of [...goodIds, badId]) {
        const payouts = await payoutsOf(id)
        expect(payouts[0].transaction_id).toBe(batch.transaction_id)
        expect(payouts.map((payout) => payout.state)).toEqual(
          id === badId ? ['expired', 'failed'] : ['expired', 'confirmed'],
        )
      }
      const confirmed = await shared.database.query<{ transfers: number }>(
        `SELECT t.transfers FROM payouts p JOIN payout_transactions t USING (transaction_id)
          WHERE p.reward_id = ANY($1::uuid[]) AND p.state = 'confirmed'`,
        [goodIds],
      )
      expect(confirmed).toEqual([{ transfers: 1 }, { transfers: 1 }, { transfers: 1 }])
      const [bad] = await shared.database.query<{ status: string; last_error: string }>(
        'SELECT status, last_error FROM rewards WHERE id = $1',
        [badId],
      )
      expect(bad.status).toBe('processing')
      expect(bad.last_error).toMatch(error)
      // Only the bad transfer waits for an operator, loudly.
      const errors = logged.entries.filter((entry) => entry.level === 'error')
      expect(errors.map((entry) => entry.details)).toEqual([
        expect.objectContaining({ rewardIds: [badId] }),
      ])
    },
  )
})
