import { APIClient } from '@wharfkit/antelope'
import Fastify, { type FastifyPluginAsync } from 'fastify'
import { lazySchemaCompilers } from '../http/lazy-schema-compilers.ts'
import type { ChainSettings } from './chain-settings.ts'

/** How this process reaches its chain: WharfKit clients and sessions take `fetch` and `apiUrl`. */
export interface ChainConnection {
  settings: ChainSettings
  /** the API node's URL as WharfKit clients should use it with `fetch` */
  apiUrl: string
  fetch: typeof fetch
  client: APIClient
  close(): Promise<void>
}

/** A node reached over the network: WAX, or a devchain started on its own. */
export function remoteChain(settings: ChainSettings): ChainConnection {
  return {
    settings,
    apiUrl: settings.apiUrl,
    fetch,
    client: new APIClient({ url: settings.apiUrl, fetch }),
    close: async () => undefined,
  }
}

// Requests to this host never leave the process; the name only has to be a valid URL.
const IN_PROCESS_URL = 'http://devchain.in-process'

/**
 * The embedded devchain, answered by its own Fastify instance inside this process: the node API's
 * real routes, JSON and errors, with no socket and no dependency on our HTTP port. Each route's
 * schemas are compiled when a request first needs them: compiled all at once, with Ajv's
 * meta-schema, they held up every start of the server by about 50 ms.
 */
export async function inProcessChain(
  settings: ChainSettings,
  nodeApi: FastifyPluginAsync,
): Promise<ChainConnection> {
  const node = Fastify({
    logger: false,
    schemaController: { compilersFactory: lazySchemaCompilers().compilersFactory },
  })
  await node.register(nodeApi)
  await node.ready()
  const injectFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const body = request.body ? await request.text() : undefined
    const response = await node.inject({
      method: request.method as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body !== undefined && { payload: body }),
    })
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: Object.entries(response.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, String(value)] as [string, string]],
      ),
    })
  }
  return {
    settings,
    apiUrl: IN_PROCESS_URL,
    fetch: injectFetch,
    client: new APIClient({ url: IN_PROCESS_URL, fetch: injectFetch }),
    close: () => node.close(),
  }
}
