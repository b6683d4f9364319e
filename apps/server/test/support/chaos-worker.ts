/**
 * `WORKERS` reward workers in one process, as `npm run worker` runs one, for the chaos test to
 * kill and restart at will. Test-only entry point; SIGTERM stops it cleanly.
 */
import { openChain } from '../../src/chain/open-chain.ts'
import { readEnvironment } from '../../src/config/environment.ts'
import { openDatabase } from '../../src/db/open-database.ts'
import { createRewardWorker } from '../../src/worker/create-worker.ts'
import { recordingLogger } from './worker.ts'

const env = readEnvironment()
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
const chain = await openChain(env)
const workers = Array.from({ length: Number(process.env.WORKERS ?? 1) }, () =>
  createRewardWorker(env, {
    database,
    chain: chain.connection,
    logger: recordingLogger().logger,
    retryBaseMs: 50,
    // Faults here are momentary, not a node down for minutes: retry soon, however many failed.
    retryMaxMs: 1000,
  }),
)
for (const worker of workers) await worker.start()
console.log('chaos workers running')
process.once('SIGTERM', async () => {
  for (const worker of workers) await worker.stop()
  await chain.close()
  await database.close()
  process.exit(0)
})
