import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { NodeError, nodeErrors } from '../errors'

/** How an endpoint reads its body, after nodeos' parse_params kinds. */
export type BodyKind = 'none' | 'required'

declare module 'fastify' {
  interface FastifyContextConfig {
    nodeBody?: BodyKind
  }
}

/** An Antelope account name: up to 12 characters of a-z, 1-5 and '.', a 13th of a-j. */
const NAME_PATTERN = '^[.1-5a-z]{0,12}[.1-5a-j]?$'
export const nameSchema = { type: 'string', pattern: NAME_PATTERN } as const

function parseBody(request: FastifyRequest): unknown {
  const kind = request.routeOptions.config.nodeBody ?? 'required'
  const raw = typeof request.body === 'string' ? request.body.trim() : ''
  let parsed: unknown
  if (raw !== '') {
    try {
      parsed = JSON.parse(raw)
    } catch {
      throw nodeErrors.unparsableBody()
    }
  }
  const isEmptyObject =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.keys(parsed).length === 0
  if (kind === 'none') {
    if (raw === '' || isEmptyObject) return {}
    throw nodeErrors.unparsableBody()
  }
  if (raw === '' || isEmptyObject) throw nodeErrors.requestBodyRequired()
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw nodeErrors.unparsableBody()
  }
  return parsed
}

/**
 * Makes an encapsulated Fastify context answer like nodeos' http_plugin: any content type is
 * read as JSON text (WharfKit posts `text/plain`), malformed or mistyped bodies and unknown
 * endpoints get the node's error bodies, and every error renders as `{code, message, error}`.
 * (Its CORS headers are `guardWrites`' business.)
 */
export function speakNodeApi(app: FastifyInstance): void {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.nodeBody !== undefined) request.body = parseBody(request)
  })
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const nodeError =
      error instanceof NodeError
        ? error
        : 'validation' in error || String(error.code ?? '').startsWith('FST_ERR_CTP')
          ? nodeErrors.unparsableBody()
          : nodeErrors.internal(error.message)
    return reply.code(nodeError.status).send(nodeError.toBody())
  })
  const unknownEndpoint = (_request: FastifyRequest, reply: FastifyReply) => {
    const error = nodeErrors.unknownEndpoint()
    return reply.code(error.status).send(error.toBody())
  }
  // A route of its own, not only the not-found handler: a site mounting the node API under a
  // prefix then sees every path under it matched here, and leaves its answer to the node (the
  // Fernwood server's same-origin guard would otherwise refuse a POST to an unknown path as a
  // cross-site request, where nodeos answers 404).
  app.all('/*', unknownEndpoint)
  app.setNotFoundHandler(unknownEndpoint)
}
