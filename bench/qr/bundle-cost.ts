import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'

export interface BundleCost {
  files: string[]
  bytes: number
  gzipBytes: number
}

/**
 * Everything the browser fetches once the decoder is asked for: its chunk, the chunks and
 * assets (.wasm) it pulls in, and the worker chunk it imports lazily, minus what the page's
 * entry already loaded.
 */
export async function bundleCost(
  manifest: Manifest,
  moduleKey: string,
  outDir: string,
): Promise<BundleCost> {
  const alreadyLoaded = new Set<string>(['index.html', ...(manifest['index.html']?.imports ?? [])])
  const seen = new Set<string>()
  const files = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || alreadyLoaded.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    files.add(chunk.file)
    for (const asset of chunk.assets ?? []) files.add(asset)
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next)
  }
  visit(moduleKey)
  let bytes = 0
  let gzipBytes = 0
  for (const file of files) {
    const content = await readFile(path.join(outDir, file))
    bytes += content.length
    gzipBytes += gzipSync(content, { level: 9 }).length
  }
  return { files: [...files], bytes, gzipBytes }
}
