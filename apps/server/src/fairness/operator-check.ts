import { randomUUID } from 'node:crypto'
import { OPERATOR_REASON_MAX_LENGTH, type OperatorCheckRefusal } from '@fernwood/protocol'
import { Type } from 'typebox'
import Value from 'typebox/value'
import type { Dispatcher, Response } from 'undici'
import { campaignFacts } from '../campaigns/references.ts'
import { keyFor, readServerSecret } from '../config/server-secret.ts'
import type { Database } from '../db/database.ts'
import {
  type AddressPolicy,
  guardedAgentOnDemand,
  refusedDestination,
} from '../outbound/address-guard.ts'
import { signedHeaders } from '../outbound/signed-sender.ts'

/** The operator's check's settings (docs/operating.md, "The operator's own check"). */
export interface OperatorCheckSettings {
  /** OPERATOR_CHECK_TIMEOUT_MS: the whole exchange, the address check included */
  timeoutMs: number
  /** the partner webhooks' SSRF guard: loopback on the devchain, private addresses by setting */
  policy: AddressPolicy
}

/** Where the operator learns why their endpoint's answers are not taken. */
export interface OperatorCheckLogger {
  warn(details: object, message: string): void
}

/**
 * The endpoint gave no usable answer (unreachable, refused by the guard, too slow, not 2xx, a
 * redirect, not the expected JSON): not the visitor's failure, and never a yes. The claim may be
 * sent again.
 */
export class OperatorCheckFailed extends Error {
  override name = 'OperatorCheckFailed'
}

/** What the operator's endpoint answers: `reason` is shown to the visitor when it says no. */
const OperatorAnswerSchema = Type.Object({
  eligible: Type.Boolean(),
  reason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
})

// An answer is a few words: a longer body is no answer of the kind asked for.
const MAX_ANSWER_BYTES = 4096

/**
 * The secret that signs a campaign's check requests, in the form receivers' Standard Webhooks
 * libraries take (`whsec_` and base64). Derived from the server's secret and the campaign's id
 * rather than stored: nothing to generate when a URL is set, nothing more to keep secret in the
 * database, and every server signs alike. The console and the CLI show it to the operator.
 */
export function operatorCheckSecret(serverSecret: Buffer, campaignId: number): string {
  return `whsec_${keyFor(serverSecret, `operator check of campaign ${campaignId}`).toString('base64')}`
}

/** The signing secret of a campaign's check, for the operator to configure their endpoint with. */
export async function readOperatorCheckSecret(
  database: Database,
  campaignId: number,
): Promise<string> {
  return operatorCheckSecret(await readServerSecret(database), campaignId)
}

/**
 * The operator's own check: before a claim of a campaign with a `check_url` is accepted, the
 * server POSTs `{account, campaign, code}` (the campaign by its slug) to it, signed as partner
 * webhooks are (Standard Webhooks, `webhook-id` fresh for each claim), and takes its answer
 * `{eligible, reason?}` within `timeoutMs`. It is asked from the eligibility step of a claim
 * (rewards/eligible-submissions.ts), after the chain's rules passed and outside any database
 * transaction, so a slow endpoint holds no lock and no other visitor's claim. Each request
 * first passes the SSRF guard, which also checks the address it connects to, and a redirect is
 * a failure: the URL checked is the one reached.
 */
export class OperatorCheck {
  readonly #agent: () => Promise<Dispatcher>

  constructor(
    private readonly database: Database,
    private readonly settings: OperatorCheckSettings,
    private readonly logger: OperatorCheckLogger,
  ) {
    this.#agent = guardedAgentOnDemand(settings.policy)
  }

  /**
   * The operator's refusal of `account` claiming `code` of the campaign, or undefined when they
   * let it through or the campaign has no check. Throws OperatorCheckFailed when no usable
   * answer came.
   */
  async refusal(claim: {
    campaignId: number
    account: string
    code: string
  }): Promise<OperatorCheckRefusal | undefined> {
    const campaign = await campaignFacts(this.database, claim.campaignId)
    if (!campaign?.checkUrl) return undefined
    const url = campaign.checkUrl
    try {
      const answer = await this.#ask(url, {
        campaignId: claim.campaignId,
        payload: JSON.stringify({
          account: claim.account,
          campaign: campaign.slug,
          code: claim.code,
        }),
      })
      if (answer.eligible) return undefined
      const reason = shownReason(answer.reason)
      return reason === undefined ? { rule: 'operator_check' } : { rule: 'operator_check', reason }
    } catch (error) {
      if (!(error instanceof OperatorCheckFailed)) throw error
      // The URL's host only: its path or query may hold the operator's token.
      this.logger.warn(
        { campaign: campaign.slug, host: hostOf(url), error: error.message },
        'the campaign’s check URL gave no usable answer; the claim was asked to retry',
      )
      throw error
    }
  }

  async #ask(
    url: string,
    message: { campaignId: number; payload: string },
  ): Promise<{ eligible: boolean; reason?: string | null }> {
    const { timeoutMs, policy } = this.settings
    const signal = AbortSignal.timeout(timeoutMs)
    const refused = await untilAborted(refusedDestination(url, policy), signal)
    if (refused) throw new OperatorCheckFailed(`refused destination: ${refused}`)
    const secret = await readOperatorCheckSecret(this.database, message.campaignId)
    let response: Response
    try {
      const { fetch } = await import('undici')
      response = await fetch(url, {
        method: 'POST',
        headers: signedHeaders(secret, `msg_check_${randomUUID()}`, message.payload),
        body: message.payload,
        redirect: 'error',
        signal,
        dispatcher: await this.#agent(),
      })
    } catch (error) {
      throw new OperatorCheckFailed(failureOf(error))
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw new OperatorCheckFailed(`HTTP ${response.status}`)
    }
    let body: string
    try {
      body = await readCapped(response, MAX_ANSWER_BYTES)
    } catch (error) {
      throw error instanceof OperatorCheckFailed ? error : new OperatorCheckFailed(failureOf(error))
    }
    let answer: unknown
    try {
      answer = JSON.parse(body)
    } catch {
      throw new OperatorCheckFailed('not JSON')
    }
    if (!Value.Check(OperatorAnswerSchema, answer)) {
      throw new OperatorCheckFailed('not {"eligible": true|false, "reason"?: "…"}')
    }
    return answer
  }
}

// Controls and the marks that reorder text (bidi overrides and isolates) could disguise the
// reason as something the page itself says; whitespace runs would stretch it.
const UNSHOWABLE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu

/**
 * The operator's reason as a visitor may be shown it: plain text, one line, at most
 * OPERATOR_REASON_MAX_LENGTH characters (cut with an ellipsis); undefined when nothing is left.
 * It is text, never markup: the web app renders it as such.
 */
export function shownReason(reason: string | null | undefined): string | undefined {
  if (!reason) return undefined
  const text = reason.replace(UNSHOWABLE, ' ').replace(/\s+/g, ' ').trim()
  if (text === '') return undefined
  const characters = [...text]
  return characters.length <= OPERATOR_REASON_MAX_LENGTH
    ? text
    : `${characters
        .slice(0, OPERATOR_REASON_MAX_LENGTH - 1)
        .join('')
        .trimEnd()}…`
}

/** The body as text, refused past `maxBytes`, read no further than that. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw new OperatorCheckFailed(`an answer longer than ${maxBytes} bytes`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** `promise`, unless `signal` aborts first (the guard's name lookup has no timeout of its own). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(new OperatorCheckFailed(failureOf(signal.reason)))
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

function failureOf(error: unknown): string {
  const cause = error instanceof Error && (error.cause as { code?: unknown } | undefined)?.code
  const name = error instanceof Error ? error.name : 'request failed'
  return typeof cause === 'string' ? `${name} (${cause})` : name
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'not a URL'
  }
}
