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

  it('one statement changing several rewards announces each it changed once, in its events’ order, and none it left as shown', async () => {
    const db = shared.database
    const submitted = await Promise.all(
      ['shape-batch-a', 'shape-batch-b', 'shape-batch-c'].map((slug) => submittedReward(slug)),
    )
    const [first, second, untouched] = submitted.map(({ reward }) => reward.id)
    const { notices, stop } = await noticesOf(first, second, untouched)
    // As the worker leases a batch: two taken to pay, one only looked at again.
    await db.query(
      `UPDATE rewards r
          SET status = CASE WHEN r.id = ANY($1::uuid[]) THEN 'processing' ELSE r.status END,
              campaign_id = CASE WHEN r.id = ANY($1::uuid[])
                                 THEN (SELECT k.campaign_id FROM codes k WHERE k.code = r.code)
                            END,
              attempts = r.attempts + 1, next_attempt_at = now() + interval '1 minute'
        WHERE r.id = ANY($2::uuid[])`,
      [
        [first, second],
        [first, second, untouched],
      ],
    )
    // A change shown next: had the batch said anything of it, that would have arrived first.
    await db.query("UPDATE rewards SET reason = 'Still waiting.' WHERE id = $1", [untouched])
    await eventually(
      async () => notices.filter(({ subject }) => subject === untouched).length,
      (count) => count > 0,
    )
    await stop()
    // In the order they arrived, which is their events' order.
    const batch = notices.filter(({ subject }) => subject !== untouched)
    expect(batch.map(({ subject, reward }) => [subject, reward?.status, reward?.reward])).toEqual(
      expect.arrayContaining([
        [first, 'processing', { amount: '10.0000', token: 'FERN' }],
        [second, 'processing', { amount: '10.0000', token: 'FERN' }],
      ]),
    )
    expect(batch).toHaveLength(2)
    expect(
      notices.filter(({ subject }) => subject === untouched).map(({ reward }) => reward?.reason),
    ).toEqual(['Still waiting.'])
    const written = await db.query<{ id: string; subject: string }>(
      'SELECT id::text, subject FROM live_events WHERE subject = ANY($1::uuid[]) AND id > $2 ORDER BY id',
      [[first, second], Math.min(...batch.map(({ id }) => Number(id))) - 1],
    )
    expect(written.map(({ id, subject }) => ({ id, subject }))).toEqual(
      batch.map(({ id, subject }) => ({ id, subject })),
    )
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
