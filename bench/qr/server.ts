import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Manifest } from 'vite'

const pageRoot = fileURLToPath(new URL('./page/', import.meta.url))
export const benchOutDir = fileURLToPath(new URL('../out/qr/', import.meta.url))

/**
 * Policies the page can be served under (`/?csp=<name>`): `self-only` is the app's goal,
 * the next two each add only what one candidate needs, `all` is their union.
 */
export const contentSecurityPolicies = {
  'self-only': "default-src 'self'; script-src 'self'",
  'wasm-unsafe-eval': "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'",
  'blob-worker': "default-src 'self'; script-src 'self'; worker-src 'self' blob:",
  all: "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:",
} as const

export type PolicyName = keyof typeof contentSecurityPolicies

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
}

/** Builds the bench page as the app would ship it: hashed chunks, the .wasm as an asset. */
export async function buildBenchPage(): Promise<Manifest> {
  await build({
    configFile: false,
    root: pageRoot,
    logLevel: 'warn',
    build: { outDir: benchOutDir, emptyOutDir: true, manifest: true, reportCompressedSize: false },
  })
  return JSON.parse(
    await readFile(path.join(benchOutDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest
}

export interface StaticServer {
  origin: string
  close(): Promise<void>
}

function isPolicyName(name: string | null): name is PolicyName {
  return name !== null && name in contentSecurityPolicies
}

/** Serves the built page on 127.0.0.1 only, so nothing reaches the network. */
export async function serveBenchPage(): Promise<StaticServer> {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const relative = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname).slice(1)
    const file = path.resolve(benchOutDir, relative)
    if (!file.startsWith(benchOutDir)) {
      response.writeHead(403).end()
      return
    }
    try {
      const body = await readFile(file)
      const policy = url.searchParams.get('csp')
      response.writeHead(200, {
        'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
        ...(isPolicyName(policy)
          ? { 'content-security-policy': contentSecurityPolicies[policy] }
          : {}),
      })
      response.end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  }
}
