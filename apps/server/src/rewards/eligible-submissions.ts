import { checkEligibility } from '../campaigns/eligibility.ts'
import { type AccountHoldings, HoldingsUnavailable } from '../chain/account-holdings.ts'
import type { Database } from '../db/database.ts'
import { type OperatorCheck, OperatorCheckFailed } from '../fairness/operator-check.ts'
import type { CodeSubmission, EligibilityCheck, SubmissionOutcome } from './submit-codes.ts'

type Submit = (
  submission: Omit<CodeSubmission, 'sessionToken'> & { sessionToken?: string },
) => Promise<SubmissionOutcome>

/**
 * Submissions that meet their campaign's rule tree, where the chain answers part of it (a balance,
 * NFTs, an account's age), before they count. The rules need the chain, which neither the submission's transaction nor its batch
 * should wait on: one slow node read would hold every code of the batch (up to 32 visitors) and
 * their locks. So the database answers a code whose campaign has chain rules, not yet checked for
 * the wallet, with `eligibility-required` and records nothing; the wallet is checked here, alone,
 * through the cached chain reads, and the code is submitted again, in a later batch, with the
 * check (the rule failed, or none), which the database records as it records a catalogue's
 * refusal. Codes without chain rules pay nothing for this. The per-wallet limits, and an allowlist
 * the tree cannot be met without, need no chain: the database checks them in the submission
 * itself; an allowlist offered as one way in among chain conditions is looked up with them here. A node that fails a
 * read ends in `eligibility-unavailable`: nothing was recorded, so the claim can simply be sent
 * again. A campaign with its operator's own check URL takes the same way: once its chain rules
 * pass, the operator's endpoint is asked here (fairness/operator-check.ts), and one that gives no
 * usable answer ends in `operator-check-unavailable`, as a node's failure does.
 */
export function withEligibility(
  database: Database,
  holdings: AccountHoldings,
  operatorCheck: OperatorCheck,
  submit: Submit,
): Submit {
  return async (submission) => {
    const outcome = await submit(submission)
    // Only a submission with a code is ever asked for a check.
    if (outcome.kind !== 'eligibility-required' || submission.code === undefined) return outcome
    let failed: EligibilityCheck['failed'] | undefined
    let assets: string[] | undefined
    try {
      // A campaign counting each NFT once is given the assets that may qualify the claim.
      ;({ failed, assets } = await checkEligibility(
        database,
        holdings,
        outcome.campaignId,
        outcome.account,
      ))
    } catch (error) {
      if (error instanceof HoldingsUnavailable) return { kind: 'eligibility-unavailable' }
      throw error
    }
    try {
      failed ??= await operatorCheck.refusal({
        campaignId: outcome.campaignId,
        account: outcome.account,
        code: submission.code,
      })
    } catch (error) {
      if (error instanceof OperatorCheckFailed) return { kind: 'operator-check-unavailable' }
      throw error
    }
    const checked = await submit({
      ...submission,
      checked: { campaign: outcome.campaignId, failed: failed ?? null, ...(assets && { assets }) },
    })
    // The code changed campaigns between the two (an operator's edit): ask for a fresh try.
    return checked.kind === 'eligibility-required' ? { kind: 'eligibility-unavailable' } : checked
  }
}
