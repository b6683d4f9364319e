import Module, { createRequire } from 'node:module'
import { dirname } from 'node:path'

/**
 * The Antelope WASM virtual machine the devchain runs contracts in: `@eosnetwork/vert`, loaded
 * once per process. Only the modules the devchain drives are loaded (the VM, its tables), not
 * the package's test helpers, and with two adjustments made here, where they can be read:
 *
 * - `rustbn.js` (alt_bn128 for the host functions of the same name) costs 35 MB and 0.3 s at
 *   load, and no contract the devchain runs imports those functions: the VM receives a stand-in
 *   that loads it the first time a contract calls one.
 * - vert logs through `loglevel` at the level of the environment's LOG_LEVEL, which the Fernwood
 *   server uses for itself; at `debug` vert would print every host call. It stays silent: what
 *   contracts print reaches the action traces' `console`.
 */
const requireFromHere = createRequire(import.meta.url)
const vertRoot = dirname(requireFromHere.resolve('@eosnetwork/vert/package.json'))
const requireFromVert = createRequire(`${vertRoot}/`)

function deferRustbn(): void {
  const path = requireFromVert.resolve('rustbn.js')
  if (requireFromVert.cache[path]) return
  let loaded: Record<string, unknown> | undefined
  const load = () => {
    if (!loaded) {
      delete requireFromVert.cache[path]
      loaded = requireFromVert(path) as Record<string, unknown>
    }
    return loaded
  }
  const standIn = new Module(path)
  standIn.filename = path
  standIn.loaded = true
  standIn.exports = new Proxy({}, { get: (_target, key) => load()[key as string] })
  requireFromVert.cache[path] = standIn
}

deferRustbn()

type VmModule = typeof import('@eosnetwork/vert/dist/antelope/vm')
type TableModule = typeof import('@eosnetwork/vert/dist/antelope/table')
type MemoryModule = typeof import('@eosnetwork/vert/dist/memory')
type LoggerModule = typeof import('@eosnetwork/vert/dist/vert')
type GreymassModule = typeof import('@greymass/eosio')

const { VM } = requireFromVert('./dist/antelope/vm') as VmModule
const { TableStore, Table, KeyValueObject, IndexObject } = requireFromVert(
  './dist/antelope/table',
) as TableModule
const { Memory } = requireFromVert('./dist/memory') as MemoryModule
;(requireFromVert('./dist/vert') as LoggerModule).log.setLevel('silent')
/** vert's own copy of the Antelope types (the VM compares names and levels as its own classes). */
const greymass = requireFromVert('@greymass/eosio') as GreymassModule

export type {
  IndexObject as VertIndexObject,
  KeyValueObject as VertKeyValueObject,
  TableStore as VertTableStore,
} from '@eosnetwork/vert/dist/antelope/table'
export { greymass, IndexObject, KeyValueObject, Memory, Table, TableStore, VM }
