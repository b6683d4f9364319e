import { inspect } from 'node:util'
import { ConfigurationError, readProcessEnvironment, withoutSecrets } from './config/environment.ts'
import { DataDirInUseError } from './db/data-dir-lock.ts'
import { PRIVATE_UMASK } from './db/private-directory.ts'
import { startServer } from './server.ts'

// In-flight requests get this long to finish on SIGTERM/SIGINT before the process quits anyway.
const SHUTDOWN_GRACE_MS = 10_000

async function main() {
  process.umask(PRIVATE_UMASK)
  const env = readProcessEnvironment()
  const startedAt = performance.now()
  const server = await startServer(env)
  server.app.log.info(
    { url: server.url, chain: server.chain.settings.name, database: server.database.driver },
    `Fernwood is ready at ${server.url} (started in ${Math.round(performance.now() - startedAt)} ms)`,
  )

  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    server.app.log.info({ signal }, 'shutting down')
    setTimeout(() => {
      server.app.log.error('in-flight work did not finish in time; exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS).unref()
    await server.close()
    process.exit(0)
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

/** Settles once the server answers, or once a start that failed has said why. */
export const started = main().catch((error) => {
  if (error instanceof ConfigurationError || error instanceof DataDirInUseError) {
    console.error(error.message)
  } else {
    // Whatever failed may quote the settings it was given, DATABASE_URL's password among them.
    console.error(withoutSecrets(`Fernwood could not start: ${inspect(error)}`))
  }
  process.exit(1)
})
