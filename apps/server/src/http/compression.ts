import type { FastifyCompressOptions } from '@fastify/compress'

/**
 * Compression of what the server renders at request time: JSON answers of at least 1 KB (below
 * that, the headers and the work cost more than the bytes saved). The web app's files arrive
 * compressed already (the build writes .br and .gz beside them, see apps/web/precompress.ts), and
 * the live feed is never touched: it writes to the socket itself, and event streams are not a
 * compressible type here, so no compressor can hold an event back.
 */
export const compressionOptions: FastifyCompressOptions = {
  global: true,
  encodings: ['br', 'gzip'],
  threshold: 1024,
}
