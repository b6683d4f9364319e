import type { Database } from '../../src/db/database.ts'

/**
 * A database counting the batches of one batched statement sent to it (`statement`, how its SQL
 * begins), by their sizes (its first parameter's length); `hold` keeps the next such batch with
 * the database until released, as a slow commit would.
 */
export function watchedDatabase(database: Database, statement: string) {
  const sizes: number[] = []
  let held: Promise<void> | undefined
  let release = () => {}
  const watched: Database = {
    ...database,
    async query(sql, params, options) {
      if (sql.startsWith(statement)) {
        const [items] = params as [unknown[]]
        sizes.push(items.length)
        const wait = held
        held = undefined
        await wait
      }
      return database.query(sql, params, options)
    },
  }
  return {
    database: watched,
    sizes,
    hold() {
      held = new Promise((resolve) => {
        release = resolve
      })
      return () => release()
    },
  }
}
