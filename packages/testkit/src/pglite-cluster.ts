import { cpSync } from 'node:fs'
import path from 'node:path'

/**
 * Puts a copy of a migrated PGlite cluster where a server on `dataDir` keeps its own (the folder
 * `pglite`), so that its first start skips initialising and migrating one. Copied synchronously:
 * the promise-based cp took 1.1-1.3 s over a cluster's 1,200 files (41 MB), cpSync about 0.5 s.
 */
export function copyPgliteCluster(cluster: string, dataDir: string): void {
  cpSync(cluster, path.join(dataDir, 'pglite'), { recursive: true })
}
