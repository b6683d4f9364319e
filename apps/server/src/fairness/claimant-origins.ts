import type { AccountOriginSource } from '../chain/account-origins.ts'
import type { Queryable } from '../db/database.ts'

/** Where a claimant's account came from, as far as the chain's history told. */
export interface ClaimantOrigin {
  creator: string
  createdAt: Date
  /** the sender of its first tokens; null while it has received none */
  firstFunder: string | null
}

/** How much chain reading one report may do. */
export interface OriginReadLimits {
  /** accounts read from the history source at most (the rest wait for the next report) */
  maxAccounts: number
  /** after this long, no further account's read is started */
  budgetMs: number
  /** reads under way at once */
  concurrency: number
}

/**
 * A report reads at most 200 accounts (each two requests to the history source), eight at a time
 * for at most 20 s: an operator's request answers in seconds even against a slow public Hyperion,
 * and, origins being kept for good, each report of a large campaign reads the next 200.
 */
export const ORIGIN_READ_LIMITS: OriginReadLimits = {
  maxAccounts: 200,
  budgetMs: 20_000,
  concurrency: 8,
}

export interface ClaimantOrigins {
  /** by account: those known, now or from an earlier read */
  known: Map<string, ClaimantOrigin>
  /** the source did not answer for them (or not all of it): left out of what it did not say */
  unavailable: string[]
  /** not read at all, past this report's limits: the next report reads them */
  deferred: number
}

interface OriginRow {
  wax_account: string
  creator: string
  created_at: Date
  first_funder: string | null
  first_funded_at: Date | null
}

/**
 * The origins of `accounts` (the most urgent first): what account_origins keeps, and for the rest
 * a read from `source`, within `limits`, kept in turn. Accounts never read come first, then those
 * whose first funds had not arrived at their last read. One account the source does not answer
 * for is named in `unavailable`, never a failure of the whole.
 */
export async function originsOfClaimants(
  db: Queryable,
  source: AccountOriginSource,
  accounts: string[],
  limits: OriginReadLimits = ORIGIN_READ_LIMITS,
): Promise<ClaimantOrigins> {
  const rows = await db.query<OriginRow>(
    `SELECT wax_account, creator, created_at, first_funder, first_funded_at
       FROM account_origins WHERE wax_account = ANY($1::text[])`,
    [accounts],
  )
  const kept = new Map(rows.map((row) => [row.wax_account, row]))
  const neverRead = accounts.filter((account) => !kept.has(account))
  const unfunded = accounts.filter((account) => kept.get(account)?.first_funder === null)
  const queue = [...neverRead, ...unfunded].slice(0, limits.maxAccounts)

  const read: OriginRow[] = []
  const unavailable: string[] = []
  const startedBefore = Date.now() + limits.budgetMs
  const readNext = async (): Promise<void> => {
    for (let account = queue.shift(); account; account = queue.shift()) {
      if (Date.now() > startedBefore) {
        queue.unshift(account)
        return
      }
      const found = await readOrigin(source, account, kept.get(account))
      if (found.row) read.push(found.row)
      if (!found.complete) unavailable.push(account)
    }
  }
  await Promise.all(Array.from({ length: limits.concurrency }, readNext))
  if (read.length > 0) await keep(db, read)

  const known = new Map<string, ClaimantOrigin>()
  for (const row of [...kept.values(), ...read]) {
    known.set(row.wax_account, {
      creator: row.creator,
      createdAt: new Date(row.created_at),
      firstFunder: row.first_funder,
    })
  }
  return {
    known,
    unavailable: unavailable.sort(),
    deferred: neverRead.filter((account) => !known.has(account) && !unavailable.includes(account))
      .length,
  }
}

/** One account's origin, what of it is already kept completed; `complete` unless a read failed. */
async function readOrigin(
  source: AccountOriginSource,
  account: string,
  kept: OriginRow | undefined,
): Promise<{ row: OriginRow | null; complete: boolean }> {
  const [creation, funding] = await Promise.allSettled([
    kept ? { creator: kept.creator, createdAt: kept.created_at } : source.creationOf(account),
    source.firstFundingOf(account),
  ])
  if (creation.status === 'rejected') return { row: null, complete: false }
  const funds = funding.status === 'fulfilled' ? funding.value : null
  return {
    row: {
      wax_account: account,
      creator: creation.value.creator,
      created_at: creation.value.createdAt,
      first_funder: funds?.funder ?? null,
      first_funded_at: funds?.at ?? null,
    },
    complete: funding.status === 'fulfilled',
  }
}

/** Keeps what was read; a first funder, once known, is never replaced (another report's read). */
async function keep(db: Queryable, rows: OriginRow[]): Promise<void> {
  await db.query(
    `INSERT INTO account_origins (wax_account, creator, created_at, first_funder, first_funded_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::timestamptz[])
     ON CONFLICT (wax_account) DO UPDATE SET
       first_funder = COALESCE(account_origins.first_funder, EXCLUDED.first_funder),
       first_funded_at = COALESCE(account_origins.first_funded_at, EXCLUDED.first_funded_at),
       read_at = now()`,
    [
      rows.map((row) => row.wax_account),
      rows.map((row) => row.creator),
      rows.map((row) => new Date(row.created_at).toISOString()),
      rows.map((row) => row.first_funder),
      rows.map((row) => row.first_funded_at && new Date(row.first_funded_at).toISOString()),
    ],
  )
}
