import type * as SigningRequestLibrary from '@wharfkit/signing-request'
import type pako from 'pako'

/**
 * The ESR code: the signing-request library, and pako, the compression of its requests (and of
 * the packed transactions a signed one is sent as).
 */
export type SigningRequestCode = typeof SigningRequestLibrary & { pako: typeof pako }

let fillDeferredBindings: ((code: SigningRequestCode) => void) | undefined
let loading: Promise<void> | undefined

/**
 * Called once by signing-request-deferred.ts, the deferred bindings the kit's WharfKit libraries import the
 * ESR code through, with how to hand it the real code.
 */
export function deferredBindingsFilledBy(fill: (code: SigningRequestCode) => void): void {
  fillDeferredBindings = fill
}

/** Hands the real code to the deferred bindings, as signing-request.ts does once it is evaluated. */
export function provideSigningRequestCode(code: SigningRequestCode): void {
  // Without the build's redirect (the dev server, unit tests) the libraries import the real code
  // themselves, and nothing imports the deferred bindings but its test.
  fillDeferredBindings?.(code)
}

/**
 * Fetches the ESR code once, for a wallet or session that needs it outside a wallet's chunk; a
 * failed fetch is forgotten, so the next need fetches again.
 */
export function loadSigningRequest(): Promise<void> {
  loading ??= import('./signing-request').then(
    () => undefined,
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}
