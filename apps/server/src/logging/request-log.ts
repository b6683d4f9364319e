import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'

/** Polled every few seconds by load balancers and supervisors; a line each would drown the log. */
const QUIET_ROUTES = new Set(['/api/health', '/api/ready'])

/**
 * One log line per request, when its response is done: method, URL, status, time taken
 * (Fastify's default writes two, and logs every health check). The arrival of a request is
 * logged at debug level only: it matters for the live feed, whose response stays open.
 */
export class RequestLog extends LogController {
  constructor() {
    super({ disableRequestLogging: (request) => QUIET_ROUTES.has(request.routeOptions.url ?? '') })
  }

  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return
    request.log.debug({ req: request }, 'incoming request')
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}
