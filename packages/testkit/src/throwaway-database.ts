import { randomBytes } from 'node:crypto'
import pg from 'pg'

export interface ThrowawayDatabase {
  /** its PostgreSQL URL: the server's, naming this database */
  url: string
  /** drops it, closing whatever connections are still open on it */
  drop(): Promise<void>
}

export interface ThrowawayDatabaseOptions {
  /** the PostgreSQL server's URL: TEST_DATABASE_URL unless given */
  serverUrl?: string
  /** a database on that server to copy (none may be connected to it): empty unless given */
  template?: string
}

/**
 * A new database on the PostgreSQL server, empty or a copy of `template`, named
 * `<prefix>_<random>` so that test files and runs can use one server side by side.
 */
export async function createThrowawayDatabase(
  prefix: string,
  { serverUrl = process.env.TEST_DATABASE_URL, template }: ThrowawayDatabaseOptions = {},
): Promise<ThrowawayDatabase> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server')
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => dropDatabase(url.toString()) }
}

/** Drops the database `url` names, closing whatever connections are still open on it. */
export function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1)
  return onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

/** Runs `statement` through the server's maintenance database, as CREATE/DROP DATABASE must. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const maintenance = new URL(serverUrl)
  maintenance.pathname = '/postgres'
  const client = new pg.Client({ connectionString: maintenance.toString() })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
