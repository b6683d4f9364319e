import type { Database } from '../db/database.ts'
import { type BatchLimits, statementBatches } from '../db/statement-batches.ts'
import type { SubmissionRules } from './submission-rules.ts'
import { type CodeSubmission, type SubmissionOutcome, submitCodes } from './submit-codes.ts'

/**
 * Code submissions sent to the database in batches (`statementBatches`): a batch is one
 * `submit_codes` call, where each submission is answered as if sent alone, in order.
 */
export function createSubmissionBatches(
  database: Database,
  rules: SubmissionRules,
  limits?: BatchLimits,
) {
  const submit = statementBatches<CodeSubmission, SubmissionOutcome>(
    database,
    (submissions) => submitCodes(database, submissions, rules),
    limits,
  )

  /** Submits a code; a request without a session cookie is refused without a query. */
  return async (
    submission: Omit<CodeSubmission, 'sessionToken'> & { sessionToken?: string },
  ): Promise<SubmissionOutcome> => {
    const { sessionToken } = submission
    if (!sessionToken) return { kind: 'invalid' }
    return submit({ ...submission, sessionToken })
  }
}
