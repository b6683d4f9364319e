import { describe, expect, it } from 'vitest'
import { readEnvironment } from '../src/config/environment.ts'
import { PayoutChainNode } from '../src/payouts/chain-node.ts'
import { recordSigned } from '../src/payouts/ledger.ts'
import { payoutAccountFrom } from '../src/payouts/settings.ts'
import { WharfkitPayoutSigner } from '../src/payouts/signer.ts'
import { eventually, randomAccount } from './support/rewards.ts'
import { useWorkerTest } from './support/use-worker-test.ts'
import {
  balanceOf,
  fernCampaign,
  nodeWithout,
  recordingLogger,
  switchableChain,
} from './support/worker.ts'

const shared = useWorkerTest()

const { startWorker } = shared

/** A pending reward, as `POST /api/codes` records it. */
async function submitted(code: string, waxAccount: string) {
  const [{ id }] = await shared.database.query<{ id: string }>(
    'INSERT INTO rewards (code, wax_account) VALUES ($1, $2) RETURNING id',
    [code, waxAccount],
  )
  return id
}

interface RewardRow {
  status: string
  reason: string | null
  rejection: string | null
  last_error: string | null
}

const rewardRow = async (id: string) => {
  const [row] = await shared.database.query<RewardRow>(
    'SELECT status, reason, rejection, last_error FROM rewards WHERE id = $1',
    [id],
  )
  return row
}

const settled = (id: string, timeoutMs?: number) =>
  eventually(
    () => rewardRow(id),
    (row) => row.status === 'completed' || row.status === 'rejected',
    timeoutMs,
  )

describe('the reward worker', () => {
  it('pays the welcome code: pending → completed, with a transaction the chain confirms', async () => {
    const account = 'alice.wam'
    const before = await balanceOf(shared.chain, account)
    const id = await submitted('fernwoodwelcome', account)
    await startWorker()

    expect(await settled(id, 20_000)).toMatchObject({ status: 'completed', reason: null })
    const [history] = await shared.database.query<{
      amount: string
      token: string
      transaction_id: string
      code: string
    }>('SELECT amount, token, transaction_id, code FROM reward_history WHERE reward_id = $1', [id])
    expect(history).toMatchObject({ amount: '10.0000', token: 'FERN', code: 'fernwoodwelcome' })
    const completed = await shared.database.query(
      'SELECT 1 FROM completed_rewards WHERE reward_id = $1 AND wax_account = $2',
      [id, account],
    )
    expect(completed).toHaveLength(1)

    expect(await balanceOf(shared.chain, account)).toBeCloseTo(before + 10, 4)
    const onChain = (await shared.chain.client.call({
      path: '/v1/history/get_transaction',
      params: { id: history.transaction_id },
    })) as {
      block_num: number
      trx: { trx: { actions: Array<{ name: string; data: Record<string, string> }> } }
    }
    const [payout] = await shared.database.query<{ block_num: number }>(
      "SELECT block_num FROM payouts WHERE reward_id = $1 AND state = 'confirmed'",
      [id],
    )
    expect(payout.block_num).toBe(onChain.block_num)
    expect(onChain.trx.trx.actions[0]).toMatchObject({
      name: 'transfer',
      data: {
        from: 'fernwoodpays',
        to: account,
        quantity: '10.0000 FERN',
        memo: `Fernwood reward ${id}`,
      },
    })
  })

  it('a new submission wakes an idle worker, long before its next poll', async () => {
    await fernCampaign(shared.database, 'wake-up', ['wake-first', 'wake-second'])
    // A first reward gets the worker going; once it is paid, nothing is due and it sleeps.
    const first = await submitted('wake-first', 'carol.wam')
    await startWorker({ env: { WORKER_POLL_INTERVAL_MS: '600000' } })
    expect((await settled(first)).status).toBe('completed')
    await new Promise((resolve) => setTimeout(resolve, 300))

    const second = await submitted('wake-second', 'carol.wam')
    expect((await settled(second)).status).toBe('completed')
  })

  it('rejects an unknown code with a reason the UI can show, paying nothing', async () => {
    const id = await submitted('no-such-code', 'bob.wam')
    await startWorker()
    expect(await settled(id)).toMatchObject({
      status: 'rejected',
      rejection: 'unknown_code',
      reason: 'This code does not exist.',
    })
    const payouts = await shared.database.query('SELECT 1 FROM payouts WHERE reward_id = $1', [id])
    expect(payouts).toHaveLength(0)
  })

  it('rejects codes of campaigns not started, ended, closed or fully claimed', async () => {
    const db = shared.database
    await fernCampaign(db, 'soon', ['code-soon'], { startsAt: new Date(Date.now() + 3_600_000) })
    await fernCampaign(db, 'over', ['code-over'], {
      startsAt: new Date(Date.now() - 7_200_000),
      endsAt: new Date(Date.now() - 3_600_000),
    })
    const closed = await fernCampaign(db, 'closed', ['code-closed'])
    await db.query('UPDATE campaigns SET closed_at = now() WHERE id = $1', [closed.id])
    await fernCampaign(db, 'capped', ['code-capped'], { totalCap: 1 })

    const notStarted = await submitted('code-soon', 'carol.wam')
    const ended = await submitted('code-over', 'carol.wam')
    const closedCode = await submitted('code-closed', 'carol.wam')
    const firstCapped = await submitted('code-capped', 'alice.wam')
    const secondCapped = await submitted('code-capped', 'bob.wam')
    await startWorker()

    expect(await settled(notStarted)).toMatchObject({
      rejection: 'not_started',
      reason: 'This campaign has not started yet.',
    })
    expect(await settled(ended)).toMatchObject({
      rejection: 'ended',
      reason: 'This campaign has ended.',
    })
    expect(await settled(closedCode)).toMatchObject({ rejection: 'ended' })
    const capResults = [await settled(firstCapped), await settled(secondCapped)]
    expect(capResults.map((row) => row.status).sort()).toEqual(['completed', 'rejected'])
    expect(capResults.find((row) => row.status === 'rejected')).toMatchObject({
      rejection: 'fully_claimed',
      reason: 'This reward has been fully claimed.',
    })
  })

  it('a unique code pays once in total, whichever wallet submits it first', async () => {
    await fernCampaign(shared.database, 'printed', ['card-0001'], {
      name: 'Printed cards',
      kind: 'unique',
      rewardQuantity: '2.5000 FERN',
    })
    const ids = [
      await submitted('card-0001', 'alice.wam'),
      await submitted('card-0001', 'bob.wam'),
      await submitted('card-0001', 'carol.wam'),
    ]
    await startWorker({ env: { WORKER_CONCURRENCY: '3' } })
    const rows = await Promise.all(ids.map((id) => settled(id)))
    expect(rows.filter((row) => row.status === 'completed')).toHaveLength(1)
    expect(rows.filter((row) => row.rejection === 'fully_claimed')).toHaveLength(2)
  })

  it('a chain node that is down leaves a batch of rewards processing; they complete when the node returns', async () => {
    const flaky = switchableChain(shared.chain)
    flaky.setDown(true)
    const accounts = ['alice.wam', 'bob.wam', 'carol.wam']
    const before = await Promise.all(accounts.map((account) => balanceOf(shared.chain, account)))
    const code = await freshSharedCode()
    const ids: string[] = []
    for (const account of accounts) ids.push(await submitted(code, account))
    await startWorker({}, flaky.connection)

    for (const id of ids) {
      const stuck = await eventually(
        () => rewardRow(id),
        (row) => row.last_error !== null,
      )
      expect(stuck).toMatchObject({ status: 'processing' })
      expect(stuck.last_error).toMatch(/ECONNREFUSED|fetch failed/)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    for (const id of ids) expect((await rewardRow(id)).status).toBe('processing')

    flaky.setDown(false)
    for (const id of ids) expect(await settled(id)).toMatchObject({ status: 'completed' })
    const paidBy = await shared.database.query<{ transaction_id: string }>(
      'SELECT DISTINCT transaction_id FROM reward_history WHERE reward_id = ANY($1::uuid[])',
      [ids],
    )
    expect(paidBy).toHaveLength(1)
    const after = await Promise.all(accounts.map((account) => balanceOf(shared.chain, account)))
    after.forEach((balance, index) => {
      expect(balance).toBeCloseTo(before[index] + 1, 4)
    })
  })

  it('rewards due together are paid by one transaction, a transfer each, up to PAYOUT_BATCH_SIZE', async () => {
    const accounts = ['alice.wam', 'bob.wam', 'carol.wam', 'alice.wam', 'bob.wam']
    const before = await Promise.all(accounts.map((account) => balanceOf(shared.chain, account)))
    const ids: string[] = []
    for (const account of accounts) ids.push(await submitted(await freshSharedCode(), account))
    await startWorker({ env: { PAYOUT_BATCH_SIZE: '3', WORKER_CONCURRENCY: '1' } })
    for (const id of ids) expect(await settled(id)).toMatchObject({ status: 'completed' })

    const transactions = await shared.database.query<{ transfers: number; paid: number }>(
      `SELECT t.transfers, count(h.id)::int AS paid
         FROM payout_transactions t JOIN reward_history h USING (transaction_id)
        WHERE h.reward_id = ANY($1::uuid[]) GROUP BY t.transaction_id ORDER BY t.transfers`,
      [ids],
    )
    expect(transactions).toEqual([
      { transfers: 2, paid: 2 },
      { transfers: 3, paid: 3 },
    ])
    const [{ transaction_id: transactionId }] = await shared.database.query<{
      transaction_id: string
    }>('SELECT transaction_id FROM reward_history WHERE reward_id = $1', [ids[0]])
    const onChain = (await shared.chain.client.call({
      path: '/v1/history/get_transaction',
      params: { id: transactionId },
    })) as { trx: { trx: { actions: Array<{ data: { memo: string } }> } } }
    expect(onChain.trx.trx.actions.length).toBeGreaterThan(1)
    expect(onChain.trx.trx.actions.map((action) => action.data.memo)).toContain(
      `Fernwood reward ${ids[0]}`,
    )
    const after = await Promise.all(accounts.map((account) => balanceOf(shared.chain, account)))
    // alice and bob were paid twice, once per reward: compare each with its own first reading.
    expect(after[2]).toBeCloseTo(before[2] + 1, 4)
    expect(after[0]).toBeCloseTo(before[0] + 2, 4)
    expect(after[1]).toBeCloseTo(before[1] + 2, 4)
  })

  it('a payout account without the funds fails loudly and pays nothing', async () => {
    const db = shared.database
    await fernCampaign(db, 'too-generous', ['jackpot'], {
      name: 'More than we have',
      rewardQuantity: '5000000.0000 FERN',
    })
    const before = await balanceOf(shared.chain, 'bob.wam')
    const payerBefore = await balanceOf(shared.chain, 'fernwoodpays')
    const id = await submitted('jackpot', 'bob.wam')
    const { logger, entries } = recordingLogger()
    await startWorker({ logger })

    const parked = await eventually(
      () => rewardRow(id),
      (row) => row.last_error !== null,
    )
    expect(parked.status).toBe('processing')
    expect(parked.last_error).toContain('overdrawn balance')
    const [payout] = await db.query<{ state: string; last_error: string }>(
      'SELECT state, last_error FROM payouts WHERE reward_id = $1',
      [id],
    )
    expect(payout.state).toBe('failed')
    expect(entries.filter((entry) => entry.level === 'error')).toHaveLength(1)
    expect(await balanceOf(shared.chain, 'bob.wam')).toBe(before)
    expect(await balanceOf(shared.chain, 'fernwoodpays')).toBe(payerBefore)
    // Parked: no worker picks it up again until an operator retries it.
    const [row] = await db.query<{ parked: boolean }>(
      "SELECT next_attempt_at = 'infinity' AS parked FROM rewards WHERE id = $1",
      [id],
    )
    expect(row.parked).toBe(true)
  })
})

describe('reconciling a payout left behind', () => {
  const env = readEnvironment({})
  const node = () => new PayoutChainNode(shared.chain, 2000)

  /** A reward claimed and accepted, whose worker signed (and maybe sent) a transfer, then died. */
  async function abandonedPayout(account: string, send: boolean) {
    const [welcome] = await shared.database.query<{ id: number }>(
      "SELECT id FROM campaigns WHERE slug = 'welcome'",
    )
    const [{ id }] = await shared.database.query<{ id: string }>(
      `INSERT INTO rewards (code, wax_account, status, campaign_id)
       VALUES ($1, $2, 'processing', $3) RETURNING id`,
      [randomAccount('left.'), account, welcome.id],
    )
    // A two-second transfer, so that it expires within the test.
    const signer = new WharfkitPayoutSigner(shared.chain, payoutAccountFrom(env), {
      expireSeconds: 2,
      timeoutMs: 2000,
    })
    const signed = await signer.sign([
      {
        tokenContract: 'fern.token',
        to: account,
        quantity: '10.0000 FERN',
        memo: `Fernwood reward ${id}`,
      },
    ])
    const payout = await recordSigned(shared.database, [id], signed)
    if (send) expect(await node().send(payout.packed)).toMatchObject({ landed: true })
    // Past its expiry and the chain's irreversible block: it can no longer land.
    await eventually(
      () =>
        shared.chain.client.call<{ last_irreversible_block_time: string }>({
          path: '/v1/chain/get_info',
        }),
      (info) => Date.parse(`${info.last_irreversible_block_time}Z`) > signed.expiresAt.getTime(),
    )
    return { id, transactionId: signed.transactionId }
  }

  /**
   * A 10 FERN transfer sent but not recorded, now expired, is settled by the worker `start` starts:
   * found by its id and recorded, not paid again.
   */
  async function expectAbandonedTransferRecorded(start: () => Promise<unknown>) {
    const account = randomAccountOnChain()
    const before = await balanceOf(shared.chain, account)
    const { id, transactionId } = await abandonedPayout(account, true)
    await start()
    expect(await settled(id)).toMatchObject({ status: 'completed' })
    const [history] = await shared.database.query<{ transaction_id: string }>(
      'SELECT transaction_id FROM reward_history WHERE reward_id = $1',
      [id],
    )
    expect(history.transaction_id).toBe(transactionId)
    expect(await balanceOf(shared.chain, account)).toBeCloseTo(before + 10, 4)
  }

  it('a transfer signed but never sent, now expired, is replaced by a new one and paid once', async () => {
    const account = randomAccountOnChain()
    const before = await balanceOf(shared.chain, account)
    const { id, transactionId } = await abandonedPayout(account, false)
    await startWorker()
    expect(await settled(id)).toMatchObject({ status: 'completed' })
    const payouts = await shared.database.query<{ transaction_id: string; state: string }>(
      'SELECT transaction_id, state FROM payouts WHERE reward_id = $1 ORDER BY created_at',
      [id],
    )
    expect(payouts.map((payout) => payout.state)).toEqual(['expired', 'confirmed'])
    expect(payouts[0].transaction_id).toBe(transactionId)
    expect(await balanceOf(shared.chain, account)).toBeCloseTo(before + 10, 4)
  })

  it('a transfer sent but not recorded, now expired, is found by id and recorded, not paid again', async () => {
    await expectAbandonedTransferRecorded(() => startWorker())
  })
  it('on a node without any history API, a transfer sent but not recorded is found in its block, not paid again', async () => {
    await expectAbandonedTransferRecorded(async () => {
      const node = nodeWithout(shared.chain, /^\/v1\/history\/|^\/v2\/|get_transaction_status$/)
      await startWorker({}, node.connection)
    })
  })
})

let sharedCodes = 0
/** A shared code of a new campaign, so a test can pay it to any seeded account. */
async function freshSharedCode() {
  const slug = `shared-${++sharedCodes}`
  await fernCampaign(shared.database, slug, [slug])
  return slug
}

/** One of the seeded user accounts; transfers need an account that exists on the chain. */
function randomAccountOnChain() {
  return ['alice.wam', 'bob.wam', 'carol.wam'][Math.floor(Math.random() * 3)]
}
