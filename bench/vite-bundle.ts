import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'

/** What some files of a build cost a visitor: raw bytes, and bytes over the wire (gzip -9). */
export interface BundleCost {
  files: string[]
  bytes: number
  gzipBytes: number
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

export async function filesCost(files: string[], outDir: string): Promise<BundleCost> {
  let bytes = 0
  let gzipBytes = 0
  for (const file of files) {
    const content = await readFile(path.join(outDir, file))
    bytes += content.length
    gzipBytes += gzipSync(content, { level: 9 }).length
  }
  return { files, bytes, gzipBytes }
}
