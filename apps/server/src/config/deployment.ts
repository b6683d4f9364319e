import { isLoopbackHost } from '../http/own-origin.ts'
import { ConfigurationError, type Environment } from './environment.ts'

/**
 * Fastify's `trustProxy` from TRUST_PROXY: false, how many proxies stand in front of the server
 * (each appends the address it saw to X-Forwarded-For, so only that many entries from the right
 * are believed), or the proxies' own addresses and CIDR ranges. `true` would believe the whole
 * header, which any client writes as it likes, so it is refused.
 */
export function trustedProxies(
  setting: string,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === 'false' || setting === '0') return false
  if (setting === 'true') {
    throw new ConfigurationError(
      'TRUST_PROXY',
      'true would believe any client’s X-Forwarded-For; give the number of proxies in front of the server (e.g. 1) or their addresses',
      setting,
    )
  }
  if (/^[0-9]+$/.test(setting)) {
    // Fastify's own meaning of a number (hops counted from our socket's peer), in the form its
    // types accept.
    const hops = Number(setting)
    return (_address, hop) => hop < hops
  }
  return setting.split(',').map((address) => address.trim())
}

/**
 * Refuses to start on a dangerous combination of settings, naming it; returns the warnings for a
 * combination an operator explicitly chose (the devchain on a public deployment).
 */
export function checkDeployment(env: Environment): string[] {
  trustedProxies(env.TRUST_PROXY)
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
    throw new ConfigurationError(
      'HEADERS_TIMEOUT_MS',
      `must not exceed REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS}), which the headers are part of`,
      env.HEADERS_TIMEOUT_MS,
    )
  }
  const beyondLoopback = !isLoopbackHost(env.HOST)
  if (beyondLoopback && !env.PUBLIC_ORIGIN) {
    throw new ConfigurationError(
      'PUBLIC_ORIGIN',
      `required when HOST=${env.HOST} serves other machines: set the origin browsers use, e.g. https://fernwood.example, or HOST=127.0.0.1`,
      env.PUBLIC_ORIGIN,
    )
  }
  const publiclyServed = beyondLoopback || env.PUBLIC_ORIGIN?.startsWith('https://') === true
  if (env.CHAIN !== 'devchain' || !publiclyServed) return []
  const exposure = beyondLoopback ? `HOST=${env.HOST}` : `PUBLIC_ORIGIN=${env.PUBLIC_ORIGIN}`
  if (!env.DEVCHAIN_PUBLIC) {
    throw new ConfigurationError(
      'CHAIN',
      `the devchain's keys are public (anyone can sign as any account, and as WAX's proof.wax), so it must not be served publicly (${exposure}); set CHAIN=wax, or DEVCHAIN_PUBLIC=true for a throwaway demo`,
      env.CHAIN,
    )
  }
  return [
    `DEVCHAIN_PUBLIC=true: the devchain is served publicly (${exposure}). Its keys are public: anyone can sign as any account, bind any account and spend the payout account. Use it for throwaway demos only.`,
  ]
}
