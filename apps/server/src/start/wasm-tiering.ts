import { setFlagsFromString } from 'node:v8'

/**
 * V8's flag for how much work (roughly, bytes of code run) a WebAssembly function does before
 * TurboFan optimizes it: ten times V8's own budget (1,800,000). A process started beside the
 * server that should run PGlite as the server does (a benchmark's floor) takes it on its command
 * line.
 */
export const WASM_TIERING_FLAG = '--wasm-tiering-budget=18000000'

/**
 * Raises V8's tiering budget for WebAssembly, for PGlite's PostgreSQL. On V8's own budget, a start
 * ran enough of PostgreSQL to have TurboFan compile hundreds of its functions on background
 * threads, which on a machine of two cores took CPU from the start itself: a restart took some
 * 130 ms longer. Functions that stay hot are optimized all the same, a little later; the
 * payouts' benchmark on PGlite is no slower for it. Called before anything is compiled: V8's code
 * cache is made and taken only under the same flags, and every start sets this one first.
 */
export function deferWasmTierUp(): void {
  setFlagsFromString(WASM_TIERING_FLAG)
}
