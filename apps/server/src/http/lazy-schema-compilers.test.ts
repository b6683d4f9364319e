import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { lazySchemaCompilers } from './lazy-schema-compilers.ts'

const codeBody = {
  type: 'object',
  properties: { code: { type: 'string', minLength: 3 } },
  required: ['code'],
  additionalProperties: false,
}
const codeResponse = { type: 'object', properties: { code: { type: 'string' } } }
const malformed = { type: 'object', properties: { code: { type: 7 } } }

/** A Fastify app on the lazy compilers with one route that echoes its body. */
async function appWith({
  body = codeBody,
  response = codeResponse,
}: {
  body?: object
  response?: object
} = {}) {
  const compilers = lazySchemaCompilers()
  const app = Fastify({
    ajv: { customOptions: { coerceTypes: false } },
    schemaController: { compilersFactory: compilers.compilersFactory },
  })
  app.post('/echo', { schema: { body, response: { 200: response } } }, async (request) => ({
    ...(request.body as object),
    extra: 'not in the response schema',
  }))
  await app.ready()
  return { app, compilers }
}

describe('route schemas compiled on demand', () => {
  it('validates a request with the options given, names what is wrong, and serializes the answer by its schema', async () => {
    const { app } = await appWith()
    const refused = await app.inject({ method: 'POST', url: '/echo', payload: { code: 123 } })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe('body/code must be string')
    const tooShort = await app.inject({ method: 'POST', url: '/echo', payload: { code: 'ab' } })
    expect(tooShort.json().message).toBe('body/code must NOT have fewer than 3 characters')
    const accepted = await app.inject({ method: 'POST', url: '/echo', payload: { code: 'abc' } })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toEqual({ code: 'abc' })
    await app.close()
  })

  it.each([
    ['request', { body: malformed }],
    ['response', { response: malformed }],
  ])(
    'a %s schema that does not compile lets the server start, fails compileTheRest and its route’s requests',
    async (_part, schemas) => {
      const { app, compilers } = await appWith(schemas)
      await expect(compilers.compileTheRest()).rejects.toThrow(/schema is invalid/)
      const answer = await app.inject({ method: 'POST', url: '/echo', payload: { code: 'abc' } })
      expect(answer.statusCode).toBe(500)
      await app.close()
    },
  )
})
