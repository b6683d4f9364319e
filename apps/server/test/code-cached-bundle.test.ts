import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverBundleOptions } from '../server-bundle-options.mjs'
import { spawnScript } from './support/script-process.ts'

// A bundle built as the server's is (the same options, with a map naming its sources), run by a
// process of its own as the built server's start runs its bundle: V8's code cache in and out,
// `import.meta.url` as in an ES module, `import()` of a package, and stack traces through the map.
const fixture = (message: string) => `function thrower(): never {
  throw new Error('${message}')
}
try {
  thrower()
} catch (error) {
  console.log(\`stack \${JSON.stringify((error as Error).stack)}\`)
}
console.log(\`url \${import.meta.url}\`)
import('node:os').then((os) => console.log(\`imported \${typeof os.cpus}\`))
`

let folder: string
let bundle: string

/** Builds the fixture, throwing `message`, into `bundle`. */
async function buildBundle(message: string) {
  await writeFile(path.join(folder, 'thrower.ts'), fixture(message))
  await build({
    ...serverBundleOptions,
    entryPoints: [path.join(folder, 'thrower.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'error',
  })
}

async function run() {
  const script = spawnScript('test/support/run-bundle.ts', {}, [bundle])
  await script.exited
  const output = script.output()
  return {
    codeCache: /^code cache (\w+)$/m.exec(output)?.[1],
    saved: /^saved (\w+)$/m.exec(output)?.[1],
    stack: JSON.parse(/^stack (.*)$/m.exec(output)?.[1] ?? 'null') as string | null,
    url: /^url (.*)$/m.exec(output)?.[1],
    imported: /^imported (.*)$/m.exec(output)?.[1],
    output,
  }
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'fernwood-bundle-'))
  bundle = path.join(folder, 'bundle.cjs')
  await buildBundle('thrown in the bundle')
})

afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

describe('the server bundle start', () => {
  it('compiles afresh and writes the code cache, which the next start runs from', async () => {
    const first = await run()
    expect(first, first.output).toMatchObject({ codeCache: 'absent', saved: 'true' })
    expect(existsSync(`${bundle}.code-cache`)).toBe(true)

    const second = await run()
    expect(second, second.output).toMatchObject({ codeCache: 'used', saved: 'false' })
  })

  it('removes what a writer killed half-way left, but not what a running one is writing', async () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid
    const leftByEnded = `${bundle}.code-cache.${ended}-0a1b2c`
    const beingWritten = `${bundle}.code-cache.${process.pid}-3d4e5f`
    await writeFile(leftByEnded, 'half a cache')
    await writeFile(beingWritten, 'half a cache')
    await rm(`${bundle}.code-cache`, { force: true })

    expect((await run()).saved).toBe('true')
    expect(existsSync(leftByEnded)).toBe(false)
    expect(existsSync(beingWritten)).toBe(true)
    await rm(beingWritten)
  })

  it('runs a bundle written again at the same length as it now is, not from its old cache', async () => {
    expect((await run()).codeCache).toBe('used')
    // V8 would take the old cache for it: it checks a source's length, not its text.
    await buildBundle('THROWN IN THE BUNDLE')
    const later = new Date(Date.now() + 60_000)
    await utimes(bundle, later, later)

    const rewritten = await run()
    expect(rewritten, rewritten.output).toMatchObject({ codeCache: 'rejected', saved: 'true' })
    expect(rewritten.stack).toMatch(/^Error: THROWN IN THE BUNDLE\n/)
    expect((await run()).codeCache).toBe('used')
  })

  it('runs the bundle as the server is built to run, and its stack traces name the TypeScript source, with or without the cache', async () => {
    await rm(`${bundle}.code-cache`, { force: true })
    for (const codeCache of ['absent', 'used']) {
      const started = await run()
      expect(started.codeCache, started.output).toBe(codeCache)
      expect(started.url).toBe(pathToFileURL(bundle).href)
      expect(started.imported).toBe('function')
      expect(started.stack).toMatch(/^Error: THROWN IN THE BUNDLE\n/)
      expect(started.stack).toContain(`at thrower (${path.join(folder, 'thrower.ts')}:2:9)`)
      expect(started.stack).not.toContain('bundle.cjs:')
    }
  })
})
