import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'

/**
 * What some files of a build cost a visitor: raw bytes, and bytes over the wire with gzip -9 and
 * with brotli at its strongest, as the build's precompressed copies are served.
 */
export interface BundleCost {
  files: string[]
  bytes: number
  gzipBytes: number
  brotliBytes: number
}

/** `key` and its static imports: what the browser runs as soon as it loads `key`. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return []
  seen.add(key)
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, seen)
  return [...seen]
}

/**
 * The files a lazily loaded part fetches: its chunk, everything it imports in any way, and their
 * assets (.wasm) and CSS, minus what the page's entry has already loaded.
 */
export function lazyFiles(manifest: Manifest, key: string): string[] {
  const alreadyLoaded = new Set(staticClosure(manifest, 'index.html'))
  const seen = new Set<string>()
  const files = new Set<string>()
  const visit = (next: string) => {
    if (seen.has(next) || alreadyLoaded.has(next)) return
    seen.add(next)
    const chunk = manifest[next]
    if (!chunk) return
    files.add(chunk.file)
    for (const file of [...(chunk.assets ?? []), ...(chunk.css ?? [])]) files.add(file)
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      visit(imported)
    }
  }
  visit(key)
  return [...files]
}

/**
 * The files a part of the app fetches once the page's entry and `loaded` (keys of chunks it
 * already has) are in: its chunk and its static imports, not what it imports on demand.
 */
export function staticFiles(manifest: Manifest, key: string, loaded: Iterable<string>): string[] {
  const already = new Set([...staticClosure(manifest, 'index.html'), ...loaded])
  return staticClosure(manifest, key)
    .filter((next) => !already.has(next))
    .map((next) => manifest[next].file)
}

export async function filesCost(files: string[], outDir: string): Promise<BundleCost> {
  let bytes = 0
  let gzipBytes = 0
  let brotliBytes = 0
  for (const file of files) {
    const content = await readFile(path.join(outDir, file))
    bytes += content.length
    gzipBytes += gzipSync(content, { level: 9 }).length
    brotliBytes += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length
  }
  return { files, bytes, gzipBytes, brotliBytes }
}
