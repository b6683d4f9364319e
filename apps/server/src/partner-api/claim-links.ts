import { claimLink } from '@fernwood/protocol'
import { addGeneratedCodes, generateUniqueCode } from '../campaigns/codes.ts'
import { campaignFacts } from '../campaigns/references.ts'
import type { Database } from '../db/database.ts'
import { ClaimLinksNeedUniqueCampaign } from './errors.ts'

/**
 * Claim links on demand: `count` fresh single-use codes of a unique campaign, made at once (at
 * most 1000, one statement), each as the link that opens its reward-first claim page. They are
 * the codes an operator's generation prints, named the same way (`spring-7kq2-mx9d-ht4p`). With
 * `expiresAt`, past it each is refused as an ended campaign's code (migration 032).
 */
export async function makeClaimLinks(
  database: Database,
  request: {
    campaignId: number
    campaign: string
    count: number
    origin: string
    /** after this the codes are refused as ended; the campaign's own end otherwise */
    expiresAt?: string
  },
): Promise<Array<{ code: string; url: string }>> {
  return database.transaction(async (tx) => {
    const campaign = await campaignFacts(tx, request.campaignId)
    if (campaign?.kind !== 'unique') throw new ClaimLinksNeedUniqueCampaign(request.campaign)
    const prefix = request.campaign.slice(0, 20)
    const codes = new Set<string>()
    while (codes.size < request.count) codes.add(generateUniqueCode(prefix))
    const added = await addGeneratedCodes(
      tx,
      request.campaignId,
      null,
      [...codes],
      request.expiresAt ?? null,
    )
    // One in 31^12 per pair: the request fails whole, and its retry makes others.
    if (added !== codes.size) throw new Error('a generated code was taken already')
    return [...codes].map((code) => ({ code, url: claimLink(request.origin, code) }))
  })
}
