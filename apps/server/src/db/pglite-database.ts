import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { type Extension, PGlite } from '@electric-sql/pglite'
import type { Database, Queryable } from './database.ts'
import { makeDirectoryPrivate, PRIVATE_UMASK } from './private-directory.ts'

/**
 * PGlite allocates PostgreSQL's buffer pool inside its WASM heap and zeroes it at start, so all of
 * it is resident from the first moment: PostgreSQL's default of 128 MB made up most of the
 * embedded server's memory at rest, and zeroing it most of PGlite's start-up. An embedded
 * deployment's tables fit in far less, and the pages beyond it come from the system's file cache.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB']

/**
 * PGlite's C library keeps a umask of its own (022), which the files PostgreSQL opens through
 * `fopen` (its relation cache, its statistics) are explicitly given, whatever our process's: it
 * is set as PGlite's WASM instance is made, through the only door there is, an extension's hook.
 */
const privateFiles: Extension = {
  name: 'private files',
  setup: async (_pglite, emscriptenOptions) => ({
    emscriptenOpts: {
      ...emscriptenOptions,
      instantiateWasm(imports: { env?: Record<string, unknown> }, onInstance: unknown) {
        const setUmask = imports.env?.__syscall_umask
        if (typeof setUmask === 'function') setUmask(PRIVATE_UMASK)
        return emscriptenOptions.instantiateWasm(imports, onInstance)
      },
    },
  }),
}

/**
 * PGlite persisted in `dataDir`: one process owns it, guarded by the data-directory lock. An
 * in-memory one (`memory://`) may start from `loadDataDir`, a cluster PGlite dumped.
 */
export async function openPgliteDatabase(
  dataDir: string,
  { loadDataDir }: { loadDataDir?: Blob } = {},
): Promise<Database> {
  if (!dataDir.includes('://')) await createCluster(dataDir)
  const pglite = await PGlite.create(dataDir, {
    startParams: PGLITE_START_PARAMS,
    extensions: { privateFiles },
    loadDataDir,
  })
  const queryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params])
      return result.rows
    },
    async exec(sql: string) {
      await target.exec(sql)
    },
  })
  return {
    driver: 'pglite',
    ...queryable(pglite),
    transaction: (work) => pglite.transaction((tx) => work(queryable(tx))),
    async listen(channel, onNotification) {
      const unlisten = await pglite.listen(channel, onNotification)
      return () => unlisten()
    },
    close: () => pglite.close(),
  }
}

// Run by `node -e`: arguments are PGlite's module and the directory. initdb runs on PostgreSQL's
// default settings: on our small buffer pool it takes ten times as long.
const CREATE_CLUSTER = `
const [pgliteModule, dataDir] = process.argv.slice(1)
require(pgliteModule)
  .PGlite.create(dataDir)
  .then((pglite) => pglite.close())
`

/**
 * Creates the cluster in `dataDir` unless it holds one, in a process of its own. initdb runs in a
 * second PostgreSQL beside initdb's own WASM instance, and their heaps (some 400 MB) would stay
 * in this process's allocator after they close; a process returns them to the system as it ends.
 * It is built beside `dataDir` and renamed into place, so a start killed half-way leaves no
 * half-made cluster; its files come out of PGlite's in-memory copy with its modes (0666), so they
 * are made private first.
 */
async function createCluster(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return
  const building = `${dataDir}.new`
  await rm(building, { recursive: true, force: true })
  const pgliteModule = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const creator = spawn(process.execPath, ['-e', CREATE_CLUSTER, pgliteModule, building], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  creator.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk
  })
  const [code, signal] = await once(creator, 'exit')
  if (code !== 0) {
    throw new Error(
      `PGlite could not create its database in ${dataDir} (${code ?? signal}): ${errors}`,
    )
  }
  await makeDirectoryPrivate(building)
  await rename(building, dataDir)
}
