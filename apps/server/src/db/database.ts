/** Anything SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export type Unlisten = () => Promise<void>

/**
 * The product's one seam over its two PostgreSQL engines: PGlite embedded under DATA_DIR, and a
 * PostgreSQL server reached through DATABASE_URL. Both speak the same SQL and LISTEN/NOTIFY.
 */
export interface Database extends Queryable {
  readonly driver: 'pglite' | 'postgres'
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /** Calls `onNotification` for every NOTIFY on `channel`, from any process, after its commit. */
  listen(channel: string, onNotification: (payload: string) => void): Promise<Unlisten>
  close(): Promise<void>
}
