import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { createRequire, Module } from 'node:module'
import path from 'node:path'
import { Script } from 'node:vm'

export interface LoadedBundle {
  /** What the bundle's V8 code cache did for this start. */
  codeCache: 'used' | 'rejected' | 'absent'
  /**
   * Writes the code cache beside the bundle, with every function compiled so far, unless the one
   * this start used still fits: a later start then skips parsing and compiling what this one ran.
   * Returns whether a cache was written; a bundle's folder that is not writable (a read-only
   * image) leaves the next start as fast as this one, and is not an error.
   */
  saveCodeCache(): boolean
}

/**
 * Runs `file`, a CommonJS bundle, as `require` would, but compiled through V8's code cache
 * (`<file>.code-cache`): Node 20 has no compile cache of its own (Node 22's
 * `module.enableCompileCache`), and parsing and compiling the server's 6 MB bundle was about a
 * third of a restart. V8 checks the cache against the source, its own version and its flags, and
 * compiles afresh from the source when any differs; the cache also names the bundle's size and
 * modification time, which a bundle written again changes. The cache is written by a running server
 * (`saveCodeCache`), after the functions a start runs are compiled, which a cache made at build
 * time, before running anything, would not hold; a build replaces the whole folder, cache and all.
 */
export function runCodeCachedBundle(file: string): LoadedBundle {
  const cacheFile = `${file}.code-cache`
  // V8 tells sources apart by their length alone: a bundle written again at the same length (by
  // hand: a build replaces the folder) must not run the previous one's code.
  const { size, mtimeMs } = statSync(file)
  const version = Buffer.from(`${size} ${Math.trunc(mtimeMs)}\n`)
  const source = readFileSync(file, 'utf8')
  const cached = readIfPresent(cacheFile)
  const cachedData = cached?.subarray(0, version.length).equals(version)
    ? cached.subarray(version.length)
    : undefined
  const script = new Script(Module.wrap(source), { filename: file, cachedData })
  let codeCache: LoadedBundle['codeCache'] = 'used'
  if (!cached) codeCache = 'absent'
  else if (!cachedData || script.cachedDataRejected) codeCache = 'rejected'

  const bundle = new Module(file)
  bundle.filename = file
  bundle.loaded = true
  const run = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: Module,
    filename: string,
    dirname: string,
  ) => void
  run.call(bundle.exports, bundle.exports, createRequire(file), bundle, file, path.dirname(file))

  return {
    codeCache,
    saveCodeCache() {
      if (codeCache === 'used') return false
      // Under a name of this process's own, then renamed: servers starting together from one
      // build each find a whole cache or none.
      const writing = `${cacheFile}.${process.pid}`
      try {
        writeFileSync(writing, Buffer.concat([version, script.createCachedData()]))
        renameSync(writing, cacheFile)
        return true
      } catch {
        try {
          unlinkSync(writing)
        } catch {}
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
