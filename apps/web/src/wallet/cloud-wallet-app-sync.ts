import type { ResourcesConfig } from 'aws-amplify'
import type { events as appSyncEvents } from 'aws-amplify/api'

/**
 * What Cloud Wallet 1.5.0 imports from `aws-amplify`, `aws-amplify/api` and `aws-amplify/data`
 * (vite.config.ts points its imports here): the same calls, with the AppSync client behind them
 * fetched on first use. The plugin configures Amplify and makes its GraphQL client as it is built,
 * but talks to WAX's device-connect channel only for a phone's direct connect; on a desktop, or a
 * phone logging in on the web, the client is never fetched.
 */

let configuration: ResourcesConfig | undefined
let loading: Promise<typeof import('./cloud-wallet-app-sync-client')> | undefined

function appSync() {
  loading ??= import('./cloud-wallet-app-sync-client').then((client) => {
    if (configuration) client.Amplify.configure(configuration)
    return client
  })
  return loading
}

export const Amplify = {
  configure(resources: ResourcesConfig): void {
    configuration = resources
  },
}

/** The one request the plugin makes with its GraphQL client: a publish to a channel. */
interface ChannelPublish {
  query: string
  variables: Record<string, unknown>
  authToken?: string
}

export function generateClient() {
  return {
    graphql: async (request: ChannelPublish) => {
      const client: { graphql(request: ChannelPublish): unknown } = (
        await appSync()
      ).generateClient()
      return client.graphql(request)
    },
  }
}

export const events = {
  connect: async (...connection: Parameters<typeof appSyncEvents.connect>) =>
    (await appSync()).events.connect(...connection),
  // Nothing is open unless the client was fetched.
  closeAll: async () => {
    if (loading) await (await loading).events.closeAll()
  },
}
