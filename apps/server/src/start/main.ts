import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCodeCachedBundle } from './code-cached-bundle.ts'
import { mapStackTracesThrough } from './source-mapped-stacks.ts'

/**
 * The built server's entry point (dist/main.js): runs the server's bundle (dist/server.cjs, built
 * from src/main.ts) through V8's code cache, then writes the cache once the start is behind it.
 * The server itself starts, reports and stops as src/main.ts says.
 */
const CACHE_AFTER_MS = 10_000

const bundle = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.cjs')
mapStackTracesThrough(bundle)
const server = runCodeCachedBundle(bundle)
setTimeout(() => server.saveCodeCache(), CACHE_AFTER_MS).unref()
