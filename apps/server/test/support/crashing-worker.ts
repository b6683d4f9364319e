/**
 * A reward worker that dies the hardest way (SIGKILL) right after the chain took a payout and
 * before the payment is recorded: the worst moment for exactly-once. Test-only entry point.
 */
import { openChain } from '../../src/chain/open-chain.ts'
import { readEnvironment } from '../../src/config/environment.ts'
import { openDatabase } from '../../src/db/open-database.ts'
import { createRewardWorker } from '../../src/worker/create-worker.ts'
import { recordingLogger } from './worker.ts'

const env = readEnvironment()
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
const chain = await openChain(env)
const worker = createRewardWorker(env, {
  database,
  chain: chain.connection,
  logger: recordingLogger().logger,
  hooks: {
    afterBroadcast: () => {
      process.kill(process.pid, 'SIGKILL')
    },
  },
})
await worker.start()
