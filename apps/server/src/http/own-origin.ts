import type { FastifyRequest } from 'fastify'

/** The origin browsers use for this site: configured behind a proxy, else what the request shows. */
export function ownOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`
}
