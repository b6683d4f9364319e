import type { LookupAddress } from 'node:dns'
import { lookup } from 'node:dns/promises'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import type { Agent } from 'undici'

/**
 * The SSRF guard of every URL someone else names and the server POSTs to (partner webhooks, a
 * campaign's check URL): it must not reach inside our network. HTTPS only, but for loopback on
 * the devchain (a developer's receiver); loopback elsewhere, and private, link-local and
 * unspecified addresses (IPv4-mapped IPv6 ones among them), are refused unless a setting allows
 * private ones. Checked when a URL is saved, for a clear answer, and again where it counts: on
 * the addresses a request connects to (guardedAgent), so a name that resolves elsewhere between
 * the two (DNS rebinding) gains nothing. Redirects are never followed (the senders refuse them).
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

/** Why `address` may not be connected to under `policy`, or undefined when it may. */
function refusedAddress({ address, family }: LookupAddress, policy: AddressPolicy) {
  const type = family === 6 ? 'ipv6' : 'ipv4'
  if (LOOPBACK.check(address, type)) {
    return policy.allowLoopback ? undefined : 'a loopback address (allowed on the devchain only)'
  }
  return PRIVATE.check(address, type) && !policy.allowPrivate
    ? 'a private network address'
    : undefined
}

/** How a host name becomes addresses: the system's resolver, or a test's name server. */
type Resolver = (hostname: string) => Promise<LookupAddress[]>

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true })

/** A name resolution that refuses, as the guard does, any address it would hand the socket. */
export function guardedLookup(
  policy: AddressPolicy,
  resolve: Resolver = systemResolver,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = addresses.filter(
          ({ family }) => !options.family || family === options.family,
        )
        const refused = wanted.map((address) => refusedAddress(address, policy)).find(Boolean)
        if (refused || wanted.length === 0) {
          const error = Object.assign(
            new Error(`${hostname}: ${refused ?? 'no address of the family asked for'}`),
            { code: 'EADDRREFUSED' },
          )
          callback(error, '', 0)
        } else if (options.all) {
          callback(null, wanted)
        } else {
          callback(null, wanted[0].address, wanted[0].family)
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    )
  }
}

/**
 * An HTTP agent whose connections go only where the guard allows, checked on the very addresses
 * they connect to. A URL naming an address rather than a host is connected to without a lookup:
 * refusedDestination has checked that address itself. Made, undici and all, when the first
 * request is about to go out, not as the server starts: loading undici (it compiles its HTTP
 * parser from WebAssembly) was some 30 ms of every start.
 */
export async function guardedAgent(policy: AddressPolicy, resolve?: Resolver): Promise<Agent> {
  const { Agent } = await import('undici')
  return new Agent({ connect: { lookup: guardedLookup(policy, resolve) } })
}

/**
 * `guardedAgent` for `policy`, made the first time a request asks for it and kept for the next;
 * a failure to make it is not kept, so the next request tries again.
 */
export function guardedAgentOnDemand(policy: AddressPolicy): () => Promise<Agent> {
  let agent: Promise<Agent> | undefined
  return () => {
    agent ??= guardedAgent(policy).catch((error: unknown) => {
      agent = undefined
      throw error
    })
    return agent
  }
}
