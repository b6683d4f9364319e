import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type ChainSnapshot, SNAPSHOT_VERSION } from './chain-state'

const STATE_FILE = 'devchain-state.json'

/**
 * The saved state, if any. A state file of another format is refused rather than read wrongly:
 * version 1 (before the devchain ran the real contracts) kept token balances in a form the
 * contracts' tables cannot take over, and starting from the seed again is what a devchain is for.
 */
export async function loadSnapshot(dataDir: string): Promise<ChainSnapshot | undefined> {
  const path = join(dataDir, STATE_FILE)
  let snapshot: { version?: unknown }
  try {
    snapshot = JSON.parse(await readFile(path, 'utf8')) as { version?: unknown }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  if (snapshot.version !== SNAPSHOT_VERSION) {
    throw new Error(
      `${path} holds devchain state of format ${String(snapshot.version)}, saved by an earlier ` +
        `devchain; this one (format ${SNAPSHOT_VERSION}) runs the real eosio.token and ` +
        `AtomicAssets contracts and cannot read it. Delete ${path} to start again from the seed ` +
        '(balances, accounts created since and transaction history are lost).',
    )
  }
  return snapshot as ChainSnapshot
}

/**
 * Write to a temporary file, then rename: a crash mid-write never leaves a torn state file. Both
 * are the owner's alone, whatever the process's umask: they hold every account's balances.
 */
export async function saveSnapshot(dataDir: string, snapshot: ChainSnapshot): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const target = join(dataDir, STATE_FILE)
  const temporary = `${target}.${process.pid}.tmp`
  await writeFile(temporary, JSON.stringify(snapshot), { mode: 0o600 })
  await rename(temporary, target)
}
