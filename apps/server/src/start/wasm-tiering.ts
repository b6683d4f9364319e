import { setFlagsFromString } from 'node:v8'

/**
 * How much work (roughly, bytes of code run) a WebAssembly function does before V8 has TurboFan
 * optimize it: ten times V8's own budget (1,800,000).
 */
export const WASM_TIERING_BUDGET = 18_000_000

/**
 * Raises V8's tiering budget for WebAssembly, for PGlite's PostgreSQL. On V8's own budget, a start
 * ran enough of PostgreSQL to have TurboFan compile hundreds of its functions on background
 * threads, which on a machine of two cores took CPU from the start itself: a restart took some
 * 130 ms longer. Functions that stay hot are optimized all the same, a little later; the
 * payouts' benchmark on PGlite is no slower for it. Called before anything is compiled: V8's code
 * cache is made and taken only under the same flags, and every start sets this one first.
 */
export function deferWasmTierUp(): void {
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`)
}
