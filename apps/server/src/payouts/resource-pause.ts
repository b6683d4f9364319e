import type { Database, Queryable } from '../db/database.ts'
import { rewardState } from '../rewards/reward-state.ts'

/**
 * Payouts paused because the payout account ran out of CPU, NET or RAM. Such a refusal is no
 * reward's fault and sending again cannot help until the account has the resource back: every
 * worker stops paying (the rewards stay due), one of them looks at the account now and then,
 * backing off, and the first that finds the resource back resumes them all. The state is one row
 * of the database (migration 018), so a pause one worker meets holds every worker and server.
 */

/** The resource the payout account ran out of: the reason of `fernwood_payouts_paused`. */
export type PausedResource = 'cpu' | 'net' | 'ram'
export const PAUSED_RESOURCES: readonly PausedResource[] = ['cpu', 'net', 'ram']

/** nodeos' refusals for a payer out of a resource, by their error codes. */
const RESOURCE_REFUSALS = new Map<number, PausedResource>([
  [3080001, 'ram'], // ram_usage_exceeded
  [3080002, 'net'], // tx_net_usage_exceeded
  [3080004, 'cpu'], // tx_cpu_usage_exceeded
])

/** The resource a node's error code says the payer lacks, if that is what it says. */
export const resourceRefusedFor = (code: number | undefined): PausedResource | undefined =>
  code === undefined ? undefined : RESOURCE_REFUSALS.get(code)

/**
 * How much more of `resource` the refused transaction needed, in get_account's units, read from
 * nodeos' own words (1 when they say nothing usable): payouts resume once the account has that
 * much, not at the first microsecond the 24 h window gives back.
 */
export function shortfallOf(resource: PausedResource, error: string): number {
  const numbers = {
    cpu: /billed CPU time \((\d+) us\)/,
    net: /net usage is too high: (\d+) >/,
    ram: /needs (\d+) bytes has (\d+) bytes/,
  }[resource].exec(error)
  if (!numbers) return 1
  const needed = Number(numbers[1]) - (resource === 'ram' ? Number(numbers[2]) : 0)
  return Math.max(1, needed)
}

/** The chain refused a payout because the payout account lacks `resource`: pause, not park. */
export class PayoutResourcesExhausted extends Error {
  override name = 'PayoutResourcesExhausted'
  constructor(
    readonly resource: PausedResource,
    message: string,
  ) {
    super(message)
  }
}

/** A pause as operators see it. */
export interface PayoutPause {
  resource: PausedResource
  /** the node's words when it refused */
  error: string
  since: Date
  /** when a worker next looks at the account */
  nextCheckAt: Date
}

export type PauseChange =
  | { state: 'paused'; pause: PayoutPause }
  | { state: 'resumed'; resource: PausedResource; since: Date }

/** What the payout account has of one resource, as get_account reports it (-1: unlimited). */
export interface ResourceUse {
  used: number
  available: number
  max: number
}

/** The payout account's resources: CPU in µs and NET in bytes over 24 h, RAM in bytes. */
export interface AccountResources {
  cpu: ResourceUse
  net: ResourceUse
  ram: ResourceUse
}

export interface ResourcePauseOptions {
  database: Database
  /** the payout account's resources, as the chain says now */
  readResources: () => Promise<AccountResources>
  logger: {
    info(details: object, message: string): void
    warn(details: object, message: string): void
  }
  /** the first wait before looking again; each later one doubles, up to `maxDelayMs` */
  baseDelayMs: number
  maxDelayMs: number
}

interface PauseRow {
  resource: PausedResource | null
  error: string | null
  paused_at: Date | null
  next_check_at: Date | null
  /** milliseconds until the next look (0 when due) */
  wait_ms: number
}

const toPause = (row: PauseRow): PayoutPause | undefined =>
  row.resource
    ? {
        resource: row.resource,
        error: row.error ?? '',
        since: new Date(row.paused_at ?? 0),
        nextCheckAt: new Date(row.next_check_at ?? 0),
      }
    : undefined

const PAUSE_COLUMNS = `resource, error, paused_at, next_check_at,
  greatest(0, extract(epoch FROM next_check_at - now()) * 1000)::float AS wait_ms`

async function readPauseRow(db: Queryable): Promise<PauseRow | undefined> {
  const [row] = await db.query<PauseRow>(`SELECT ${PAUSE_COLUMNS} FROM payout_pause`)
  return row
}

/** The pause as the database has it now, if payouts are paused. */
export async function readPayoutPause(db: Queryable): Promise<PayoutPause | undefined> {
  const row = await readPauseRow(db)
  return row && toPause(row)
}

/** A worker's view of the shared pause: enters it, backs off, looks again and lifts it. */
export class ResourcePause {
  readonly #options: ResourcePauseOptions
  readonly #listeners = new Set<(change: PauseChange) => void>()
  /** the pause as this process last saw it: spares a read between batches */
  #lastSeen: PayoutPause | undefined

  constructor(options: ResourcePauseOptions) {
    this.#options = options
  }

  /** The pause when this process last looked, if payouts were paused then. */
  get lastSeen(): PayoutPause | undefined {
    return this.#lastSeen
  }

  /**
   * Calls `listener` on each change of state this instance makes: of all the instances sharing
   * the database, only the one whose change took effect hears it, so each change is heard once.
   * Returns the unsubscribe.
   */
  onChange(listener: (change: PauseChange) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /**
   * Pauses payouts for `resource` (or keeps them paused, the next look where it was), marking
   * the waiting rewards delayed. A pause that follows soon after the last one ended continues
   * its backoff.
   */
  async enter(resource: PausedResource, error: string): Promise<PayoutPause> {
    const { database, baseDelayMs, maxDelayMs } = this.#options
    const { row, began } = await database.transaction(async (tx) => {
      const [row] = await tx.query<PauseRow & { began: boolean }>(
        `WITH before AS (
           SELECT resource AS was,
                  CASE WHEN resumed_at > now() - make_interval(secs => $4::float8 / 1000)
                       THEN checks ELSE 0 END AS kept
             FROM payout_pause FOR UPDATE)
         UPDATE payout_pause SET resource = $1, error = $2,
                paused_at = CASE WHEN was IS NULL THEN now() ELSE paused_at END,
                checks = CASE WHEN was IS NULL THEN kept ELSE checks END,
                next_check_at = CASE WHEN was IS NOT NULL THEN next_check_at
                                     ELSE now() + make_interval(secs =>
                                       least($3::float8 * 2 ^ least(kept, 30), $4) / 1000) END
           FROM before
         RETURNING ${PAUSE_COLUMNS}, was IS DISTINCT FROM $1 AS began`,
        [resource, error, baseDelayMs, maxDelayMs],
      )
      if (row.began) await rewardState.delay(tx)
      return { row, began: row.began }
    })
    const pause = toPause(row) as PayoutPause
    this.#lastSeen = pause
    if (began) {
      this.#options.logger.warn(
        { resource, chainError: error, nextCheckAt: pause.nextCheckAt },
        `payouts paused: the payout account is out of ${resource.toUpperCase()}; every reward stays due`,
      )
      this.#tell({ state: 'paused', pause })
    }
    return pause
  }

  /**
   * How long this worker should hold off paying: 0 when payouts run (or resume now), else the
   * time until the next look. When a look is due, the one worker that takes it pushes the next
   * one back (doubling the wait) and asks the chain about the payout account.
   */
  async holdOff(): Promise<number> {
    const { database, baseDelayMs, maxDelayMs } = this.#options
    const row = await readPauseRow(database)
    this.#lastSeen = row && toPause(row)
    if (!row?.resource) return 0
    if (row.wait_ms > 0) return row.wait_ms
    const [turn] = await database.query<PauseRow>(
      `UPDATE payout_pause SET checks = checks + 1,
              next_check_at = now() + make_interval(secs =>
                least($1::float8 * 2 ^ least(checks + 1, 30), $2) / 1000)
        WHERE resource IS NOT NULL AND next_check_at <= now()
        RETURNING ${PAUSE_COLUMNS}`,
      [baseDelayMs, maxDelayMs],
    )
    if (!turn?.resource) return baseDelayMs
    const resources = await this.#options.readResources().catch(() => undefined)
    const available = resources?.[turn.resource].available
    // Unreadable, a payout tries instead: refused again, it pauses again, its backoff continued.
    if (
      available === undefined ||
      available < 0 ||
      available >= shortfallOf(turn.resource, turn.error ?? '')
    ) {
      await this.lift()
      return 0
    }
    return turn.wait_ms
  }

  /** Resumes payouts, clearing the rewards' delay: the next claim pays them. */
  async lift(): Promise<void> {
    const ended = await this.#options.database.transaction(async (tx) => {
      const [row] = await tx.query<{ resource: PausedResource; paused_at: Date }>(
        `WITH before AS (SELECT resource AS was, paused_at AS was_since FROM payout_pause FOR UPDATE)
         UPDATE payout_pause SET resource = NULL, error = NULL, paused_at = NULL,
                next_check_at = NULL, resumed_at = now()
           FROM before WHERE was IS NOT NULL
         RETURNING was AS resource, was_since AS paused_at`,
      )
      if (row) await rewardState.undelay(tx)
      return row
    })
    this.#lastSeen = undefined
    if (!ended) return
    this.#options.logger.info(
      { resource: ended.resource, pausedSince: ended.paused_at },
      'payouts resumed: the payout account has resources again',
    )
    this.#tell({ state: 'resumed', resource: ended.resource, since: new Date(ended.paused_at) })
  }

  #tell(change: PauseChange): void {
    for (const listener of this.#listeners) listener(change)
  }
}
