// A Web Worker solving the human check's challenges (ALTCHA's solver, its worker protocol), off
// the page's thread. WebCrypto's PBKDF2, as the server's Node.js does it: the visitor's browser
// pays what the server's settings intend, not JavaScript's slowness.
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import { handler } from 'altcha-lib/workers/shared'

handler({ deriveKey })
