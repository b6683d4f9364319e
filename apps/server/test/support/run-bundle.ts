import { runCodeCachedBundle } from '../../src/start/code-cached-bundle.ts'
import { mapStackTracesThrough } from '../../src/start/source-mapped-stacks.ts'
import { deferWasmTierUp } from '../../src/start/wasm-tiering.ts'

/**
 * Runs the CommonJS bundle named by its first argument as the built server's start runs its own,
 * then prints `code cache <what it did>` and `saved <whether it wrote one>`.
 */
deferWasmTierUp()
const bundle = process.argv[2]
mapStackTracesThrough(bundle)
const loaded = runCodeCachedBundle(bundle)
console.log(`code cache ${loaded.codeCache}`)
console.log(`saved ${await loaded.saveCodeCache()}`)
