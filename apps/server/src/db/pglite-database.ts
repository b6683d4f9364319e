import { PGlite } from '@electric-sql/pglite'
import type { Database, Queryable } from './database.ts'

/** PGlite persisted in `dataDir`: one process owns it, guarded by the data-directory lock. */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const pglite = await PGlite.create(dataDir)
  const queryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params])
      return result.rows
    },
    async exec(sql: string) {
      await target.exec(sql)
    },
  })
  return {
    driver: 'pglite',
    ...queryable(pglite),
    transaction: (work) => pglite.transaction((tx) => work(queryable(tx))),
    async listen(channel, onNotification) {
      const unlisten = await pglite.listen(channel, onNotification)
      return () => unlisten()
    },
    close: () => pglite.close(),
  }
}
