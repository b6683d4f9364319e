// Writes src/schema.d.ts, the partner API's types, from the server's OpenAPI document
// (GET /api/openapi.json, built from the routes' own schemas): `npm run generate`, with a
// server running at FERNWOOD_URL (http://127.0.0.1:3000 by default, as `npm start` serves it).
import { writeFile } from 'node:fs/promises'
import { clientSchema } from './client-schema.mjs'

const origin = process.env.FERNWOOD_URL ?? 'http://127.0.0.1:3000'
const response = await fetch(new URL('/api/openapi.json', origin))
if (!response.ok) throw new Error(`${origin} answered ${response.status} for its OpenAPI document`)
await writeFile(
  new URL('../src/schema.d.ts', import.meta.url),
  await clientSchema(await response.json()),
)
