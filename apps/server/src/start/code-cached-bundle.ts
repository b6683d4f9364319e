import { randomBytes } from 'node:crypto'
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs'
import { readdir, rename, unlink, writeFile } from 'node:fs/promises'
import { createRequire, Module } from 'node:module'
import path from 'node:path'
import { Script } from 'node:vm'
import { processState } from '../db/process-state.ts'

export interface LoadedBundle {
  /** What the bundle's V8 code cache did for this start. */
  codeCache: 'used' | 'rejected' | 'absent'
  /** the bundle's `module.exports` */
  exports: unknown
  /**
   * Writes the code cache beside the bundle, with every function compiled so far, unless the one
   * this start used still fits: a later start then skips parsing and compiling what this one ran.
   * Resolves to whether a cache was written; a bundle's folder this process may not write to (the
   * image's) leaves the next start as fast as this one, and is not an error.
   */
  saveCodeCache(): Promise<boolean>
}

/**
 * Runs `file`, a CommonJS bundle, as `require` would, but compiled through V8's code cache
 * (`<file>.code-cache`): Node 20 has no compile cache of its own (Node 22's
 * `module.enableCompileCache`), and parsing and compiling the server's 6 MB bundle was about a
 * third of a restart. V8 takes a cache only for a source of the same length, compiled by the same
 * V8 with the same flags; so that a bundle written again at the same length never runs the
 * previous one's code, the cache also names the file it was made from: its inode, size and times
 * of modification and of change (which no tool sets). The cache is written by a running server
 * (`saveCodeCache`), after the functions a start runs are compiled, which a cache made at build
 * time, before running anything, would not hold; a build replaces the whole folder, cache and all.
 */
export function runCodeCachedBundle(file: string): LoadedBundle {
  const cacheFile = `${file}.code-cache`
  // One open file for its identity and its text: a bundle replaced meanwhile is read whole, as
  // the file its identity names.
  const descriptor = openSync(file, 'r')
  let identity: Buffer
  let source: string
  try {
    const { ino, size, mtimeNs, ctimeNs } = fstatSync(descriptor, { bigint: true })
    identity = Buffer.from(`${ino} ${size} ${mtimeNs} ${ctimeNs}\n`)
    source = readFileSync(descriptor, 'utf8')
  } finally {
    closeSync(descriptor)
  }
  const cached = readIfPresent(cacheFile)
  const cachedData = cached?.subarray(0, identity.length).equals(identity)
    ? cached.subarray(identity.length)
    : undefined
  const script = new Script(Module.wrap(source), { filename: file, cachedData })
  let codeCache: LoadedBundle['codeCache'] = 'used'
  if (!cached) codeCache = 'absent'
  else if (!cachedData || script.cachedDataRejected) codeCache = 'rejected'

  const bundle = new Module(file)
  bundle.filename = file
  const run = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: Module,
    filename: string,
    dirname: string,
  ) => void
  run.call(bundle.exports, bundle.exports, createRequire(file), bundle, file, path.dirname(file))
  bundle.loaded = true

  return {
    codeCache,
    exports: bundle.exports,
    async saveCodeCache() {
      if (codeCache === 'used') return false
      // Under a name no other process uses, created afresh, then renamed: servers starting
      // together from one build (in containers, each its own pid 1) each find a whole cache or
      // none.
      const writing = `${cacheFile}.${process.pid}-${randomBytes(6).toString('hex')}`
      await removeWritesOfEndedProcesses(cacheFile)
      try {
        await writeFile(writing, Buffer.concat([identity, script.createCachedData()]), {
          flag: 'wx',
          mode: 0o600,
        })
        await rename(writing, cacheFile)
        return true
      } catch {
        await unlink(writing).catch(() => undefined)
        return false
      }
    },
  }
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

/**
 * Removes what processes killed while writing `cacheFile` left (`<cacheFile>.<pid>-<random>`),
 * a few megabytes each, which nothing else would remove before the next build; a process not yet
 * gone may still be writing its own. (A pid of another container sharing the folder may look
 * gone: that writer's rename then fails, and it writes no cache this time.)
 */
async function removeWritesOfEndedProcesses(cacheFile: string): Promise<void> {
  const prefix = `${path.basename(cacheFile)}.`
  const names = await readdir(path.dirname(cacheFile)).catch(() => [])
  for (const name of names) {
    const pid = Number(/^(\d+)-[0-9a-f]+$/.exec(name.slice(prefix.length))?.[1])
    if (!name.startsWith(prefix) || !pid || (await processState(pid)) !== 'gone') continue
    await unlink(path.join(path.dirname(cacheFile), name)).catch(() => undefined)
  }
}
