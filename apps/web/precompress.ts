import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text and WebAssembly compress well; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt|map)$/

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build that is at least
 * `minBytes` long, at the strongest settings, since this runs once per build instead of on
 * every request. The server (@fastify/static's `preCompressed`) sends the one a browser accepts.
 * A compressed copy no smaller than its original is not kept.
 */
export function precompress({ minBytes = 1024 } = {}): Plugin {
  let outDir = ''
  return {
    name: 'fernwood:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file))
      await Promise.all(files.map(compressBeside))
    },
  }

  async function compressBeside(file: string) {
    if ((await stat(file)).size < minBytes) return
    const content = await readFile(file)
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ])
    if (br.length < content.length) await writeFile(`${file}.br`, br)
    if (gz.length < content.length) await writeFile(`${file}.gz`, gz)
  }
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && !entry.parentPath.includes(`${path.sep}.vite`))
    .map((entry) => path.join(entry.parentPath, entry.name))
}
