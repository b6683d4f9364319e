import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from './support/server-process.ts'
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  testDriver,
} from './support/test-database.ts'

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/**
 * `npm start` exactly as the README gives it, in its own process group so that stopping it
 * reaches npm, its shell and the server alike, as a terminal's Ctrl-C would.
 */
function npmStart(env: Record<string, string>) {
  const child = spawn('npm', ['start'], {
    cwd: repositoryRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = once(child, 'exit').then(([code, signal]) => code ?? signal)
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) signalGroup(child, 'SIGKILL')
    await exited
  })
  return { child, exited, output: () => output }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid !== undefined) process.kill(-child.pid, signal)
}

async function untilReady(url: string, started: ReturnType<typeof npmStart>) {
  // A fresh clone builds the web app and the server first.
  const deadline = Date.now() + 240_000
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) {
      throw new Error(`npm start exited (${started.child.exitCode}):\n${started.output()}`)
    }
    const ready = await fetch(`${url}/api/ready`).catch(() => undefined)
    if (ready?.ok) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`npm start did not become ready:\n${started.output()}`)
}

describe('npm start', { timeout: 300_000 }, () => {
  it('builds what changed, then serves the app, its precompressed assets, the API and the Dev Anchor page from the compiled server', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-npm-start-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const env: Record<string, string> = { PORT: String(await freePort()), DATA_DIR: dataDir }
    if (testDriver === 'postgres') {
      const database = await createPostgresDatabase()
      cleanups.push(() => dropPostgresDatabase(database))
      env.DATABASE_URL = database.toString()
    }
    const url = `http://127.0.0.1:${env.PORT}`

    const started = npmStart(env)
    await untilReady(url, started)

    // What runs is the bundle, not the TypeScript sources through tsx.
    const startScript = JSON.parse(
      await readFile(path.join(repositoryRoot, 'package.json'), 'utf8'),
    ).scripts.start as string
    expect(startScript).toMatch(/node .*apps\/server\/dist\/main\.js$/)

    const page = await fetch(url)
    expect(page.status).toBe(200)
    const html = await page.text()
    const script = html.match(/<script[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1]
    expect(script, html).toBeDefined()

    const asset = await fetch(`${url}${script}`, { headers: { 'accept-encoding': 'br' } })
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-encoding')).toBe('br')
    expect(asset.headers.get('vary')).toMatch(/accept-encoding/i)

    const config = await fetch(`${url}/api/config`)
    expect(config.status).toBe(200)
    expect(await config.json()).toMatchObject({ productName: expect.any(String) })

    const anchorPage = await fetch(`${url}/devchain/anchor/`)
    expect(anchorPage.status).toBe(200)
    const anchorScript = await fetch(`${url}/devchain/anchor/page.js`)
    expect(anchorScript.status).toBe(200)
    expect(anchorScript.headers.get('content-type')).toMatch(/javascript/)
    expect((await anchorScript.text()).length).toBeGreaterThan(0)

    signalGroup(started.child, 'SIGTERM')
    await started.exited
    expect(await fetch(`${url}/api/health`).catch(() => 'refused')).toBe('refused')
  })
})
