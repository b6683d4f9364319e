import { startRelay } from './relay.ts'

const port = Number(process.env.RELAY_PORT ?? 8090)
const host = process.env.RELAY_HOST ?? '127.0.0.1'

const relay = await startRelay({ port, host, logger: { level: 'info' } })
console.log(`relay listening on ${relay.url} (point RELAY_URL at it)`)

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  console.log(`${signal}: stopping the relay`)
  await relay.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
