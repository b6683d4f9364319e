import { hkdfSync, randomBytes } from 'node:crypto'
import type { Database } from '../db/database.ts'

// Once made the secret never changes: each database's is read once per process.
const secrets = new WeakMap<Database, Promise<Buffer>>()

/**
 * The deployment's own secret, kept in the database (`server_secret`) and made by the first
 * server to need it: every server on the database reads the same one, so what one signs another
 * verifies. Nothing uses it as is: each purpose derives its own key (`keyFor`).
 */
export function readServerSecret(database: Database): Promise<Buffer> {
  let secret = secrets.get(database)
  if (!secret) {
    secret = makeOrReadSecret(database)
    // A failed read is tried again by the next caller.
    secret.catch(() => secrets.delete(database))
    secrets.set(database, secret)
  }
  return secret
}

async function makeOrReadSecret(database: Database): Promise<Buffer> {
  // Two servers starting together both try; the first insert wins and both read it.
  await database.query('INSERT INTO server_secret (secret) VALUES ($1) ON CONFLICT DO NOTHING', [
    randomBytes(32),
  ])
  const [row] = await database.query<{ secret: Buffer | Uint8Array }>(
    'SELECT secret FROM server_secret',
  )
  return Buffer.from(row.secret)
}

/** A 256-bit key for one `purpose`, derived from the server's secret (HKDF-SHA-256). */
export function keyFor(serverSecret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), purpose, 32))
}
