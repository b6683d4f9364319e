import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import lockfile from 'proper-lockfile'

// A lock not refreshed for this long belongs to a process that died; a new one may take over.
const STALE_AFTER_MS = 10_000

export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `DATA_DIR ${dataDir} is in use by another running Fernwood process. ` +
        'Stop that process or start this one with a different DATA_DIR ' +
        `(a process that crashed releases it within ${STALE_AFTER_MS / 1000} s).`,
    )
    this.name = 'DataDirInUseError'
  }
}

/**
 * Takes the data directory for this process alone: PGlite and the devchain state inside it are
 * single-writer, and two writers would corrupt them. Resolves to the release function.
 */
export async function lockDataDir(
  dataDir: string,
  onLost: (error: Error) => void,
): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true })
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'fernwood.lock'),
      stale: STALE_AFTER_MS,
      update: STALE_AFTER_MS / 4,
      retries: 0,
      onCompromised: onLost,
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dataDir)
    throw error
  }
}
