import { REJECTION_REASONS } from '@fernwood/protocol'
import { describe, expect, it } from 'vitest'
import { CLI_OPERATOR, consoleOperator } from '../src/admin/operations.ts'
import { rejectRewardsAsOperator } from '../src/fairness/review.ts'
import { eventually, rewardsOf, signInVisitor, submitCode } from './support/rewards.ts'
import { useTestApp } from './support/use-test-app.ts'
import { balanceOf, fernCampaign, testWorker } from './support/worker.ts'

const shared = useTestApp({ sharedChain: true })

/** A shared campaign whose code is `slug`, holding its claims for `delaySeconds`. */
async function campaignWithWindow(slug: string, delaySeconds: number) {
  const campaign = await fernCampaign(shared.database, slug, [slug])
  await shared.database.query('UPDATE campaigns SET payout_delay_seconds = $2 WHERE id = $1', [
    campaign.id,
    delaySeconds,
  ])
  return campaign
}

/** `account` claims `code` as a visitor does; the reward's id, and the visitor. */
async function claim(account: string, code: string) {
  const visitor = await signInVisitor(shared.app, shared.database, account)
  const response = await submitCode(shared.app, visitor, { code })
  expect(response.statusCode).toBe(201)
  const { reward } = response.json()
  expect(reward.status).toBe('pending')
  return { id: reward.id as string, visitor }
}

interface RewardRow {
  status: string
  rejection: string | null
  created_at: Date
  updated_at: Date
  next_attempt_at: Date
}

async function rewardRow(id: string): Promise<RewardRow> {
  const [row] = await shared.database.query<RewardRow>(
    'SELECT status, rejection, created_at, updated_at, next_attempt_at FROM rewards WHERE id = $1',
    [id],
  )
  return row
}

const WINDOW_SECONDS = 8

describe('a review window: claims wait before they are paid, and the operator may reject them meanwhile', () => {
  it('holds a campaign’s rewards past worker passes while another’s pay; a rejected account is not paid, the other is once the window ends', async () => {
    const { database, chain } = shared
    await campaignWithWindow('review-held', WINDOW_SECONDS)
    await campaignWithWindow('review-none', 0)
    const aliceBefore = await balanceOf(chain, 'alice.wam')
    const bobBefore = await balanceOf(chain, 'bob.wam')
    const alice = await claim('alice.wam', 'review-held')
    const bob = await claim('bob.wam', 'review-held')
    const carol = await claim('carol.wam', 'review-none')

    const worker = testWorker(database, chain)
    await worker.start()
    try {
      // The campaign without a window is taken to be paid at once, its passes going on...
      await eventually(
        () => rewardRow(carol.id),
        (row) => row.status !== 'pending',
        20_000,
      )
      // ...while the window's claims still wait, untouched (a worker taking them would have
      // made them processing).
      const held = [await rewardRow(alice.id), await rewardRow(bob.id)]
      expect(held.map((row) => row.status)).toEqual(['pending', 'pending'])
      expect(Date.now()).toBeLessThan(held[0].created_at.getTime() + WINDOW_SECONDS * 1000)

      // The operator rejects bob.wam's claims of the campaign during the window, in one action.
      const outcome = await rejectRewardsAsOperator(
        database,
        consoleOperator('ops.wam'),
        'review-held',
        { accounts: ['bob.wam'] },
      )
      expect(outcome).toEqual({ rejected: [{ id: bob.id, account: 'bob.wam' }], kept: [] })
      const audit = await database.query<{ actor: string; subject: string; details: unknown }>(
        "SELECT actor, subject, details FROM audit_log WHERE action = 'reward.rejected_by_operator'",
      )
      expect(audit).toEqual([
        { actor: 'admin:ops.wam', subject: bob.id, details: { campaign: 'review-held' } },
      ])
      // Bob's list says why, as it says any refusal.
      const { pending } = await rewardsOf(shared.app, bob.visitor)
      expect(pending.find((reward: { id: string }) => reward.id === bob.id)).toMatchObject({
        status: 'rejected',
        rejection: 'rejected_by_operator',
        reason: REJECTION_REASONS.rejected_by_operator,
      })

      // Alice's is paid once the window has passed, not before.
      const paid = await eventually(
        () => rewardRow(alice.id),
        (row) => row.status === 'completed',
        20_000,
      )
      expect(paid.updated_at.getTime()).toBeGreaterThanOrEqual(
        paid.created_at.getTime() + WINDOW_SECONDS * 1000,
      )
      expect(await balanceOf(chain, 'alice.wam')).toBeCloseTo(aliceBefore + 1, 4)
      await eventually(
        () => rewardRow(carol.id),
        (row) => row.status === 'completed',
        20_000,
      )
      expect(await rewardRow(bob.id)).toMatchObject({
        status: 'rejected',
        rejection: 'rejected_by_operator',
      })
      expect(await balanceOf(chain, 'bob.wam')).toBeCloseTo(bobBefore, 4)
    } finally {
      await worker.stop()
    }
  })

  it('a reward already being paid is kept, and the answer says so; only the campaign’s own rewards are touched', async () => {
    const { database } = shared
    const campaign = await campaignWithWindow('review-busy', 3600)
    await campaignWithWindow('review-other', 3600)
    const waiting = await claim('alice.wam', 'review-busy')
    const taken = await claim('bob.wam', 'review-busy')
    const elsewhere = await claim('carol.wam', 'review-other')
    // As a worker's lease leaves it: its share taken, about to be signed.
    await database.query(
      "UPDATE rewards SET status = 'processing', campaign_id = $2 WHERE id = $1",
      [taken.id, campaign.id],
    )

    const outcome = await rejectRewardsAsOperator(database, CLI_OPERATOR, 'review-busy', {
      rewardIds: [waiting.id, taken.id, elsewhere.id],
    })
    expect(outcome).toEqual({
      rejected: [{ id: waiting.id, account: 'alice.wam' }],
      kept: [{ id: taken.id, account: 'bob.wam', status: 'processing' }],
    })
    expect((await rewardRow(waiting.id)).status).toBe('rejected')
    expect((await rewardRow(taken.id)).status).toBe('processing')
    expect((await rewardRow(elsewhere.id)).status).toBe('pending')
    const audited = await database.query<{ subject: string }>(
      "SELECT subject FROM audit_log WHERE action = 'reward.rejected_by_operator' AND actor = 'admin'",
    )
    expect(audited.map((row) => row.subject)).toEqual([waiting.id])

    // Rejected once, it is not rejected again.
    expect(
      await rejectRewardsAsOperator(database, CLI_OPERATOR, 'review-busy', {
        rewardIds: [waiting.id],
      }),
    ).toEqual({
      rejected: [],
      kept: [{ id: waiting.id, account: 'alice.wam', status: 'rejected' }],
    })
  })

  it('refuses a campaign that does not exist', async () => {
    await expect(
      rejectRewardsAsOperator(shared.database, CLI_OPERATOR, 'no-such-campaign', {
        accounts: ['alice.wam'],
      }),
    ).rejects.toMatchObject({ code: 'ADMIN_CAMPAIGN_NOT_FOUND' })
  })

  it('a claim without a window is due at once, one with a window when it ends', async () => {
    const open = await claim('alice.wam', (await campaignWithWindow('review-zero', 0)).slug)
    const zero = await rewardRow(open.id)
    expect(zero.next_attempt_at.getTime()).toBe(zero.created_at.getTime())
    await campaignWithWindow('review-hour', 3600)
    const { id } = await claim('bob.wam', 'review-hour')
    const held = await rewardRow(id)
    expect(held.next_attempt_at.getTime()).toBe(held.created_at.getTime() + 3600_000)
  })

  it('a claim made before its campaign ended is paid after the window; one of a campaign an operator closed is not', async () => {
    const { database, chain } = shared
    const ending = await campaignWithWindow('review-ending', 3)
    const closing = await campaignWithWindow('review-closing', 3)
    const before = await balanceOf(chain, 'carol.wam')
    const kept = await claim('carol.wam', 'review-ending')
    const dropped = await claim('alice.wam', 'review-closing')
    // Both campaigns' windows end while their claims wait: one by its end, one by an operator.
    await database.query(
      "UPDATE campaigns SET ends_at = now() + interval '1 second' WHERE id = $1",
      [ending.id],
    )
    await database.query('UPDATE campaigns SET closed_at = now() WHERE id = $1', [closing.id])
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const worker = testWorker(database, chain)
    await worker.start()
    try {
      await eventually(
        () => rewardRow(kept.id),
        (row) => row.status === 'completed',
        20_000,
      )
      expect(await balanceOf(chain, 'carol.wam')).toBeCloseTo(before + 1, 4)
      expect(
        await eventually(
          () => rewardRow(dropped.id),
          (row) => row.status === 'rejected',
          20_000,
        ),
      ).toMatchObject({ rejection: 'ended' })
    } finally {
      await worker.stop()
    }
  })
})
