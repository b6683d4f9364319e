import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { precompress } from './precompress.ts'

const serverUrl = process.env.FERNWOOD_SERVER_URL ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react(), precompress(), deferCloudWalletAppSync(), deferSigningRequest()],
  build: {
    // bench/bundle-size.ts reads it to tell what the login screen loads from what is lazy.
    manifest: true,
  },
  server: {
    // Without changeOrigin the proxy keeps the browser's Host header, so the server's same-origin
    // check for state-changing requests compares the Origin with the dev server's own address.
    proxy: {
      '/api': serverUrl,
      '/devchain': serverUrl,
    },
  },
})

/** Cloud Wallet 1.5.0's imports of its AppSync client (aws-amplify), and what stands in for them. */
const APP_SYNC_IMPORTS = new Set(['aws-amplify', 'aws-amplify/api', 'aws-amplify/data'])
const appSyncOnDemand = fileURLToPath(
  new URL('./src/wallet/cloud-wallet-app-sync.ts', import.meta.url),
)

/**
 * Cloud Wallet 1.5.0 imports AWS Amplify's AppSync client (about 200 KB) at its top, for its phone
 * app's direct connect alone: its imports of it resolve to src/wallet/cloud-wallet-app-sync.ts,
 * which fetches the client when the direct connect first uses it. Nothing else is redirected.
 */
function deferCloudWalletAppSync(): Plugin {
  return {
    name: 'fernwood:defer-cloud-wallet-appsync',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromCloudWallet150 = importer?.includes('/@wharfkit/wallet-plugin-cloudwallet/')
      return fromCloudWallet150 && APP_SYNC_IMPORTS.has(source) ? appSyncOnDemand : null
    },
  }
}

/** The kit's WharfKit libraries' imports of the ESR code, by importing package. */
const ESR_IMPORTS: Array<[string, Set<string>]> = [
  ['/@wharfkit/session/', new Set(['@wharfkit/signing-request', 'pako'])],
  // Antelope packs transactions with pako, which only signing and sending them involves.
  ['/@wharfkit/antelope/', new Set(['pako'])],
]
const signingRequestDeferred = fileURLToPath(
  new URL('./src/wallet/signing-request-deferred.ts', import.meta.url),
)

/**
 * @wharfkit/session imports the ESR code (the signing-request library and pako, about 20 KB on
 * the wire) at its top, though it builds signing requests only to sign, and so does Antelope for
 * pako: those imports resolve to src/wallet/signing-request-deferred.ts, whose bindings the real
 * code fills once a wallet that needs it is fetched. Every other importer, the deferred bindings' provider
 * src/wallet/signing-request.ts among them, gets the real modules.
 */
function deferSigningRequest(): Plugin {
  return {
    name: 'fernwood:defer-signing-request',
    enforce: 'pre',
    resolveId(source, importer) {
      const deferred = ESR_IMPORTS.some(
        ([from, sources]) => importer?.includes(from) && sources.has(source),
      )
      return deferred ? signingRequestDeferred : null
    },
  }
}
