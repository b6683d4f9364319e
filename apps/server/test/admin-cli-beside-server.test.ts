import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DEV_WALLET_PRIVATE_KEY, DEVCHAIN_CHAIN_ID } from '@fernwood/devchain'
import { afterEach, describe, expect, it } from 'vitest'
import { spawnScript } from './support/script-process.ts'
import {
  freePort,
  type ServerProcess,
  spawnServer,
  untilHealthy,
} from './support/server-process.ts'
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  testDriver,
} from './support/test-database.ts'
import { signIdentityProof } from './support/wallet-proofs.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer({ PORT: String(await freePort()), ...env })
  cleanups.push(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    await server.exited
  })
  await untilHealthy(server)
  return server
}

async function admin(env: Record<string, string>, ...argv: string[]) {
  const cli = spawnScript('src/admin/main.ts', env, argv)
  return { exitCode: await cli.exited, output: cli.output() }
}

/** An operator's session on a running server: alice.wam connected with a proof, over HTTP. */
async function operatorSession(server: ServerProcess): Promise<string> {
  const post = (url: string, body: unknown, cookie = '') =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify(body),
    })
  const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0]
  const signIn = cookieOf(await post('/api/session', {}))
  const { nonce } = (await (await post('/api/wallet/challenge', {}, signIn)).json()) as {
    nonce: string
  }
  const proof = signIdentityProof({
    chainId: DEVCHAIN_CHAIN_ID,
    scope: 'fernwood',
    actor: 'alice.wam',
    privateKey: DEV_WALLET_PRIVATE_KEY,
  })
  const bound = await post(
    '/api/wallet',
    {
      nonce,
      chainId: DEVCHAIN_CHAIN_ID,
      actor: 'alice.wam',
      permission: 'active',
      proof: { type: 'identity', proof },
    },
    signIn,
  )
  expect(bound.status).toBe(200)
  return cookieOf(bound)
}

// Starts a real server and the CLI as processes: allow for a busy machine.
describe('the admin CLI beside a running server', { timeout: 180_000 }, () => {
  it(
    testDriver === 'postgres'
      ? 'with PostgreSQL it runs while the server runs, and the server serves what it changed'
      : 'with PGlite it refuses to open the DATA_DIR the running server holds',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-admin-beside-'))
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
      const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_ACCOUNTS: 'alice.wam' }
      if (testDriver === 'postgres') {
        const url = await createPostgresDatabase()
        cleanups.push(() => dropPostgresDatabase(url))
        env.DATABASE_URL = url.toString()
      } else {
        env.DATABASE_URL = ''
      }
      const server = await startServer(env)

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
