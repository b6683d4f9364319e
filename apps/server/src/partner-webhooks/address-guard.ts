import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/**
 * The SSRF guard of partner webhooks: a partner names the URL, and the server POSTs to it, so
 * the URL must not reach inside our network. HTTPS only, but for loopback on the devchain (a
 * developer's receiver); loopback elsewhere, and private, link-local and unspecified addresses,
 * are refused unless a setting allows private ones. Checked when an endpoint is registered and
 * before each delivery, on every address its host resolves to; redirects are never followed
 * (the signed sender refuses them).
 */
export interface AddressPolicy {
  /** the devchain: a receiver on this machine, over plain HTTP, is allowed */
  allowLoopback: boolean
  /** PARTNER_WEBHOOKS_PRIVATE_ADDRESSES */
  allowPrivate: boolean
}

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

const PRIVATE = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4')
}
PRIVATE.addAddress('::', 'ipv6')
PRIVATE.addSubnet('fc00::', 7, 'ipv6')
PRIVATE.addSubnet('fe80::', 10, 'ipv6')

/** Why `url` may not be delivered to under `policy`, or undefined when it may. */
export async function refusedDestination(
  url: string,
  policy: AddressPolicy,
): Promise<string | undefined> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'not a URL'
  }
  if (parsed.username || parsed.password) return 'a URL with credentials'
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  let addresses: Array<{ address: string; family: number }>
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookup(host, { all: true, verbatim: true })
  } catch {
    return `its host ${host} does not resolve`
  }
  const loopback = addresses.some(({ address, family }) =>
    LOOPBACK.check(address, family === 6 ? 'ipv6' : 'ipv4'),
  )
  if (loopback) {
    if (!policy.allowLoopback) return 'a loopback address (allowed on the devchain only)'
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? undefined : 'not HTTP'
  }
  if (parsed.protocol !== 'https:') return 'not HTTPS'
  const inside = addresses.some(({ address, family }) =>
    PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4'),
  )
  if (inside && !policy.allowPrivate) return 'a private network address'
  return undefined
}
