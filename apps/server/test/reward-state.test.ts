import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Queryable } from '../src/db/database.ts'
import {
  REWARD_MOVES,
  REWARD_STATUSES,
  type RewardMove,
  type RewardStatus,
  rewardState,
  statusAfter,
} from '../src/rewards/reward-state.ts'
import { createTestDatabase, type TestDatabase, testDriver } from './support/test-database.ts'

const sources = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src')
const ACCOUNT = 'state.wam'
const MOVES = Object.keys(REWARD_MOVES) as RewardMove[]

let testDatabase: TestDatabase
let campaignId: number

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  ;[{ id: campaignId }] = await testDatabase.database.query<{ id: number }>(
    `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract)
     VALUES ('state', 'State', 'shared', '1.0000 FERN', 'fern.token') RETURNING id`,
  )
})
afterAll(() => testDatabase?.drop())

/** Each move made on reward `id` of ACCOUNT, as its callers make it. */
const make: Record<RewardMove, (tx: Queryable, id: string) => Promise<unknown>> = {
  refuse: (tx, id) =>
    rewardState.refuse(tx, [{ id, rejection: 'ended', reason: 'This campaign has ended.' }]),
  lease: (tx, id) => rewardState.lease(tx, [{ id, campaignId }], 30),
  rejectUnpayable: (tx, id) =>
    rewardState.rejectUnpayable(tx, [{ id, attempts: 0 }], 'nft_supply_exhausted', 'All minted.'),
  retryLater: (tx, id) => rewardState.retryLater(tx, [id], 'the node timed out', 1_000),
  park: (tx, id) => rewardState.park(tx, id, 'overdrawn balance'),
  retryNow: (tx, id) => rewardState.retryNow(tx, id),
  execute: (tx, id) => rewardState.execute(tx, [id], 1_000),
  recheck: (tx, id) => rewardState.recheck(tx, [id], 1_000),
  complete: (tx, id) => rewardState.complete(tx, [id]),
  lose: (tx, id) => rewardState.lose(tx, [id], [id]),
  dismiss: (tx, id) => rewardState.dismiss(tx, id, ACCOUNT),
  delay: (tx) => rewardState.delay(tx),
  undelay: (tx) => rewardState.undelay(tx),
}

class RolledBack extends Error {}

/** What `work` finds in a transaction that is then rolled back, leaving the table as it was. */
async function rolledBack<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
  let found: { value: T } | undefined
  await testDatabase.database
    .transaction(async (tx) => {
      found = { value: await work(tx) }
      throw new RolledBack()
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error
    })
  if (!found) throw new Error('the transaction ended before its work did')
  return found.value
}

/**
 * Makes `move` on a reward alone in the table, in `from` (delayed only for `undelay`, which
 * looks for those), and rolls it all back: whether the row was written, and its status after.
 */
async function attempt(move: RewardMove, from: RewardStatus) {
  return rolledBack(async (tx) => {
    await tx.query('DELETE FROM rewards')
    const [before] = await tx.query<{ id: string; ctid: string }>(
      `INSERT INTO rewards (code, wax_account, status, rejection, delayed, campaign_id)
       VALUES ('state-code', $1, $2, CASE WHEN $2 = 'rejected' THEN 'ended' END, $3,
               CASE WHEN $2 <> 'pending' THEN $4::integer END)
       RETURNING id, ctid::text`,
      [ACCOUNT, from, move === 'undelay', campaignId],
    )
    await make[move](tx, before.id)
    const [after] = await tx.query<{ ctid: string; status: RewardStatus }>(
      'SELECT ctid::text, status FROM rewards WHERE id = $1',
      [before.id],
    )
    return { written: after.ctid !== before.ctid, status: after.status }
  })
}

describe('the moves of a reward’s state, written once in REWARD_MOVES', () => {
  it('change the status only along the lifecycle: claimed, paid or refused, a lost transfer replaced, never back to pending nor out of completed', () => {
    const changes = MOVES.flatMap((move) =>
      REWARD_STATUSES.flatMap((from) => {
        const to = statusAfter(move, from)
        return to && to !== from ? [`${from} → ${to} (${move})`] : []
      }),
    ).sort()
    expect(changes).toEqual(
      [
        'pending → processing (lease)',
        'pending → rejected (refuse)',
        'processing → confirming (execute)',
        'processing → completed (complete)',
        'processing → rejected (rejectUnpayable)',
        'confirming → completed (complete)',
        'confirming → processing (lose)',
      ].sort(),
    )
  })

  it('every status change of a reward in the server’s code is a move of reward-state.ts; submit_reward inserts the first', async () => {
    const files = (await readdir(sources, { recursive: true }))
      .filter((file) => /\.(ts|sql)$/.test(file) && !file.endsWith('.test.ts'))
      .filter((file) => !file.startsWith(`db${path.sep}migrations`))
    const writers: string[] = []
    for (const file of files) {
      const text = await readFile(path.join(sources, file), 'utf8')
      if (/UPDATE\s+rewards\b/i.test(text)) writers.push(`updates: ${file}`)
      if (/INSERT\s+INTO\s+rewards\b/i.test(text)) writers.push(`inserts: ${file}`)
    }
    expect(writers.sort()).toEqual([
      `inserts: ${path.join('db', 'functions', '06_submit_reward.sql')}`,
      `updates: ${path.join('rewards', 'reward-state.ts')}`,
    ])
  })
})

describe(`each move in the database (${testDriver})`, () => {
  for (const move of MOVES) {
    it(`${move}: accepted from ${REWARD_STATUSES.filter((from) => statusAfter(move, from)).join(', ')}, to the table's status; refused, the reward untouched, from any other`, async () => {
      for (const from of REWARD_STATUSES) {
        const to = statusAfter(move, from)
        expect(await attempt(move, from), `${move} from ${from}`).toEqual(
          to ? { written: true, status: to } : { written: false, status: from },
        )
      }
    })
  }
})

describe(`rejectUnpayable beside the reward's lease and payouts (${testDriver})`, () => {
  /**
   * A processing reward leased `leasedAttempts` times, with a payout in `state` (none for null),
   * rejected as unpayable by a worker that leased it for the `fenceAttempts`th time.
   */
  async function rejectAs({
    state = null,
    leasedAttempts = 1,
    fenceAttempts = 1,
  }: {
    state?: string | null
    leasedAttempts?: number
    fenceAttempts?: number
  } = {}): Promise<RewardStatus> {
    return rolledBack(async (tx) => {
      await tx.query('DELETE FROM rewards')
      const [reward] = await tx.query<{ id: string }>(
        `INSERT INTO rewards (code, wax_account, status, campaign_id, attempts)
         VALUES ('state-code', $1, 'processing', $2, $3) RETURNING id`,
        [ACCOUNT, campaignId, leasedAttempts],
      )
      if (state) {
        const transactionId = 'ab'.repeat(32)
        await tx.query(
          `INSERT INTO payout_transactions (transaction_id, signed_transaction, expires_at, transfers)
           VALUES ($1, '{}', now(), 1)`,
          [transactionId],
        )
        await tx.query(
          `INSERT INTO payouts (reward_id, transaction_id, state, attempts)
           VALUES ($1, $2, $3, 1)`,
          [reward.id, transactionId, state],
        )
      }
      const rejected = await rewardState.rejectUnpayable(
        tx,
        [{ id: reward.id, attempts: fenceAttempts }],
        'nft_supply_exhausted',
        'All minted.',
      )
      const [after] = await tx.query<{ status: RewardStatus }>(
        'SELECT status FROM rewards WHERE id = $1',
        [reward.id],
      )
      expect(rejected).toEqual(after.status === 'rejected' ? [reward.id] : [])
      return after.status
    })
  }

  it('rejects a reward with no transaction that may still land, and leaves one with such a transaction (a worker whose lease ran out, overtaken) as it is', async () => {
    expect(await rejectAs()).toBe('rejected')
    expect(await rejectAs({ state: 'expired' })).toBe('rejected')
    for (const state of ['signed', 'broadcast', 'failed', 'confirmed']) {
      expect(await rejectAs({ state }), state).toBe('processing')
    }
  })

  it('leaves a reward another worker has leased since, even before that worker stores a transaction', async () => {
    expect(await rejectAs({ leasedAttempts: 2, fenceAttempts: 1 })).toBe('processing')
    expect(await rejectAs({ leasedAttempts: 2, fenceAttempts: 2 })).toBe('rejected')
  })
})
