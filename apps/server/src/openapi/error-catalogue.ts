import { errorCodes, type FastifyError } from 'fastify'
import * as adminErrors from '../admin/errors.ts'
import * as fairnessErrors from '../fairness/errors.ts'
import * as httpErrors from '../http/errors.ts'
import { frameworkErrors, invalidRequest, serverFault } from '../http/errors-render.ts'
import * as liveErrors from '../live/errors.ts'
import * as metricsErrors from '../metrics/errors.ts'
import * as partnerApiErrors from '../partner-api/errors.ts'
import * as partnerWebhookErrors from '../partner-webhooks/errors.ts'
import * as rewardErrors from '../rewards/errors.ts'
import * as walletErrors from '../wallet/errors.ts'

/** One refusal the API can answer with: `{error: {code, message}}` and this HTTP status. */
export interface CatalogueEntry {
  code: string
  status: number
  /** the exact message; `%s` stands for what the server fills in (a wait, an account name) */
  message: string
}

/** Each capability's errors.ts; a capability with a catalogue of its own is listed here. */
const capabilityCatalogues: Array<Record<string, unknown>> = [
  adminErrors,
  fairnessErrors,
  httpErrors,
  liveErrors,
  metricsErrors,
  partnerApiErrors,
  partnerWebhookErrors,
  rewardErrors,
  walletErrors,
]

type ErrorConstructor = new () => FastifyError

const isErrorConstructor = (value: unknown): value is ErrorConstructor =>
  typeof value === 'function' && value.prototype instanceof Error

/**
 * Every error code and message the API answers with, read from the catalogues themselves so the
 * contract cannot drift from them: each capability's errors, Fastify's own refusals as we reword
 * them, a failed schema and a fault of ours. One code may come with two messages (JSON_REQUIRED).
 */
export function errorCatalogue(): CatalogueEntry[] {
  const entries: CatalogueEntry[] = []
  for (const catalogue of capabilityCatalogues) {
    // In export-name order, as a module namespace lists them: a bundle's namespace objects keep
    // declaration order instead, and the document must not change with how the server was built.
    for (const name of Object.keys(catalogue).sort()) {
      const value = catalogue[name]
      if (!isErrorConstructor(value)) continue
      const { code, statusCode, message } = new value()
      entries.push({ code, status: statusCode ?? 500, message })
    }
  }
  const fastifyErrors = errorCodes as unknown as Record<string, ErrorConstructor>
  for (const [fastifyCode, { code, message }] of Object.entries(frameworkErrors)) {
    entries.push({ code, status: new fastifyErrors[fastifyCode]().statusCode ?? 400, message })
  }
  entries.push(
    { ...invalidRequest, status: 400 },
    { ...serverFault, status: 500 },
    // A 5xx the live route renders itself (the error handler would call it our own fault).
    { ...liveErrors.STREAMS_AT_CAPACITY, status: 503 },
    // A grant refused as a claim is, by the claim's own code.
    ...partnerApiErrors.grantRefusals(),
  )
  return entries
}
