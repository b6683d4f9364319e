import { CappedMap } from 'altcha-lib'
import {
  type HumanCheckCampaigns,
  humanCheckOfCode,
  readHumanCheckCampaigns,
} from '../campaigns/human-check.ts'
import type { Database } from '../db/database.ts'
import type { HumanCheck } from './settings.ts'

/**
 * How long a read of where the check is on is used: an operator's change of a campaign's check,
 * or a new campaign, reaches every server within this time.
 */
export const CHECKED_CODES_REFRESH_MS = 5_000

/**
 * Which codes' claims need the human check, answered from memory: the shared codes whose campaign
 * has the check on are read again every CHECKED_CODES_REFRESH_MS, and every other code needs it
 * only while some unique campaign has it on, so a claim usually costs a lookup in a set. While
 * one has, another code is looked up in the database (its answer kept as long).
 */
export class CheckedCodes {
  #campaigns: { readAt: number; read: Promise<HumanCheckCampaigns> } | undefined
  readonly #uniqueCodes = new CappedMap<string, { readAt: number; check: Promise<HumanCheck> }>({
    maxSize: 10_000,
  })

  constructor(
    private readonly database: Database,
    private readonly deploymentDefault: HumanCheck,
  ) {}

  async checkOf(code: string): Promise<HumanCheck> {
    const campaigns = await this.#current()
    if (campaigns.checkedSharedCodes.has(code)) return 'pow'
    if (!campaigns.anyUniqueChecked) return 'off'
    const kept = this.#uniqueCodes.get(code)
    if (kept && Date.now() - kept.readAt < CHECKED_CODES_REFRESH_MS) return kept.check
    const check = humanCheckOfCode(this.database, code, this.deploymentDefault)
    this.#uniqueCodes.set(code, { readAt: Date.now(), check })
    check.catch(() => this.#uniqueCodes.delete(code))
    return check
  }

  #current(): Promise<HumanCheckCampaigns> {
    const now = Date.now()
    if (!this.#campaigns || now - this.#campaigns.readAt >= CHECKED_CODES_REFRESH_MS) {
      const read = readHumanCheckCampaigns(this.database, this.deploymentDefault)
      const campaigns = { readAt: now, read }
      this.#campaigns = campaigns
      // A failed read is not kept: the next claim reads again.
      read.catch(() => {
        if (this.#campaigns === campaigns) this.#campaigns = undefined
      })
    }
    return this.#campaigns.read
  }
}
