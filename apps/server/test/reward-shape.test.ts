import { randomUUID } from 'node:crypto'
import { type PendingReward, PendingRewardSchema } from '@fernwood/protocol'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { CHANGES_CHANNEL, type EventNotice, parseChange } from '../src/events/channel.ts'
import { findPendingRewards, readPendingPage } from '../src/rewards/reward-lists.ts'
import { eventually, randomAccount, signInVisitor, submitCode } from './support/rewards.ts'
import { testDriver } from './support/test-database.ts'
import { useTestApp } from './support/use-test-app.ts'

const shared = useTestApp()

/** Every notification about any of `subjects` that carries an event, as the live feed parses it. */
async function noticesOf(...subjects: string[]) {
  const notices: EventNotice[] = []
  const marker = randomUUID()
  let caughtUp = false
  const stop = await shared.database.listen(CHANGES_CHANNEL, (payload) => {
    if (payload.includes(marker)) caughtUp = true
    const event = parseChange(payload)?.event
    if (caughtUp && event && subjects.includes(event.subject)) notices.push(event)
  })
  // Notices of changes made before (the submission's own) may still be on their way to this
  // listener, on the connection that already listened for the app: what arrives after a notice
  // sent from here is new.
  await shared.database.query('SELECT pg_notify($1, $2)', [
    CHANGES_CHANNEL,
    JSON.stringify({ marker }),
  ])
  await eventually(
    async () => caughtUp,
    (heard) => heard,
  )
  return { notices, stop }
}

/** Every notification that carries an event from now on, as the live feed parses it. */
async function eventsFromNow() {
  const events: EventNotice[] = []
  const stop = await shared.database.listen(CHANGES_CHANNEL, (payload) => {
    const event = parseChange(payload)?.event
    if (event) events.push(event)
  })
  return { of: (subject: string) => events.filter((event) => event.subject === subject), stop }
}

/** The protocol's PendingReward, with no key it does not describe. */
function expectProtocolShape(reward: PendingReward | undefined) {
  expect([...Value.Errors(PendingRewardSchema, reward)]).toEqual([])
  const described = Object.keys(PendingRewardSchema.properties)
  expect(Object.keys(reward ?? {}).filter((key) => !described.includes(key))).toEqual([])
}

async function campaignPaying(slug: string, quantity: string | null): Promise<number> {
  const [{ id }] = await shared.database.query<{ id: number }>(
    quantity === null
      ? `INSERT INTO campaigns (slug, name, kind, token_contract, nft_collection, nft_schema,
                                nft_template_id, nft_name, nft_image)
         VALUES ($1, $1, 'shared', 'atomicassets', 'fernwood', 'spirits', 1, 'Spirit', 'Qm')
         RETURNING id`
      : `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract)
         VALUES ($1, $1, 'shared', $2, 'fern.token') RETURNING id`,
    quantity === null ? [slug] : [slug, quantity],
  )
  return id
}

/** A code of a new campaign paying `quantity`, submitted by a new visitor: its answer. */
async function submittedReward(slug: string): Promise<{ reward: PendingReward; account: string }> {
  const campaign = await campaignPaying(slug, '10.0000 FERN')
  await shared.database.query('INSERT INTO codes (code, campaign_id) VALUES ($1, $2)', [
    slug,
    campaign,
  ])
  const account = randomAccount('shape.')
  const visitor = await signInVisitor(shared.app, shared.database, account)
  const answer = await submitCode(shared.app, visitor, { code: slug })
  expect(answer.statusCode).toBe(201)
  return { reward: answer.json().reward, account }
}

describe(`a reward's shape, written once by reward_shape (${testDriver})`, () => {
  it('in every state it is listed in, the submission’s answer, the live event and the list carry the same protocol PendingReward', async () => {
    const db = shared.database
    // Heard from before the submission: its insert's own event is the walk's first.
    const events = await eventsFromNow()
    const { reward: answered, account } = await submittedReward('shape-states')
    const { id } = answered
    expectProtocolShape(answered)
    expect([answered]).toEqual(await findPendingRewards(db, [id]))
    const [inserted] = await eventually(
      async () => events.of(id),
      (arrived) => arrived.length > 0,
    )
    expect(inserted.reward).toEqual(answered)

    const nft = await campaignPaying('shape-nft', null)
    const transactionId = 'ab'.repeat(32)
    const changes: Array<() => Promise<unknown>> = [
      () => db.query('UPDATE rewards SET delayed = true WHERE id = $1', [id]),
      () =>
        db.query(
          `UPDATE rewards SET status = 'processing',
                  campaign_id = (SELECT campaign_id FROM codes WHERE code = 'shape-states')
            WHERE id = $1`,
          [id],
        ),
      () =>
        db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO payout_transactions (transaction_id, signed_transaction, expires_at, transfers)
             VALUES ($1, '{}', now() + interval '1 minute', 1)`,
            [transactionId],
          )
          await tx.query(
            "INSERT INTO payouts (reward_id, transaction_id, state) VALUES ($1, $2, 'broadcast')",
            [id, transactionId],
          )
          await tx.query("UPDATE rewards SET status = 'confirming' WHERE id = $1", [id])
        }),
      () =>
        db.query("UPDATE rewards SET status = 'processing', campaign_id = $2 WHERE id = $1", [
          id,
          nft,
        ]),
      () =>
        db.query(
          `UPDATE rewards SET status = 'rejected', rejection = 'not_eligible',
                  reason = 'This wallet does not meet the campaign’s rules.',
                  rejection_detail = '{"rule": "min_account_age", "days": 30}' WHERE id = $1`,
          [id],
        ),
      () =>
        db.query(
          `UPDATE rewards SET rejection = 'wallet_limit_reached', reason = 'Come back later.',
                  rejection_detail = '{"nextClaimAt": "2030-01-01T00:00:00.000Z"}' WHERE id = $1`,
          [id],
        ),
      () => db.query('UPDATE rewards SET dismissed_at = now() WHERE id = $1', [id]),
    ]
    const seen: string[] = []
    for (const [index, change] of changes.entries()) {
      await change()
      // Each change's own event, before the next change: what the list reads now.
      const [notice] = await eventually(
        async () => events.of(id).slice(index + 1),
        (arrived) => arrived.length > 0,
      )
      const carried = notice.reward
      expectProtocolShape(carried)
      expect([carried]).toEqual(await findPendingRewards(db, [id]))
      const { pending } = await readPendingPage(db, account)
      expect(pending).toEqual(carried?.dismissed ? [] : [carried])
      const {
        status,
        delayed,
        reward,
        transactionId: transfer,
        failedRule,
        nextClaimAt,
      } = carried as PendingReward
      seen.push(
        [
          status,
          delayed && 'delayed',
          reward && `paying ${reward.amount} ${reward.token}`,
          transfer && 'with its transfer',
          failedRule && 'rule' in failedRule && `failing ${failedRule.rule}`,
          nextClaimAt && `until ${nextClaimAt}`,
          carried?.dismissed && 'dismissed',
        ]
          .filter(Boolean)
          .join(', '),
      )
    }
    await events.stop()
    expect(events.of(id)).toHaveLength(1 + changes.length)
    expect(seen).toEqual([
      'pending, delayed',
      'processing, delayed, paying 10.0000 FERN',
      'confirming, paying 10.0000 FERN, with its transfer',
      'processing, delayed',
      'rejected, failing min_account_age',
      'rejected, until 2030-01-01T00:00:00.000Z',
      'rejected, until 2030-01-01T00:00:00.000Z, dismissed',
    ])
  })

  it('a change of a column the update trigger never named reaches the live feed, with no new trigger', async () => {
    const db = shared.database
    const { reward: refused } = await submittedReward('shape-unnamed-refused')
    await db.query(
      `UPDATE rewards SET status = 'rejected', rejection = 'not_eligible',
              rejection_detail = '{"rule": "allowlist"}', reason = 'Not on the list.'
        WHERE id = $1`,
      [refused.id],
    )
    const { reward: accepted } = await submittedReward('shape-unnamed-accepted')
    await db.query(
      `UPDATE rewards SET status = 'processing',
              campaign_id = (SELECT campaign_id FROM codes WHERE code = 'shape-unnamed-accepted')
        WHERE id = $1`,
      [accepted.id],
    )
    const other = await campaignPaying('shape-unnamed-other', '2.5000 WAX')
    const refusedNotices = await noticesOf(refused.id)
    const acceptedNotices = await noticesOf(accepted.id)

    // Migrations 005, 007 and 018 named status, reason, dismissed_at and delayed: none of these.
    await db.query(
      `UPDATE rewards SET rejection_detail = '{"rule": "holds_nft", "collection": "fernwood"}'
        WHERE id = $1`,
      [refused.id],
    )
    await db.query(
      `UPDATE rewards SET rejection = 'wallet_limit_reached',
              rejection_detail = '{"nextClaimAt": "2030-01-01T00:00:00.000Z"}' WHERE id = $1`,
      [refused.id],
    )
    await db.query('UPDATE rewards SET campaign_id = $2 WHERE id = $1', [accepted.id, other])

    const { notices: refusals } = refusedNotices
    const { notices: acceptances } = acceptedNotices
    await eventually(
      async () => refusals.length + acceptances.length,
      (count) => count === 3,
    )
    await refusedNotices.stop()
    await acceptedNotices.stop()
    expect(
      refusals.map(({ reward }) => [reward?.rejection, reward?.failedRule ?? reward?.nextClaimAt]),
    ).toEqual([
      ['not_eligible', { rule: 'holds_nft', collection: 'fernwood' }],
      ['wallet_limit_reached', '2030-01-01T00:00:00.000Z'],
    ])
    expect(acceptances.map(({ reward }) => reward?.reward)).toEqual([
      { amount: '2.5000', token: 'WAX' },
    ])
  })

  it('one statement announces each reward it changed once, in its events’ order, and none it left as shown; one insert, each history entry once', async () => {
    const db = shared.database
    const submitted = await Promise.all(
      Array.from({ length: 8 }, (_, index) => submittedReward(`shape-batch-${index}`)),
    )
    const ids = submitted.map(({ reward }) => reward.id)
    const taken = ids.slice(0, 6)
    const [lookedAt, last] = ids.slice(6)
    const entries: string[] = taken.map(() => randomUUID())
    const { notices, stop } = await noticesOf(...ids, ...entries)
    // As the worker leases a batch: six taken to pay, the others only looked at again.
    await db.query(
      `UPDATE rewards r
          SET status = CASE WHEN r.id = ANY($1::uuid[]) THEN 'processing' ELSE r.status END,
              campaign_id = CASE WHEN r.id = ANY($1::uuid[])
                                 THEN (SELECT k.campaign_id FROM codes k WHERE k.code = r.code)
                            END,
              attempts = r.attempts + 1, next_attempt_at = now() + interval '1 minute'
        WHERE r.id = ANY($2::uuid[])`,
      [taken, ids],
    )
    // As a payout completes them: their history entries in one insert.
    await db.query(
      `INSERT INTO reward_history (id, reward_id, wax_account, code, amount, token, transaction_id)
       SELECT e.id, r.id, r.wax_account, r.code, '10.0000', 'FERN', repeat('ab', 32)
         FROM unnest($1::uuid[], $2::uuid[]) AS e (id, reward_id) JOIN rewards r ON r.id = e.reward_id`,
      [entries, taken],
    )
    // A change shown last: whatever the batch said of the others arrived before it.
    await db.query("UPDATE rewards SET reason = 'Still waiting.' WHERE id = $1", [last])
    await eventually(
      async () => notices.filter(({ subject }) => subject === last).length,
      (count) => count > 0,
    )
    await stop()
    const leased = notices.filter(({ subject }) => taken.includes(subject))
    const paid = notices.filter(({ subject }) => entries.includes(subject))
    expect(leased.map(({ subject }) => subject).sort()).toEqual([...taken].sort())
    expect(leased.map(({ kind, reward }) => [kind, reward?.status, reward?.reward])).toEqual(
      taken.map(() => ['reward', 'processing', { amount: '10.0000', token: 'FERN' }]),
    )
    expect(paid.map(({ subject }) => subject).sort()).toEqual([...entries].sort())
    expect(paid.every(({ kind }) => kind === 'paid')).toBe(true)
    expect(notices.filter(({ subject }) => subject === lookedAt)).toEqual([])
    // Announced in the order of the events the outbox holds, which a resume replays.
    for (const batch of [leased, paid]) {
      const written = await db.query<{ id: string; subject: string }>(
        'SELECT id::text, subject FROM live_events WHERE subject = ANY($1::uuid[]) ORDER BY id',
        [batch.map(({ subject }) => subject)],
      )
      expect(batch.map(({ id, subject }) => ({ id, subject }))).toEqual(
        written.filter(
          ({ id }) => Number(id) >= Math.min(...batch.map((event) => Number(event.id))),
        ),
      )
    }
  })

  it('bookkeeping alone (attempts, the next attempt, the last error) announces nothing', async () => {
    const db = shared.database
    const { reward } = await submittedReward('shape-quiet')
    const { notices, stop } = await noticesOf(reward.id)
    await db.query(
      `UPDATE rewards SET attempts = attempts + 1, next_attempt_at = now() + interval '1 minute',
              last_error = 'the node timed out', updated_at = now() WHERE id = $1`,
      [reward.id],
    )
    // A change shown next: had the bookkeeping said anything, it would have arrived first.
    await db.query("UPDATE rewards SET reason = 'Still waiting.' WHERE id = $1", [reward.id])
    await eventually(
      async () => notices.length,
      (count) => count > 0,
    )
    await stop()
    expect(notices.map((notice) => notice.reward?.reason)).toEqual(['Still waiting.'])
  })
})
