/**
 * Devchain figures: how long it takes from createDevchain to the first answered get_info; how
 * many signed transfers per second it accepts from one client (a WharfKit Session with the
 * privatekey plugin, sequential, over HTTP); how many transfers per second it executes in
 * transactions of 50 (the payout worker's batch, signed beforehand, sent one after another), with
 * what each costs in the CPU and NET it bills; and the memory the process holds after. Prints
 * figures only.
 *
 *   npm run devchain -w @fernwood/bench
 *
 * BENCH_TRANSFERS (500) single transfers, BENCH_BATCHES (40) transactions of BENCH_BATCH_SIZE (50).
 */
import {
  DEVCHAIN_CHAIN_ID,
  PAYOUT_ACCOUNT,
  PAYOUT_PRIVATE_KEY,
  startDevchain,
} from '@fernwood/devchain'
import {
  ABI,
  Action,
  APIClient,
  PrivateKey,
  SignedTransaction,
  Transaction,
} from '@wharfkit/antelope'
import { Session } from '@wharfkit/session'
import { WalletPluginPrivateKey } from '@wharfkit/wallet-plugin-privatekey'

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 500)
const BATCHES = Number(process.env.BENCH_BATCHES ?? 40)
const BATCH_SIZE = Number(process.env.BENCH_BATCH_SIZE ?? 50)
const RECIPIENTS = ['alice.wam', 'bob.wam', 'carol.wam']

const rssBefore = process.memoryUsage().rss
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

/** Transactions of BATCH_SIZE transfers, signed before the clock starts, as a worker holds them. */
const client = new APIClient({ url: devchain.url })
const { abi } = await client.v1.chain.get_abi('fern.token')
const key = PrivateKey.from(PAYOUT_PRIVATE_KEY)
const header = (await client.v1.chain.get_info()).getTransactionHeader(600)
const batches = Array.from({ length: BATCHES }, (_, batch) => {
  const transaction = Transaction.from({
    ...header,
    actions: Array.from({ length: BATCH_SIZE }, (_, index) =>
      Action.from(
        {
          account: 'fern.token',
          name: 'transfer',
          authorization: [{ actor: PAYOUT_ACCOUNT, permission: 'active' }],
          data: {
            from: PAYOUT_ACCOUNT,
            to: RECIPIENTS[index % RECIPIENTS.length],
            quantity: '0.0001 FERN',
            memo: `batch ${batch} ${index}`,
          },
        },
        ABI.from(abi ?? {}),
      ),
    ),
  })
  return SignedTransaction.from({
    ...transaction,
    signatures: [key.signDigest(transaction.signingDigest(DEVCHAIN_CHAIN_ID))],
  })
})
let billedCpuUs = 0
let billedNetBytes = 0
const batchesStartedAt = performance.now()
for (const signed of batches) {
  const { processed } = await client.v1.chain.send_transaction(signed)
  billedCpuUs += Number(processed.receipt.cpu_usage_us)
  billedNetBytes += Number(processed.receipt.net_usage_words) * 8
}
const batchSeconds = (performance.now() - batchesStartedAt) / 1000
const batchTransfers = BATCHES * BATCH_SIZE
const rssAfter = process.memoryUsage().rss
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
console.log(
  `batch ${BATCH_SIZE}: ${batchTransfers} transfers in ${BATCHES} transactions sent one after another: ${(batchTransfers / batchSeconds).toFixed(0)} transfers/s`,
)
console.log(
  `billed per transfer at batch ${BATCH_SIZE}: CPU ${(billedCpuUs / batchTransfers).toFixed(0)} µs (VM time), NET ${(billedNetBytes / batchTransfers).toFixed(1)} bytes`,
)
console.log(
  `process RSS: ${(rssBefore / 1e6).toFixed(0)} MB before the devchain, ${(rssAfter / 1e6).toFixed(0)} MB after (+${((rssAfter - rssBefore) / 1e6).toFixed(0)} MB)`,
)
