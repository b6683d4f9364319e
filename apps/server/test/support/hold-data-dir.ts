import { DataDirInUseError, lockDataDir } from '../../src/db/data-dir-lock.ts'

/**
 * A process that takes the DATA_DIR named by its first argument and holds it until killed,
 * printing `locked <pid>` or `in use <owner pid>`: another process, as the lock's tests need.
 */
try {
  await lockDataDir(process.argv[2])
  console.log(`locked ${process.pid}`)
  setInterval(() => undefined, 60_000)
} catch (error) {
  if (!(error instanceof DataDirInUseError)) throw error
  console.log(`in use ${error.ownerPid}`)
}
