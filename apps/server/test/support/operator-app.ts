import type { CodeGeneration } from '@fernwood/protocol/admin'
import { afterAll, beforeAll } from 'vitest'
import { type AdminContext, runAdminCommand } from '../../src/admin/commands.ts'
import type { App } from '../../src/app.ts'
import type { ChainConnection } from '../../src/chain/chain-connection.ts'
import { readEnvironment } from '../../src/config/environment.ts'
import type { Database } from '../../src/db/database.ts'
import { eventually } from './rewards.ts'
import { buildTestApp, createTestChain, jsonFromSite } from './test-app.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'
import { connectWithProof } from './wallet-proofs.ts'

/** A test file's server for the operators' tools, and an operator signed in to it. */
export interface OperatorApp {
  testDatabase: TestDatabase
  chain: ChainConnection
  app: App
  /** where the app listens, for streams */
  baseUrl: string
  /** the Cookie header of alice.wam's session, ADMIN_ACCOUNTS' one operator */
  operator: string
  /** Sends a request as the operator (or as whoever `cookie` signs in). */
  request(
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    cookie?: string,
  ): ReturnType<App['inject']>
}

/**
 * Opens a database, a devchain and the app for the test file (its beforeAll), with alice.wam the
 * one operator, and closes them after it (its afterAll). Read the fields inside tests.
 */
export function operatorApp(): OperatorApp {
  const opened = {
    request: (method, url, payload, cookie = opened.operator) =>
      opened.app.inject({ method, url, headers: { ...jsonFromSite, cookie }, payload }),
  } as OperatorApp
  beforeAll(async () => {
    opened.testDatabase = await createTestDatabase()
    opened.chain = await createTestChain()
    opened.app = await buildTestApp(
      opened.testDatabase.database,
      { ADMIN_ACCOUNTS: 'alice.wam' },
      opened.chain,
    )
    opened.baseUrl = await opened.app.listen({ port: 0, host: '127.0.0.1' })
    opened.operator = (await connectWithProof(opened.app, 'alice.wam')).cookie
  })
  afterAll(async () => {
    await opened.app.close()
    await opened.chain.close()
    await opened.testDatabase.drop()
  })
  return opened
}

/** The campaign operations an operator's tests make through the console's API and the CLI. */
export function campaignTools(tools: OperatorApp) {
  return {
    admin: (...argv: string[]) => runAdmin(tools.testDatabase.database, ...argv),
    create: (payload: object) => tools.request('POST', '/api/admin/campaigns', payload),
    edit: (slug: string, payload: object) =>
      tools.request('POST', `/api/admin/campaigns/${slug}/edit`, payload),
    /** the campaign as the console's list shows it */
    shown: async (slug: string) => {
      const { campaigns } = (await tools.request('GET', '/api/admin/campaigns')).json()
      return campaigns.find((each: { slug: string }) => each.slug === slug)
    },
    /** the audit trail's entries about `subject`, oldest first */
    audited: (subject: string) =>
      tools.testDatabase.database.query<{
        action: string
        actor: string
        details: Record<string, unknown>
      }>('SELECT action, actor, details FROM audit_log WHERE subject = $1 ORDER BY id', [subject]),
    /** a unique campaign's creation request, with `fields` over it */
    draft: (slug: string, fields: object = {}) => ({
      slug,
      name: slug,
      kind: 'unique',
      reward: '1.0000 FERN',
      ...fields,
    }),
  }
}

/** What `npm run admin -- <argv>` prints, a line at a time, for commands that need no chain. */
export async function runAdmin(database: Database, ...argv: string[]): Promise<string[]> {
  const lines: string[] = []
  const context: AdminContext = {
    database,
    env: readEnvironment({}),
    chainNode: () => Promise.reject(new Error('this command reads no chain')),
    transferHistory: () => Promise.reject(new Error('this command reads no history')),
    print: (line) => lines.push(...line.split('\n')),
  }
  await runAdminCommand(argv, context)
  return lines
}

/** The code generation `id` once it stopped running (done or failed), as `cookie`'s operator reads it. */
export async function generationDone(
  app: App,
  cookie: string,
  id: string,
): Promise<CodeGeneration> {
  return eventually(
    async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/admin/generations/${id}`,
          headers: { ...jsonFromSite, cookie },
        })
      ).json().generation,
    (generation: CodeGeneration) => generation.state !== 'running',
  )
}
