import DataLoader from 'dataloader'
import type { Database } from '../db/database.ts'
import type { SubmissionRules } from './submission-rules.ts'
import { type CodeSubmission, type SubmissionOutcome, submitCodes } from './submit-codes.ts'

export interface SubmissionBatchLimits {
  /** batches with the database at once; the ones after wait, gathering submissions */
  inFlight: number
  /** submissions in one batch at most */
  size: number
}

/**
 * Code submissions sent to the database in batches, as PostgreSQL groups commits: a submission
 * arriving while `inFlight` batches are with the database waits, with the others arriving
 * meanwhile, for the next one; alone on a quiet server it goes at once. A batch costs one round
 * trip and two commits however many it carries, which is where a submission's time went
 * (bench/rewards.ts). DataLoader (GraphQL's batching library) gathers them; its cache is off,
 * as every submission counts. The answers are each submission's own, as if sent alone.
 */
export function createSubmissionBatches(
  database: Database,
  rules: SubmissionRules,
  limits: SubmissionBatchLimits = {
    // PGlite runs one statement at a time: a second batch would only queue there, no longer
    // gathering the submissions arriving meanwhile.
    inFlight: database.driver === 'pglite' ? 1 : 2,
    size: 32,
  },
) {
  let active = 0
  const waiting: Array<() => void> = []
  const batches = new DataLoader<CodeSubmission, SubmissionOutcome>(
    async (submissions) => {
      try {
        return await submitCodes(database, submissions, rules)
      } finally {
        // The next waiting batch takes this one's place.
        const next = waiting.shift()
        if (next) next()
        else active--
      }
    },
    {
      cache: false,
      maxBatchSize: limits.size,
      batchScheduleFn: (dispatch) => {
        if (active >= limits.inFlight) {
          waiting.push(dispatch)
          return
        }
        active++
        process.nextTick(dispatch)
      },
    },
  )

  /** Submits a code; a request without a session cookie is refused without a query. */
  return async (
    submission: Omit<CodeSubmission, 'sessionToken'> & { sessionToken?: string },
  ): Promise<SubmissionOutcome> => {
    const { sessionToken } = submission
    if (!sessionToken) return { kind: 'invalid' }
    return batches.load({ ...submission, sessionToken })
  }
}
