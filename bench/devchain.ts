/**
 * Devchain figures: how long it takes from createDevchain to the first answered get_info, and
 * how many signed transfers per second it accepts from one client (a WharfKit Session with the
 * privatekey plugin, sequential, over HTTP). Prints figures only.
 */
import {
  DEVCHAIN_CHAIN_ID,
  PAYOUT_ACCOUNT,
  PAYOUT_PRIVATE_KEY,
  startDevchain,
} from '@fernwood/devchain'
import { Session } from '@wharfkit/session'
import { WalletPluginPrivateKey } from '@wharfkit/wallet-plugin-privatekey'

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 500)

const startedAt = performance.now()
const devchain = await startDevchain({ port: 0 })
const firstInfo = await fetch(`${devchain.url}/v1/chain/get_info`)
await firstInfo.json()
const startMs = performance.now() - startedAt

const session = new Session({
  chain: { id: DEVCHAIN_CHAIN_ID, url: devchain.url },
  actor: PAYOUT_ACCOUNT,
  permission: 'active',
  walletPlugin: new WalletPluginPrivateKey(PAYOUT_PRIVATE_KEY),
})

const latencies: number[] = []
const transfersStartedAt = performance.now()
for (let index = 0; index < TRANSFERS; index++) {
  const sentAt = performance.now()
  await session.transact({
    action: {
      account: 'fern.token',
      name: 'transfer',
      authorization: [session.permissionLevel],
      data: {
        from: PAYOUT_ACCOUNT,
        to: 'alice.wam',
        quantity: '0.0001 FERN',
        // Distinct memos keep otherwise identical transfers from sharing a transaction id.
        memo: `bench ${index}`,
      },
    },
  })
  latencies.push(performance.now() - sentAt)
}
const transfersSeconds = (performance.now() - transfersStartedAt) / 1000
await devchain.close()

latencies.sort((a, b) => a - b)
const percentile = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]
console.log(`devchain start (createDevchain → first get_info answered): ${startMs.toFixed(0)} ms`)
console.log(
  `transfers: ${TRANSFERS} sequential signed transfers in ${transfersSeconds.toFixed(2)} s = ${(TRANSFERS / transfersSeconds).toFixed(1)} transfers/s`,
)
console.log(
  `per transfer (get_info + sign + send_transaction): p50 ${percentile(0.5).toFixed(1)} ms, p95 ${percentile(0.95).toFixed(1)} ms`,
)
