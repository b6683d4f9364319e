import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'

/**
 * The umask Fernwood's processes run under, so that what they create is theirs alone (folders
 * 0700, files 0600). DATA_DIR holds every unused reward code (in PGlite's tables and its
 * write-ahead log) and PostgreSQL's control file: no other local user may read or write it.
 */
export const PRIVATE_UMASK = 0o077

/**
 * Creates `directory` private to this user and takes from everything under it what other users
 * may do: a DATA_DIR made by an earlier version, or files a library created with modes of its
 * own. Resolves to how many folders and files it tightened.
 */
export async function makeDirectoryPrivate(directory: string): Promise<number> {
  await mkdir(directory, { recursive: true, mode: 0o700 })
  return tighten(directory)
}

async function tighten(entry: string): Promise<number> {
  const stats = await lstat(entry)
  // chmod follows a link, possibly out of the directory: it is the link's target that counts.
  if (stats.isSymbolicLink()) return 0
  let tightened = 0
  if ((stats.mode & 0o077) !== 0) {
    await chmod(entry, stats.mode & 0o700)
    tightened = 1
  }
  if (!stats.isDirectory()) return tightened
  const children = await readdir(entry)
  const counts = await Promise.all(children.map((name) => tighten(path.join(entry, name))))
  return counts.reduce((sum, count) => sum + count, tightened)
}

/** What a start logs, once, after making private a DATA_DIR an earlier version left open. */
export function madePrivateNotice(dataDir: string, tightened: number): string {
  return `DATA_DIR ${dataDir} was open to other users: made its ${tightened} folders and files private to this one (0700/0600)`
}
