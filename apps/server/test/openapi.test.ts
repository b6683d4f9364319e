import { readdir } from 'node:fs/promises'
import path from 'node:path'
import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as adminErrors from '../src/admin/errors.ts'
import type { App } from '../src/app.ts'
import * as liveErrors from '../src/live/errors.ts'
import * as metricsErrors from '../src/metrics/errors.ts'
import { isDocumented } from '../src/openapi/document.ts'
import { errorCatalogue } from '../src/openapi/error-catalogue.ts'
import { routeErrorCodes, sharedErrorCodes } from '../src/openapi/route-errors.ts'
import * as rewardErrors from '../src/rewards/errors.ts'
import * as walletErrors from '../src/wallet/errors.ts'
import { buildTestApp } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

interface Operation {
  responses: Record<string, { description: string }>
}
type OpenApiDocument = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: { ErrorCode: { enum: string[]; description: string } } }
}

let testDatabase: TestDatabase
let app: App
let document: OpenApiDocument

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  app = await buildTestApp(testDatabase.database, {
    METRICS_TOKEN: 'a-token-of-32-characters-or-more',
  })
  document = (await app.inject('/api/openapi.json')).json()
})
afterAll(async () => {
  await app.close()
  await testDatabase.drop()
})

/**
 * Every route the app serves, as 'METHOD /path', read from Fastify's own route tree: one line
 * per path segment, indented four characters per level, methods in parentheses.
 */
function servedRoutes(): string[] {
  const routes: string[] = []
  const segments: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line)
    if (!match) continue
    const [, indent, segment, methods] = match
    segments.length = indent.length / 4
    segments.push(segment)
    for (const method of methods?.split(', ') ?? []) routes.push(`${method} ${segments.join('')}`)
  }
  return routes
}

describe('the OpenAPI document at /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0')
    await expect(
      SwaggerParser.validate(
        structuredClone(document) as unknown as Parameters<typeof SwaggerParser.validate>[0],
      ),
    ).resolves.toBeDefined()
  })

  it('describes every API route the server serves, and nothing it does not', async () => {
    const apiRoutes = servedRoutes().filter(
      (route) => !route.startsWith('HEAD ') && isDocumented(route.split(' ')[1]),
    )
    expect(apiRoutes).toContain('GET /metrics')
    // OpenAPI writes a path parameter `{id}` where Fastify writes `:id`.
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    )
    expect(apiRoutes.length).toBeGreaterThan(8)
    expect(documented.sort()).toEqual(apiRoutes.sort())
  })

  it('the catalogue holds the errors of every capability’s errors.ts', async () => {
    const sources = path.resolve(import.meta.dirname, '../src')
    const modules = (await readdir(sources, { recursive: true })).filter(
      (file) => path.basename(file) === 'errors.ts',
    )
    expect(modules.length).toBeGreaterThan(3)
    const catalogued = errorCatalogue().map(({ code }) => code)
    for (const module of modules) {
      const exports: Record<string, unknown> = await import(path.join(sources, module))
      for (const value of Object.values(exports)) {
        if (typeof value === 'function' && value.prototype instanceof Error) {
          const { code } = new (value as new () => Error & { code: string })()
          expect(catalogued, `${code} of ${module}`).toContain(code)
        }
      }
    }
  })

  it('lists every error code and message of the catalogue', () => {
    const { enum: codes, description } = document.components.schemas.ErrorCode
    for (const { code, status, message } of errorCatalogue()) {
      expect(codes).toContain(code)
      expect(description).toContain(`${code} (${status}): ${message}`)
    }
    expect(description).toContain(
      'CODE_INVALID (400): Please connect your wallet and enter a valid code.',
    )
  })

  it('documents each refusal on the operations that answer with it', () => {
    const responsesText = (method: string, path: string) =>
      Object.values(document.paths[path][method].responses)
        .map(({ description }) => description)
        .join('\n')
    expect(responsesText('post', '/api/codes')).toContain(
      'CODE_DUPLICATE: This wallet has already used or submitted this code.',
    )
    expect(document.paths['/api/codes'].post.responses['409']).toBeDefined()
    expect(responsesText('post', '/api/wallet')).toContain('WALLET_PROOF_EXPIRED')
    expect(responsesText('delete', '/api/session')).toContain('CROSS_ORIGIN_REFUSED')
    expect(responsesText('post', '/api/rewards/{id}/dismiss')).toContain('REWARD_NOT_DISMISSIBLE')

    const documentedCodes = new Set(
      Object.values(document.paths)
        .flatMap((operations) => Object.values(operations))
        .flatMap((operation) => Object.values(operation.responses))
        .flatMap(({ description }) => [...description.matchAll(/^([A-Z_]+):/gm)].map(([, c]) => c)),
    )
    // Each capability's own refusals belong to its operations (those every request may meet,
    // like NOT_FOUND, are listed in the ErrorCode schema above).
    for (const catalogue of [adminErrors, liveErrors, metricsErrors, rewardErrors, walletErrors]) {
      for (const value of Object.values(catalogue)) {
        if (typeof value === 'function' && value.prototype instanceof Error) {
          expect(documentedCodes).toContain(
            new (value as new () => Error & { code: string })().code,
          )
        }
      }
    }
    const catalogued = errorCatalogue().map(({ code }) => code)
    const named = [...Object.values(routeErrorCodes).flat(), ...sharedErrorCodes('POST')]
    for (const code of named) expect(catalogued).toContain(code)
  })
})
