import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** The lock's file inside DATA_DIR: the owner's pid, as PostgreSQL's `postmaster.pid` holds it. */
export const LOCK_FILE = 'fernwood.pid'

// Taking over a stale lock races only with other processes starting at the same moment; each
// round either takes the lock or learns who holds it, so a few rounds settle it.
const ATTEMPTS = 5

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another running Fernwood process (pid ${ownerPid}). ` +
        'Stop that process or start this one with a different DATA_DIR.',
    )
    this.name = 'DataDirInUseError'
  }
}

/**
 * Takes the data directory for this process alone: PGlite and the devchain state inside it are
 * single-writer, and two writers would corrupt them. The lock file names the owner's pid; a
 * lock whose owner is no longer running (a crash, `kill -9`, power loss) is taken over at once,
 * as PostgreSQL does, so a supervisor can restart a crashed server immediately. Resolves to the
 * release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, LOCK_FILE)
  // Written whole beside the lock and linked into place, so nobody ever reads a half-written pid.
  const ourFile = `${lockPath}.${process.pid}`
  await writeFile(ourFile, `${process.pid}\n`)
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        await link(ourFile, lockPath)
        return async () => {
          if ((await ownerOf(lockPath)) === process.pid) await unlink(lockPath)
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const owner = await ownerOf(lockPath)
      if (owner !== undefined && isAnotherLiveProcess(owner)) {
        throw new DataDirInUseError(dataDir, owner)
      }
      await removeStaleLock(lockPath, owner)
    }
    throw new Error(`could not lock DATA_DIR ${dataDir}: other processes kept taking it over`)
  } finally {
    await unlink(ourFile).catch(() => undefined)
  }
}

/** The pid in the lock file; undefined when it is gone or holds no pid. */
async function ownerOf(lockPath: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(lockPath, 'utf8'), 10)
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * Whether `pid` is a running process other than us. Our own pid and our parent's count as not
 * running, as in PostgreSQL: after a restart (in a container, say) the dead owner's pid may have
 * been given to us or to the supervisor that started us.
 */
function isAnotherLiveProcess(pid: number): boolean {
  if (pid === process.pid || pid === process.ppid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes the lock of `deadOwner`, unless someone took it over since we looked. It is first
 * moved aside (atomically, so two processes cannot both remove it): if what was moved names
 * another owner after all, that process's lock is put back.
 */
async function removeStaleLock(lockPath: string, deadOwner: number | undefined): Promise<void> {
  const aside = `${lockPath}.stale.${process.pid}`
  try {
    await rename(lockPath, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  try {
    if ((await ownerOf(aside)) !== deadOwner) {
      await link(aside, lockPath).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error
      })
    }
  } finally {
    await unlink(aside)
  }
}
