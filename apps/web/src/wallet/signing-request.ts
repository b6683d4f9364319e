import * as signingRequestLibrary from '@wharfkit/signing-request'
import pako from 'pako'
import { provideSigningRequestCode } from './signing-request-loader'

/**
 * The ESR code (the signing-request library, with pako for its compression), its own chunk: a
 * wallet's chunk whose plugin builds or reads signing requests imports this module first, so it
 * is fetched beside that chunk and handed to the WharfKit libraries before the plugin runs.
 * Nothing on the way to the kit's wallet list needs it (see signing-request-deferred.ts).
 */
provideSigningRequestCode({ ...signingRequestLibrary, pako })
