import path from 'node:path'
import {
  bindWallet,
  freePort,
  httpVisitor,
  type ServerProcess,
  serverEntries,
} from '@fernwood/testkit'
import { describe, expect, it } from 'vitest'
import { spawnScript } from './support/script-process.ts'
import { testDriver } from './support/test-database.ts'
import { useTestProcesses } from './support/test-processes.ts'

const { storage, start } = useTestProcesses()

async function admin(env: Record<string, string>, ...argv: string[]) {
  const cli = spawnScript(serverEntries.admin, env, argv)
  return { exitCode: await cli.exited, output: cli.output() }
}

/** An operator's session on a running server: alice.wam connected with a proof, over HTTP. */
async function operatorSession(server: ServerProcess): Promise<string> {
  const operator = httpVisitor(server.url)
  await operator.request('/api/session', {})
  await bindWallet(operator.post, 'alice.wam')
  return operator.cookie()
}

// Starts a real server and the CLI as processes: allow for a busy machine.
describe('the admin CLI beside a running server', { timeout: 180_000 }, () => {
  it(
    testDriver === 'postgres'
      ? 'with PostgreSQL it runs while the server runs, and the server serves what it changed'
      : 'with PGlite it refuses to open the DATA_DIR the running server holds',
    async () => {
      const env: Record<string, string> = { ...(await storage()), ADMIN_ACCOUNTS: 'alice.wam' }
      const dataDir = env.DATA_DIR
      const server = await start(env)

      const created = await admin(
        env,
        'campaigns',
        'create',
        '--slug',
        'beside',
        '--name',
        'Made beside the server',
        '--kind',
        'unique',
        '--reward',
        '1.0000 FERN',
      )
      if (testDriver === 'pglite') {
        expect(created.exitCode).toBe(1)
        expect(created.output).toContain(`DATA_DIR ${dataDir} is in use by another running`)
        return
      }
      expect(created.exitCode, created.output).toBe(0)
      const generated = await admin(
        env,
        'codes',
        'generate',
        '--campaign',
        'beside',
        '--count',
        '2',
        '--out',
        path.join(dataDir, 'codes'),
      )
      expect(generated.exitCode, generated.output).toBe(0)
      // The campaign list shows the welcome campaign the running server seeded.
      const listed = await admin(env, 'campaigns', 'list')
      expect(listed.output).toMatch(/^welcome\t/m)

      const cookie = await operatorSession(server)
      const response = await fetch(`${server.url}/api/admin/campaigns`, { headers: { cookie } })
      const { campaigns } = (await response.json()) as {
        campaigns: Array<{ slug: string; codes: number }>
      }
      expect(campaigns.find((campaign) => campaign.slug === 'beside')?.codes).toBe(2)

      // The devchain's state is the server's: the CLI reads it through the server's /devchain.
      const port = new URL(server.url).port
      const balance = await admin({ ...env, PORT: port }, 'payouts', 'balance')
      expect(balance.exitCode, balance.output).toBe(0)
      expect(balance.output).toMatch(/^fernwoodpays: [0-9]+\.[0-9]{4} FERN \(fern\.token\)$/m)
      const elsewhere = await admin(
        { ...env, PORT: String(await freePort()) },
        'payouts',
        'balance',
      )
      expect(elsewhere.exitCode).toBe(1)
      expect((await fetch(`${server.url}/api/health`)).ok).toBe(true)
    },
  )
})
