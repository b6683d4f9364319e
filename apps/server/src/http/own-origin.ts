import type { FastifyRequest } from 'fastify'

/**
 * Whether `host` (a name or an address, without port) names this machine's loopback interface:
 * `localhost` and its subdomains, 127.0.0.0/8, ::1.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    name === '::1' ||
    name === '::ffff:127.0.0.1'
  )
}

/**
 * The origin browsers use for this site: PUBLIC_ORIGIN when configured. Without it the server
 * serves this machine only (start-up refuses otherwise), so the request's own origin counts only
 * when it names a loopback host: a page on another name resolving here (DNS rebinding) has none.
 */
export function ownOrigin(
  request: FastifyRequest,
  publicOrigin: string | undefined,
): string | undefined {
  if (publicOrigin) return publicOrigin
  return isLoopbackHost(request.hostname) ? `${request.protocol}://${request.host}` : undefined
}

/**
 * HTTPS as the browser sees the site: PUBLIC_ORIGIN says so even when a proxy speaks plain HTTP
 * to us; without it, the request itself tells (its X-Forwarded-Proto only under TRUST_PROXY).
 */
export function servedOverHttps(
  request: FastifyRequest,
  publicOrigin: string | undefined,
): boolean {
  return publicOrigin ? publicOrigin.startsWith('https://') : request.protocol === 'https'
}

/**
 * The origin browsers use, known without a request (the admin CLI's printed claim links):
 * PUBLIC_ORIGIN, else the address and port the server listens on, since without PUBLIC_ORIGIN it
 * serves only this machine.
 */
export function configuredOrigin(env: {
  PUBLIC_ORIGIN?: string
  HOST: string
  PORT: number
}): string {
  if (env.PUBLIC_ORIGIN) return env.PUBLIC_ORIGIN
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST
  return `http://${host}:${env.PORT}`
}
