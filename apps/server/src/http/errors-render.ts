import type { FastifyError, FastifyInstance } from 'fastify'

/**
 * The body of every refused request: a stable code to branch on and a message to show, and the
 * request body's property it concerns when it concerns one (an error's own `field`).
 */
export interface ErrorBody {
  error: { code: string; message: string; field?: string }
}

// Fastify's own refusals, reworded for the people who read them.
export const frameworkErrors: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'INVALID_JSON',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'JSON_REQUIRED',
    message: 'Send the request body as JSON.',
  },
}

/** A body that fails its route's schema; the message ends with what is wrong. */
export const invalidRequest = { code: 'INVALID_REQUEST', message: 'Invalid request: %s' }
/** A fault of ours; its details go to the log, never to the client. */
export const serverFault = { code: 'INTERNAL', message: 'Something went wrong on our side.' }

export function errorBody(code: string, message: string, field?: string): ErrorBody {
  return { error: field === undefined ? { code, message } : { code, message, field } }
}

/** Renders every error as `{error: {code, message}}`; details of server faults stay in the log. */
export function installErrorHandler(app: FastifyInstance) {
  type Refusal = FastifyError & { retryAfterSeconds?: number; field?: string }
  app.setErrorHandler((error: Refusal, request, reply) => {
    const status = error.statusCode ?? 500
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds)
    if (error.validation) {
      return reply
        .status(400)
        .send(errorBody(invalidRequest.code, invalidRequest.message.replace('%s', error.message)))
    }
    // A 503 with a Retry-After is a refusal we meant (a node down, try again), worded for the
    // client; any other 5xx is a fault whose details stay in the log.
    if (status >= 500 && !(status === 503 && error.retryAfterSeconds !== undefined)) {
      request.log.error({ err: error }, 'request failed')
      return reply.status(status).send(errorBody(serverFault.code, serverFault.message))
    }
    const known = frameworkErrors[error.code]
    if (known) return reply.status(status).send(errorBody(known.code, known.message))
    return reply
      .status(status)
      .send(errorBody(error.code ?? 'BAD_REQUEST', error.message, error.field))
  })
}
