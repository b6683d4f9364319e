/** Anything SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<Row[]>
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface QueryOptions {
  /**
   * For a statement on a hot path: PostgreSQL keeps it parsed under this name on each pooled
   * connection, so later calls send only its parameters. One name per SQL text.
   */
  preparedAs?: string
}

export type Unlisten = () => Promise<void>

/** A connection pool's state in this process, for operators: how close it is to running dry. */
export interface PoolUse {
  /** the most connections the pool opens */
  max: number
  open: number
  idle: number
  /** queries waiting for a connection */
  waiting: number
}

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
  /** The pool's state; only PostgreSQL has a pool (PGlite is one connection in this process). */
  poolUse?(): PoolUse
  close(): Promise<void>
}
