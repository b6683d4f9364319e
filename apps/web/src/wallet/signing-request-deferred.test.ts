import * as library from '@wharfkit/signing-request'
import pako from 'pako'
import { describe, expect, it } from 'vitest'
import * as deferred from './signing-request-deferred'
import { loadSigningRequest } from './signing-request-loader'

/** A module's named exports, without the default one (and CommonJS interop's marker). */
function namedExports(module: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(module).filter(([name]) => name !== 'default' && name !== '__esModule'),
  )
}

describe("the deferred bindings of the shell's imports of the ESR code", () => {
  it('exports every name the signing-request library does, so the session re-exports them all', () => {
    expect(Object.keys(namedExports(deferred)).sort()).toEqual(
      Object.keys(namedExports(library)).sort(),
    )
  })

  it('holds the real code once it is loaded: the library, and pako as its default export', async () => {
    await loadSigningRequest()
    expect(namedExports(deferred)).toEqual(namedExports(library))
    expect(deferred.default).toBe(pako)
  })
})
