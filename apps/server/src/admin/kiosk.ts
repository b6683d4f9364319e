import { claimLink } from '@fernwood/protocol'
import type { AdminCampaign, KioskState } from '@fernwood/protocol/admin'
import { type AuditActor, audit } from '../audit/audit-log.ts'
import { findCampaign } from '../campaigns/catalogue.ts'
import {
  isKioskCodeSpent,
  type KioskCode,
  replaceKioskCode,
  retireKioskCode,
} from '../campaigns/kiosk-codes.ts'
import { campaignOverview } from '../campaigns/overview.ts'
import type { Database, Queryable } from '../db/database.ts'
import { AdminCampaignNotFound, AdminCampaignShared } from './errors.ts'

/**
 * A kiosk: a tablet at an event showing one claim link of a unique campaign as a QR code. Each
 * link holds a one-use code made for it on the spot, replaced as soon as it is claimed and every
 * KIOSK_CODE_SECONDS; a replaced code is retired (no use left), so a photograph of the screen is
 * worth one claim at most. Codes are made only while a kiosk stream is open (kiosk-routes.ts).
 */

export interface KioskOptions {
  database: Database
  /** whose kiosk it is, for the audit: the credential it runs on (`kiosk:<id>`) */
  actor: AuditActor
  slug: string
  /** the origin the claim links open */
  origin: string
  /** KIOSK_CODE_SECONDS: how long a code is shown at most */
  codeSeconds: number
  /** hands the screen its state, whenever it changes */
  send(state: KioskState): void
  onError(error: unknown): void
}

/** The campaign a kiosk may show: a unique one (a shared code is everyone's, it cannot rotate). */
export async function checkKioskCampaign(db: Queryable, slug: string): Promise<void> {
  const campaign = await findCampaign(db, slug)
  if (!campaign) throw new AdminCampaignNotFound(slug)
  if (campaign.kind !== 'unique') throw new AdminCampaignShared(slug)
}

/** One kiosk screen's codes: `update` with each fresh overview of its campaign, `stop` at the end. */
export class Kiosk {
  readonly #options: KioskOptions
  #code: KioskCode | null = null
  #campaign: AdminCampaign | undefined
  #timer: NodeJS.Timeout | undefined
  #turn: Promise<void> = Promise.resolve()
  #stopped = false

  constructor(options: KioskOptions) {
    this.#options = options
  }

  /** Audits the kiosk's opening and shows its first code. */
  async start(): Promise<void> {
    const { database, actor, slug } = this.#options
    await audit(database, actor, 'campaign.kiosk_opened', slug, {})
    await this.#inTurn(async () => this.#show(await campaignOverview(database, slug)))
  }

  /** The campaign as the kiosks' feed now sees it: a claimed code is replaced at once. */
  update(campaigns: AdminCampaign[]): void {
    const campaign = campaigns.find((candidate) => candidate.slug === this.#options.slug)
    if (campaign) void this.#inTurn(() => this.#show(campaign))
  }

  /** Retires the code shown: nobody claims it once the screen is gone. */
  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#inTurn(() => this.#retire())
  }

  #inTurn(step: () => Promise<void>): Promise<void> {
    this.#turn = this.#turn.then(step).catch((error: unknown) => this.#options.onError(error))
    return this.#turn
  }

  async #show(campaign: AdminCampaign, rotate = false): Promise<void> {
    if (this.#stopped) return
    this.#campaign = campaign
    const { database } = this.#options
    if (campaign.state !== 'open') {
      await this.#retire()
    } else if (rotate || !this.#code || (await isKioskCodeSpent(database, this.#code.code))) {
      this.#code = await this.#replace()
      clearTimeout(this.#timer)
      this.#timer = setTimeout(
        () => void this.#inTurn(() => this.#rotate()),
        this.#code.until.getTime() - Date.now(),
      )
      this.#timer.unref()
    }
    this.#options.send(this.#state(campaign))
  }

  async #rotate(): Promise<void> {
    if (this.#campaign) await this.#show(this.#campaign, true)
  }

  async #retire(): Promise<void> {
    if (!this.#code) return
    clearTimeout(this.#timer)
    await retireKioskCode(this.#options.database, this.#code.code)
    this.#code = null
  }

  /** A fresh code in place of the one shown, whose use (if still unclaimed) goes with it. */
  #replace(): Promise<KioskCode> {
    const { database, slug, codeSeconds } = this.#options
    return database.transaction((tx) =>
      replaceKioskCode(tx, slug, this.#code?.code ?? null, codeSeconds),
    )
  }

  #state(campaign: AdminCampaign): KioskState {
    const code = this.#code
    return {
      campaign: campaign.slug,
      name: campaign.name,
      link: code && claimLink(this.#options.origin, code.code),
      code: code?.code ?? null,
      replacedBy: code?.until.toISOString() ?? null,
      claimed: campaign.claimed,
      state: campaign.state,
      reward: campaign.reward,
      nft: campaign.nft,
    }
  }
}
