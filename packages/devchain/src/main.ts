import { startDevchain } from './devchain'

const port = Number(process.env.DEVCHAIN_PORT ?? 8888)
const host = process.env.DEVCHAIN_HOST ?? '127.0.0.1'
const dataDir = process.env.DEVCHAIN_DATA_DIR || undefined
// The sites (origins) whose pages may push transactions, e.g. http://127.0.0.1:3000 for a Fernwood
// server started with DEVCHAIN_URL; programs on this machine send no Origin and always may.
const writeOrigins = (process.env.DEVCHAIN_WRITE_ORIGINS ?? '').split(',').flatMap((origin) => {
  const trimmed = origin.trim()
  return trimmed ? [trimmed] : []
})
const lag = process.env.DEVCHAIN_IRREVERSIBLE_LAG
const irreversibleLag = lag ? Number(lag) : undefined
if (irreversibleLag !== undefined && !(Number.isInteger(irreversibleLag) && irreversibleLag >= 0)) {
  throw new Error(`DEVCHAIN_IRREVERSIBLE_LAG must be a whole number of blocks, not ${lag}`)
}

const devchain = await startDevchain({ port, host, dataDir, irreversibleLag, writeOrigins })
console.log(`devchain listening on ${devchain.url}`)
console.log(`chain id ${devchain.chainId}`)
console.log(
  `resources control (from this machine only): POST ${devchain.url}/v1/devchain/set_account_resources`,
)
console.log(
  dataDir ? `state in ${dataDir}` : 'state in memory only (set DEVCHAIN_DATA_DIR to keep it)',
)

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  console.log(`${signal}: stopping devchain`)
  await devchain.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
