import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { processIdentity, processState } from './process-state.ts'

/**
 * The lock's file inside DATA_DIR: the owner's pid, as PostgreSQL's `postmaster.pid` holds it,
 * then, where the system tells it, the owner's identity (see `processIdentity`).
 */
export const LOCK_FILE = 'fernwood.pid'

// Taking over a stale lock races only with other processes starting at the same moment; each
// round either takes the lock or learns who holds it, so a few rounds settle it.
const ATTEMPTS = 5

// A killed owner is waited for while a write it had begun may finish: the kernel ends it within
// milliseconds, unless it is stuck on a dead disk or network filesystem.
const KILLED_OWNER_WAIT_MS = 5000
const KILLED_OWNER_POLL_MS = 10

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
 * lock whose owner no longer runs (a crash, `kill -9`, power loss) is taken over at once, as
 * PostgreSQL does, so a supervisor can restart a crashed server immediately. An owner that is
 * still tearing down its memory, or a zombie nobody has reaped yet, no longer runs either. The
 * directory is created private (0700). Resolves to the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const lockPath = path.join(dataDir, LOCK_FILE)
  // Written whole beside the lock and linked into place, so nobody ever reads a half-written pid.
  const ourFile = `${lockPath}.${process.pid}`
  const identity = await processIdentity(process.pid)
  await writeFile(ourFile, `${process.pid}\n${identity ? `${identity}\n` : ''}`, { mode: 0o600 })
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        await link(ourFile, lockPath)
        return async () => {
          if ((await ownerOf(lockPath))?.pid === process.pid) await unlink(lockPath)
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const owner = await ownerOf(lockPath)
      if (owner && (await isAnotherLiveProcess(owner))) {
        throw new DataDirInUseError(dataDir, owner.pid)
      }
      await removeStaleLock(lockPath, owner?.pid)
    }
    throw new Error(`could not lock DATA_DIR ${dataDir}: other processes kept taking it over`)
  } finally {
    await unlink(ourFile).catch(() => undefined)
  }
}

interface LockOwner {
  pid: number
  identity?: string
}

/** The owner the lock file names; undefined when it is gone or holds no pid. */
async function ownerOf(lockPath: string): Promise<LockOwner | undefined> {
  try {
    const [pidLine, identity] = (await readFile(lockPath, 'utf8')).split('\n')
    const pid = Number.parseInt(pidLine, 10)
    return Number.isSafeInteger(pid) && pid > 0
      ? { pid, identity: identity || undefined }
      : undefined
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * Whether the owner is a running process other than us; a killed one is given the moment it
 * takes to end. Our own pid and our parent's count as not running, as in PostgreSQL: after a
 * restart (in a container, say) the dead owner's pid may have been given to us or to the
 * supervisor that started us.
 */
async function isAnotherLiveProcess({ pid, identity }: LockOwner): Promise<boolean> {
  if (pid === process.pid || pid === process.ppid) return false
  const deadline = Date.now() + KILLED_OWNER_WAIT_MS
  for (;;) {
    const state = await processState(pid, identity)
    if (state !== 'killed' || Date.now() >= deadline) return state !== 'gone'
    await sleep(KILLED_OWNER_POLL_MS)
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
    if ((await ownerOf(aside))?.pid !== deadOwner) {
      await link(aside, lockPath).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error
      })
    }
  } finally {
    await unlink(aside)
  }
}
