import { failedChainRule, readChainRules } from '../campaigns/eligibility.ts'
import { type AccountHoldings, HoldingsUnavailable } from '../chain/account-holdings.ts'
import type { Database } from '../db/database.ts'
import type { CodeSubmission, SubmissionOutcome } from './submit-codes.ts'

type Submit = (
  submission: Omit<CodeSubmission, 'sessionToken'> & { sessionToken?: string },
) => Promise<SubmissionOutcome>

/**
 * Submissions that meet their campaign's chain rules (a balance, an NFT, an account's age) before
 * they count. The rules need the chain, which neither the submission's transaction nor its batch
 * should wait on: one slow node read would hold every code of the batch (up to 32 visitors) and
 * their locks. So the database answers a code whose campaign has chain rules, not yet checked for
 * the wallet, with `eligibility-required` and records nothing; the wallet is checked here, alone,
 * through the cached chain reads, and the code is submitted again, in a later batch, with the
 * check (the rule failed, or none), which the database records as it records a catalogue's
 * refusal. Codes without chain rules pay nothing for this. The allowlist and the per-wallet
 * limits need no chain: the database checks them in the submission itself. A node that fails a
 * read ends in `eligibility-unavailable`: nothing was recorded, so the claim can simply be sent
 * again.
 */
export function withEligibility(
  database: Database,
  holdings: AccountHoldings,
  submit: Submit,
): Submit {
  return async (submission) => {
    const outcome = await submit(submission)
    if (outcome.kind !== 'eligibility-required') return outcome
    let failed: Awaited<ReturnType<typeof failedChainRule>>
    try {
      failed = await failedChainRule(
        holdings,
        await readChainRules(database, outcome.campaignId),
        outcome.account,
      )
    } catch (error) {
      if (error instanceof HoldingsUnavailable) return { kind: 'eligibility-unavailable' }
      throw error
    }
    const checked = await submit({
      ...submission,
      checked: { campaign: outcome.campaignId, failed: failed ?? null },
    })
    // The code changed campaigns between the two (an operator's edit): ask for a fresh try.
    return checked.kind === 'eligibility-required' ? { kind: 'eligibility-unavailable' } : checked
  }
}
