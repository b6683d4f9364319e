import createClient, { type Client } from 'openapi-fetch'
import pRetry from 'p-retry'
import type { paths } from './schema.d.ts'

/** The partner API's operations, typed from the server's OpenAPI document (`schema.d.ts`). */
export type { paths }

export type FernwoodClient = Client<paths>

export interface FernwoodClientOptions {
  /** the Fernwood site, e.g. https://rewards.example.com */
  baseUrl: string
  /** the API key's secret (`fwk_…`), as the operator handed it over */
  apiKey: string
  /** another fetch (a test's, a proxy's); the global one by default */
  fetch?: typeof fetch
}

/** A client of `/api/v1` that sends the key with every request. */
export function createFernwoodClient(options: FernwoodClientOptions): FernwoodClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch && { fetch: options.fetch }),
  })
}

export type GrantRequest =
  paths['/api/v1/grants']['post']['requestBody']['content']['application/json']

/** How `grantReward` retries: how often at most, and the first wait (each later one doubles). */
export interface RetryPolicy {
  attempts: number
  firstDelayMs: number
}

const RETRIED_STATUSES = new Set([409, 429, 500, 502, 503, 504])

const postGrant = (client: FernwoodClient, grant: GrantRequest, idempotencyKey: string) =>
  client.POST('/api/v1/grants', {
    params: { header: { 'idempotency-key': idempotencyKey } },
    body: grant,
  })

type GrantAnswer = Awaited<ReturnType<typeof postGrant>>

/** An answer worth another attempt, carried through p-retry as its failure. */
class RetriedAnswer extends Error {
  constructor(readonly answer: GrantAnswer) {
    super(`the server answered ${answer.response.status}`)
  }
}

/**
 * Grants a reward, retrying what may safely be retried (the network failed, the server was busy
 * or still handling the first attempt) under one Idempotency-Key: however many attempts reach
 * the server, the account gets one reward. Answers the last response: the grant, or a refusal to
 * read by its `error.code`. A Retry-After the server sends is waited out before the next attempt.
 */
export async function grantReward(
  client: FernwoodClient,
  grant: GrantRequest,
  { attempts, firstDelayMs }: RetryPolicy = { attempts: 5, firstDelayMs: 500 },
  idempotencyKey: string = crypto.randomUUID(),
): Promise<GrantAnswer> {
  try {
    return await pRetry(
      async () => {
        const answer = await postGrant(client, grant, idempotencyKey)
        if (RETRIED_STATUSES.has(answer.response.status)) throw new RetriedAnswer(answer)
        return answer
      },
      {
        retries: attempts - 1,
        minTimeout: firstDelayMs,
        factor: 2,
        async onFailedAttempt({ error, retriesLeft }) {
          const retryAfter =
            error instanceof RetriedAnswer &&
            Number(error.answer.response.headers.get('retry-after'))
          if (retryAfter && retriesLeft > 0) await delay(retryAfter * 1000)
        },
      },
    )
  } catch (error) {
    if (error instanceof RetriedAnswer) return error.answer
    throw error
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
