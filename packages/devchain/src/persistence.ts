import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ChainSnapshot } from './chain-state'

const STATE_FILE = 'devchain-state.json'

export async function loadSnapshot(dataDir: string): Promise<ChainSnapshot | undefined> {
  try {
    return JSON.parse(await readFile(join(dataDir, STATE_FILE), 'utf8')) as ChainSnapshot
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** Write to a temporary file, then rename: a crash mid-write never leaves a torn state file. */
export async function saveSnapshot(dataDir: string, snapshot: ChainSnapshot): Promise<void> {
  await mkdir(dataDir, { recursive: true })
  const target = join(dataDir, STATE_FILE)
  const temporary = `${target}.${process.pid}.tmp`
  await writeFile(temporary, JSON.stringify(snapshot))
  await rename(temporary, target)
}
