import { type CodeGeneration, MAX_GENERATED_CODES } from '@fernwood/protocol/admin'
import { audit } from '../audit/audit-log.ts'
import { findCampaign } from '../campaigns/catalogue.ts'
import { addGeneratedCodes, generateUniqueCode } from '../campaigns/codes.ts'
import { campaignLabelOf } from '../campaigns/references.ts'
import type { Database, Queryable } from '../db/database.ts'
import { publishChange } from '../events/channel.ts'
import { retryAfter } from '../http/errors.ts'
import {
  AdminCampaignNotFound,
  AdminCampaignShared,
  AdminCodeCountInvalid,
  AdminGenerationNotFound,
  AdminGenerationsBusy,
} from './errors.ts'
import { type Operator, operatorAccountIn } from './operations.ts'

/**
 * Code generations (`code_generations`, migration 016): an operator's request for a batch of a
 * unique campaign's codes, made in steps by the process holding the job's lease. How many run at
 * once is decided by the database, whichever server or CLI starts one.
 */

/** The most generations making codes at once, across every server and the CLI. */
const GENERATIONS_AT_ONCE = 2
/** Codes made and committed per step: the progress an operator sees moves by this much. */
const CODES_PER_STEP = 500
// How long a process holds a job without taking a step; past it another resumes the job.
const LEASE_SECONDS = 30
// How many generations the console lists.
const LATEST_LISTED = 50
// Every process counting the running generations takes turns on this advisory lock (any fixed
// key; the migrations' is 7_346_591), so two starting at once cannot both see a free place.
const START_LOCK_KEY = 7_346_592
// What an operator refused for want of a place is told to wait.
const BUSY_RETRY_AFTER_SECONDS = 10

/** A running generation as the process making its codes knows it. */
export interface GenerationJob {
  id: string
  campaignId: number
  campaign: string
  requestedBy: Operator
}

/** A generation with what its downloads need besides: the reward and the claim links' origin. */
export interface StoredGeneration extends CodeGeneration {
  rewardQuantity: string
  origin: string
}

interface GenerationRow {
  id: string
  campaign_id: number
  slug: string
  reward_quantity: string
  requested_by: Operator
  count: number
  made: number
  origin: string
  state: CodeGeneration['state']
  error: string | null
  started_at: Date
  finished_at: Date | null
}

const SELECT_GENERATIONS = `
  -- An NFT campaign's codes are printed with the NFT they mint.
  SELECT g.id, g.campaign_id, c.slug, c.reward_words AS reward_quantity,
         g.requested_by, g.count, g.made,
         g.origin, g.state, g.error, g.started_at, g.finished_at
    FROM code_generations g CROSS JOIN LATERAL ${campaignLabelOf('g.campaign_id')} c`

const LIVE_LEASES = `SELECT count(*)::int AS running FROM code_generations
                      WHERE state = 'running' AND lease_expires_at > now()`

const toCodeGeneration = (row: GenerationRow): CodeGeneration => ({
  id: row.id,
  campaign: row.slug,
  count: row.count,
  made: row.made,
  state: row.state,
  error: row.error,
  operator: operatorAccountIn(row.requested_by),
  startedAt: new Date(row.started_at).toISOString(),
  finishedAt: row.finished_at && new Date(row.finished_at).toISOString(),
})

const toJob = (row: GenerationRow): GenerationJob => ({
  id: row.id,
  campaignId: row.campaign_id,
  campaign: row.slug,
  requestedBy: row.requested_by,
})

/**
 * Starts a generation of `count` codes of unique campaign `slug`, leased to `holder` (the runner
 * that makes them), their claim links on `origin`. Refused with 429 while GENERATIONS_AT_ONCE
 * others hold a live lease.
 */
export async function startGeneration(
  database: Database,
  operator: Operator,
  request: { slug: string; count: number; origin: string },
  holder: string,
): Promise<GenerationJob> {
  const { slug, count, origin } = request
  if (!Number.isInteger(count) || count < 1 || count > MAX_GENERATED_CODES) {
    throw new AdminCodeCountInvalid(MAX_GENERATED_CODES)
  }
  return database.transaction(async (tx) => {
    const campaign = await findCampaign(tx, slug)
    if (!campaign) throw new AdminCampaignNotFound(slug)
    if (campaign.kind !== 'unique') throw new AdminCampaignShared(slug)
    await tx.query('SELECT pg_advisory_xact_lock($1)', [START_LOCK_KEY])
    const [{ running }] = await tx.query<{ running: number }>(LIVE_LEASES)
    if (running >= GENERATIONS_AT_ONCE) {
      throw retryAfter(new AdminGenerationsBusy(GENERATIONS_AT_ONCE), BUSY_RETRY_AFTER_SECONDS)
    }
    const [{ id }] = await tx.query<{ id: string }>(
      `INSERT INTO code_generations
         (campaign_id, requested_by, count, origin, lease_holder, lease_expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING id`,
      [campaign.id, operator, count, origin, holder, LEASE_SECONDS],
    )
    await publishChange(tx, { kind: 'catalogue' })
    return { id, campaignId: campaign.id, campaign: slug, requestedBy: operator }
  })
}

/**
 * Takes over the oldest generation whose process stopped holding it (it died, or shut down
 * mid-way), for `holder` to resume from its progress; undefined when there is none, or when
 * GENERATIONS_AT_ONCE others are making codes.
 */
export async function claimLapsedGeneration(
  database: Database,
  holder: string,
): Promise<GenerationJob | undefined> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [START_LOCK_KEY])
    const [{ running }] = await tx.query<{ running: number }>(LIVE_LEASES)
    if (running >= GENERATIONS_AT_ONCE) return undefined
    const [claimed] = await tx.query<{ id: string }>(
      `UPDATE code_generations
          SET lease_holder = $1, lease_expires_at = now() + make_interval(secs => $2)
        WHERE id = (SELECT id FROM code_generations
                     WHERE state = 'running' AND lease_expires_at <= now()
                     ORDER BY started_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [holder, LEASE_SECONDS],
    )
    if (!claimed) return undefined
    const [row] = await tx.query<GenerationRow>(`${SELECT_GENERATIONS} WHERE g.id = $1`, [
      claimed.id,
    ])
    return toJob(row)
  })
}

/**
 * One step of a generation: up to CODES_PER_STEP more codes, committed with the progress and a
 * renewed lease; the last step marks it done and audits it. Undefined when `holder` no longer
 * holds the job (its lease lapsed and another process resumed it): nothing was made.
 */
export async function makeNextCodes(
  database: Database,
  job: GenerationJob,
  holder: string,
): Promise<{ made: number; done: boolean } | undefined> {
  return database.transaction(async (tx) => {
    const [current] = await tx.query<{ made: number; count: number }>(
      `SELECT made, count FROM code_generations
        WHERE id = $1 AND lease_holder = $2 AND state = 'running' FOR UPDATE`,
      [job.id, holder],
    )
    if (!current) return undefined
    // The campaign's slug, shortened, names its codes (`spring-7kq2-mx9d-ht4p`).
    const prefix = job.campaign.slice(0, 20)
    const codes = new Set<string>()
    while (codes.size < Math.min(CODES_PER_STEP, current.count - current.made)) {
      codes.add(generateUniqueCode(prefix))
    }
    const made = current.made + (await addGeneratedCodes(tx, job.campaignId, job.id, [...codes]))
    const done = made === current.count
    await tx.query(
      `UPDATE code_generations
          SET made = $2,
              lease_expires_at = now() + make_interval(secs => $4),
              state = CASE WHEN $3 THEN 'done' ELSE state END,
              finished_at = CASE WHEN $3 THEN now() END
        WHERE id = $1`,
      [job.id, made, done, LEASE_SECONDS],
    )
    if (done) {
      await audit(tx, job.requestedBy, 'codes.generated', job.campaign, {
        count: current.count,
        generation: job.id,
      })
    }
    await publishChange(tx, { kind: 'catalogue' })
    return { made, done }
  })
}

/** Ends a generation that met an error: the codes made so far stay valid and downloadable. */
export async function failGeneration(
  database: Database,
  job: GenerationJob,
  holder: string,
  error: string,
): Promise<void> {
  await database.transaction(async (tx) => {
    const [failed] = await tx.query<{ count: number; made: number }>(
      `UPDATE code_generations SET state = 'failed', error = $3, finished_at = now()
        WHERE id = $1 AND lease_holder = $2 AND state = 'running' RETURNING count, made`,
      [job.id, holder, error],
    )
    if (!failed) return
    await audit(tx, job.requestedBy, 'codes.generation_failed', job.campaign, {
      count: failed.count,
      made: failed.made,
      generation: job.id,
      error,
    })
    await publishChange(tx, { kind: 'catalogue' })
  })
}

/** Lets go of a generation mid-way (shutdown): any process may resume it at once. */
export async function releaseGeneration(
  db: Queryable,
  job: GenerationJob,
  holder: string,
): Promise<void> {
  await db.query(
    `UPDATE code_generations SET lease_expires_at = now()
      WHERE id = $1 AND lease_holder = $2 AND state = 'running'`,
    [job.id, holder],
  )
}

/** The latest generations, newest first. */
export async function listGenerations(db: Queryable): Promise<CodeGeneration[]> {
  const rows = await db.query<GenerationRow>(
    `${SELECT_GENERATIONS} ORDER BY g.started_at DESC, g.id LIMIT $1`,
    [LATEST_LISTED],
  )
  return rows.map(toCodeGeneration)
}

/** One generation, with what its downloads need; 404 when there is none. */
export async function findGeneration(db: Queryable, id: string): Promise<StoredGeneration> {
  const [row] = await db.query<GenerationRow>(`${SELECT_GENERATIONS} WHERE g.id = $1`, [id])
  if (!row) throw new AdminGenerationNotFound(id)
  return { ...toCodeGeneration(row), rewardQuantity: row.reward_quantity, origin: row.origin }
}
