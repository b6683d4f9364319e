import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'

export interface WebAppOptions {
  /** the Vite build output: index.html plus content-hashed files under assets/ */
  distDirectory: string
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Serves the built single-page app. Hashed assets never change under their name, so browsers
 * keep them for a year; index.html names the current ones, so it is revalidated every time.
 * The build writes brotli and gzip copies beside each compressible file; the one the browser
 * accepts is sent with its Content-Encoding (and `Vary: accept-encoding`), at no cost per request.
 */
export const webAppRoutes: FastifyPluginAsync<WebAppOptions> = async (app, { distDirectory }) => {
  if (!existsSync(path.join(distDirectory, 'index.html'))) {
    app.log.warn({ distDirectory }, 'the web app is not built: run `npm run build` to serve it')
    return
  }
  await app.register(fastifyStatic, {
    root: distDirectory,
    index: false,
    cacheControl: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const inAssets = filePath.startsWith(path.join(distDirectory, 'assets') + path.sep)
      reply.header('cache-control', inAssets ? IMMUTABLE : 'no-cache')
    },
  })
  app.get('/', (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  )
}
