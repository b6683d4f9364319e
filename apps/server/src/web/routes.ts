import { createReadStream, existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { CLAIM_LINK_PATH, KIOSK_PAGE_PATH } from '@fernwood/protocol'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'

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
 * Files and folders whose name starts with a dot are the build's own records, not the app's
 * (Vite's `.vite/manifest.json`, `npm start`'s `.build-fingerprint`): they answer 404.
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
    dotfiles: 'ignore',
    setHeaders(reply, filePath) {
      const inAssets = filePath.startsWith(path.join(distDirectory, 'assets') + path.sep)
      reply.header('cache-control', inAssets ? IMMUTABLE : 'no-cache')
    },
  })
  const sendApp = (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html')
  app.get('/', sendApp)
  // A claim link opens the app, which reads the code from its own address. Until it has, what
  // the page loads would name that address, code and all, as its Referer to our own origin (and
  // to every proxy's log on the way): this page sends only its origin, which is all the Cloud
  // Wallet's popup reads.
  app.get(`${CLAIM_LINK_PATH}:code`, (request, reply) =>
    sendApp(request, reply.header('referrer-policy', 'strict-origin')),
  )
  // `/claim/{code}` is the address people guess from a card; it leads to the claim link's own
  // address, the one the app reads codes from. The redirect loads nothing itself, so the Referer
  // rule above holds: the page it leads to is served by that route.
  app.get('/claim/:code', (request: FastifyRequest<{ Params: { code: string } }>, reply) =>
    reply.redirect(`${CLAIM_LINK_PATH}${encodeURIComponent(request.params.code)}`, 308),
  )
  app.get('/claim/', (_request, reply) => reply.redirect('/', 308))
  // The operator console is a page of the same app; the API decides who may use it.
  app.get('/admin', sendApp)
  // A kiosk screen (a tablet at an event), opened with a kiosk link; no operator signs in there.
  app.get(KIOSK_PAGE_PATH, sendApp)
}

/** The app answering, with 404, a browser's request for a page the site does not have. */
export interface NotFoundPage {
  /** whether `request` is a browser opening a page, rather than an API call or a script's fetch */
  answers(request: FastifyRequest): boolean
  send(reply: FastifyReply): FastifyReply
}

/**
 * A mistyped or outdated address opened in a browser should show a page of ours, in the
 * visitor's language and with a way home, not the API's JSON error: the app shows its own
 * "page not found" for any path it does not know, and the 404 status still tells crawlers and
 * link checkers the truth. Paths under `nonPagePrefixes` are never pages, whatever a client
 * accepts. Undefined when the web app is not built.
 */
export function notFoundPage(
  distDirectory: string,
  nonPagePrefixes: string[],
): NotFoundPage | undefined {
  const indexFile = path.join(distDirectory, 'index.html')
  if (!existsSync(indexFile)) return undefined
  const isUnder = (pathname: string, prefix: string) =>
    pathname === prefix || pathname.startsWith(`${prefix}/`)
  return {
    answers(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false
      if (!(request.headers.accept ?? '').toLowerCase().includes('text/html')) return false
      const pathname = request.url.split('?', 1)[0] ?? ''
      return !nonPagePrefixes.some((prefix) => isUnder(pathname, prefix))
    },
    send: (reply) =>
      reply
        .status(404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(createReadStream(indexFile)),
  }
}
