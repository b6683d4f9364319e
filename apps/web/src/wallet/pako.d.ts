/**
 * pako ships no types. What its users in the kit call: raw deflate for signing requests (through
 * the ESR code's `zlib` option), zlib deflate for Antelope's packed transactions.
 */
declare module 'pako' {
  interface Pako {
    deflate(data: Uint8Array): Uint8Array
    inflate(data: Uint8Array): Uint8Array
    deflateRaw(data: Uint8Array): Uint8Array
    inflateRaw(data: Uint8Array): Uint8Array
  }
  const pako: Pako
  export default pako
}
