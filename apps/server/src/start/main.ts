import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCodeCachedBundle } from './code-cached-bundle.ts'
import { mapStackTracesThrough } from './source-mapped-stacks.ts'
import { deferWasmTierUp } from './wasm-tiering.ts'

/**
 * The built server's entry point (dist/main.js): sets V8's flags for PGlite, then runs the
 * server's bundle (dist/server.cjs, built from src/main.ts) through V8's code cache, made under
 * those flags, and writes the cache once the server answers. The server itself starts, reports
 * and stops as src/main.ts says.
 */
deferWasmTierUp()
const bundle = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.cjs')
mapStackTracesThrough(bundle)
const server = runCodeCachedBundle(bundle)

/**
 * How long after the server answers its code cache is written: the functions its first requests
 * need are compiled by then, and the cache (written at most once per build) holds them too.
 */
const SAVE_CACHE_AFTER_READY_MS = 2_000

const { started } = server.exports as { started: Promise<unknown> }
void started.then(() => {
  setTimeout(() => void server.saveCodeCache(), SAVE_CACHE_AFTER_READY_MS).unref()
})
