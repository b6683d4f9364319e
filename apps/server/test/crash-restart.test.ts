import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import type { RewardsResponse } from '@fernwood/protocol'
import { bindWallet, freePort, httpVisitor, serverEntries, untilHealthy } from '@fernwood/testkit'
import { describe, expect, it } from 'vitest'
import { useTestProcesses } from './support/test-processes.ts'

const { onCleanup, storage, start } = useTestProcesses()

// Submitters running side by side, each sending its next code as soon as the last is answered.
const SUBMITTERS = 8
// Enough answered submissions that the kill lands among writes in flight.
const ACCEPTED_BEFORE_KILL = 60

/**
 * A server whose parent never reaps it: a shell that starts it, prints its pid and turns into
 * `sleep`, as a supervisor busy elsewhere (or a container's init that reaps nothing) would be.
 * Killed, the server stays a zombie. Resolves to the server's pid once it answers.
 */
async function startUnreaped(env: Record<string, string>): Promise<number> {
  const parent = spawn(
    'sh',
    [
      '-c',
      '"$0" "$1" >/dev/null 2>&1 & echo $!; exec sleep 600',
      process.execPath,
      serverEntries.server,
    ],
    { env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
  )
  onCleanup(async () => {
    parent.kill('SIGKILL')
  })
  const [line] = (await once(parent.stdout, 'data')) as [Buffer]
  const pid = Number.parseInt(line.toString(), 10)
  onCleanup(async () => {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  })
  await untilHealthy({
    url: `http://127.0.0.1:${env.PORT}`,
    output: () => 'its output went to /dev/null',
    exited: once(parent, 'exit').then(([code]) => code as number | null),
  })
  return pid
}

// Real processes: allow for a busy machine.
describe('a server killed under load', { timeout: 180_000 }, () => {
  it('restarts at once on its DATA_DIR, with every submission it answered 201 still there', async () => {
    const env = {
      ...(await storage()),
      PORT: String(await freePort()),
      ALLOW_UNVERIFIED_WALLETS: 'true',
      CODE_SUBMITS_PER_MINUTE: '1000000',
      CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '1000000',
      INVALID_CODE_LOCKOUT_ATTEMPTS: '1000000',
    }
    const first = await start(env)
    // The restarted server answers on the same port: one visitor for both.
    const visitor = httpVisitor(first.url)
    await visitor.request('/api/session', {})
    // Without a proof, as ALLOW_UNVERIFIED_WALLETS allows.
    await bindWallet(visitor.post, 'alice.wam', false)

    const accepted: string[] = []
    let killed = false
    let reachedLoad: () => void = () => undefined
    const loaded = new Promise<void>((resolve) => {
      reachedLoad = resolve
    })
    const submitter = async (index: number) => {
      for (let sequence = 0; !killed; sequence++) {
        const code = `crash-${index}-${sequence}`
        let response: Response
        try {
          response = await visitor.request('/api/codes', { code })
        } catch {
          return // the connection died with the server
        }
        if (response.status !== 201) throw new Error(`${code}: ${await response.text()}`)
        accepted.push(code)
        if (accepted.length >= ACCEPTED_BEFORE_KILL) reachedLoad()
      }
    }
    const submitters = Promise.all(
      Array.from({ length: SUBMITTERS }, (_, index) => submitter(index)),
    )
    await Promise.race([loaded, submitters])
    first.child.kill('SIGKILL')
    killed = true
    expect(await first.exited).toBe('SIGKILL')
    await submitters

    await start(env)
    const stored = new Set<string>()
    // Both lists are paged: read every page of each.
    for (const list of ['pending', 'history'] as const) {
      let before: string | null = null
      do {
        const query: string = before ? `?${list}Before=${before}` : ''
        const response = await visitor.request(`/api/rewards${query}`)
        expect(response.status).toBe(200)
        const page = (await response.json()) as RewardsResponse
        for (const reward of page[list]) stored.add(reward.code)
        before = list === 'pending' ? page.olderPending : page.olderHistory
      } while (before)
    }
    expect(accepted.length).toBeGreaterThanOrEqual(ACCEPTED_BEFORE_KILL)
    expect(accepted.filter((code) => !stored.has(code))).toEqual([])
  })

  it('restarts at once while the killed server is still a zombie its parent has not reaped', async () => {
    const env = { ...(await storage()), PORT: String(await freePort()) }
    const killed = await startUnreaped(env)
    process.kill(killed, 'SIGKILL')
    while (!(await readFile(`/proc/${killed}/stat`, 'utf8')).includes(') Z ')) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }

    const second = await start(env)
    expect(second.output()).not.toContain('is in use by another running Fernwood process')
  })
})
