import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { freePort, repositoryRoot, spawnProcess, untilHealthy } from '@fernwood/testkit'
import { describe, expect, it } from 'vitest'
import { useTestProcesses } from './support/test-processes.ts'

const { onCleanup, storage } = useTestProcesses()

/**
 * `npm start` exactly as the README gives it, in its own process group so that stopping it
 * reaches npm, its shell and the server alike, as a terminal's Ctrl-C would.
 */
function npmStart(env: Record<string, string>) {
  const started = spawnProcess('npm', ['start'], {
    env: { LOG_LEVEL: 'warn', ...env },
    detached: true,
  })
  onCleanup(async () => {
    if (groupAlive(started)) signalGroup(started, 'SIGKILL')
    await untilGroupEnded(started)
  })
  return started
}

function signalGroup({ child }: ReturnType<typeof npmStart>, signal: NodeJS.Signals) {
  if (child.pid !== undefined && groupAlive({ child })) process.kill(-child.pid, signal)
}

function groupAlive({ child }: Pick<ReturnType<typeof npmStart>, 'child'>) {
  if (child.pid === undefined) return false
  try {
    process.kill(-child.pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * npm may exit before the server it started has finished shutting down (and writing the
 * devchain's state): the group is over only once its last process is.
 */
async function untilGroupEnded(started: ReturnType<typeof npmStart>, timeoutMs = 30_000) {
  await started.exited
  const deadline = Date.now() + timeoutMs
  while (groupAlive(started)) {
    if (Date.now() > deadline)
      throw new Error(`npm start's processes still run:\n${started.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('npm start', { timeout: 300_000 }, () => {
  it('builds what changed, then serves the app, its precompressed assets, the API and the Dev Anchor page from the compiled server', async () => {
    // A DATA_DIR holding a migrated database: a first start's own is data-dir-permissions.test.ts's.
    const env = { ...(await storage()), PORT: String(await freePort()) }
    const url = `http://127.0.0.1:${env.PORT}`

    const started = npmStart(env)
    // A fresh clone builds the web app and the server first.
    await untilHealthy({ url, ...started }, { path: '/api/ready', timeoutMs: 240_000 })

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

    signalGroup(started, 'SIGTERM')
    await untilGroupEnded(started)
    expect(await fetch(`${url}/api/health`).catch(() => 'refused')).toBe('refused')
  })
})
