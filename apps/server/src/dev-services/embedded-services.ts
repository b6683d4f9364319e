import { devAnchorPage } from '@fernwood/devanchor'
import { createRelay } from '@fernwood/relay'
import type { APIClient } from '@wharfkit/antelope'
import type { FastifyPluginAsync } from 'fastify'
import { ownOrigin } from '../http/own-origin.ts'
import { clientAddress } from '../http/rate-limit.ts'

/**
 * Where this server serves the development services it embeds. Like any node's API they are open
 * to other origins, so the same-origin guard leaves this prefix alone.
 */
export const DEV_SERVICES_PREFIX = '/devchain'
/** Anchor's relay on the devchain, as the public config names it to browsers. */
export const DEVCHAIN_RELAY_PATH = `${DEV_SERVICES_PREFIX}/relay`

/** A service this server embeds for development: its routes, served under its own prefix. */
export interface EmbeddedService {
  prefix: string
  plugin: FastifyPluginAsync
}

export interface DevchainServicesOptions {
  client: APIClient
  /** RELAY_URL: when set, the Dev Anchor page answers through that relay instead of ours */
  relayUrl: string | undefined
  publicOrigin: string | undefined
}

/**
 * What the devchain brings besides its node API: the relay Anchor's plugin talks through, and the
 * Dev Anchor page that plays the phone. Both close with the server.
 */
export function devchainServices(options: DevchainServicesOptions): EmbeddedService[] {
  const relay = createRelay()
  return [
    { prefix: DEVCHAIN_RELAY_PATH, plugin: relay.plugin },
    {
      prefix: `${DEV_SERVICES_PREFIX}/anchor`,
      plugin: devAnchorPage({
        client: options.client,
        relayUrlFor: (request) => {
          if (options.relayUrl) return options.relayUrl
          const origin = ownOrigin(request, options.publicOrigin)
          return origin && `${origin}${DEVCHAIN_RELAY_PATH}`
        },
        // Its limit counts in this process, as the relay and the link sessions live here too.
        clientAddress,
      }),
    },
  ]
}
