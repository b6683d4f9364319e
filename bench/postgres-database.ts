import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** A database of the benchmark's own on the TEST_DATABASE_URL server, dropped afterwards. */
export async function createPostgresDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL as string
  const name = `fernwood_bench_${randomBytes(6).toString('hex')}`
  const admin = new URL(serverUrl)
  admin.pathname = '/postgres'
  const sql = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await sql(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}
