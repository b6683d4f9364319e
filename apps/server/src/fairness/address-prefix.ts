import { isIPv4 } from 'node:net'

/**
 * The network a client address belongs to, as the human check counts accounts behind it: an
 * IPv4 address's /24, an IPv6 address's /64 (one subscriber's line usually holds a whole /64,
 * and a farm's neighbouring IPv4 hosts share their /24). `address` is the rate limits' client
 * address (http/rate-limit.ts): the proxies' X-Forwarded-For as TRUST_PROXY allows, IPv6
 * already widened to its /64 and IPv4-mapped addresses unwrapped.
 */
export function addressPrefix(address: string): string {
  if (isIPv4(address)) return `${address.slice(0, address.lastIndexOf('.'))}.0/24`
  return `${address}/64`
}
