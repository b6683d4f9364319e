import type pg from 'pg'
import type { Database, Queryable, QueryOptions } from './database.ts'

const RECONNECT_DELAY_MS = 1000

/**
 * A pooled PostgreSQL connection. Notifications share one dedicated connection per process,
 * re-established (and re-subscribed) when the server drops it.
 */
export async function openPostgresDatabase(
  connectionString: string,
  options: { maxConnections?: number; onListenError?: (error: Error) => void } = {},
): Promise<Database> {
  // Loaded here, not with the module: the embedded default, on PGlite, never needs it, and loading
  // it was some 40 ms of every start.
  const { default: pg } = await import('pg')
  const maxConnections = options.maxConnections ?? 10
  const pool = new pg.Pool({ connectionString, max: maxConnections })
  // An idle pooled client that loses its server emits here; the pool replaces it on next use.
  pool.on('error', (error) => options.onListenError?.(error))
  await pool.query('SELECT 1')

  const queryable = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
      const result = await target.query({
        text: sql,
        values: [...params],
        name: options.preparedAs,
      })
      return result.rows as Row[]
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await target.query(sql)
    },
  })

  const subscribers = new Map<string, Set<(payload: string) => void>>()
  let listener: pg.Client | undefined
  let connecting: Promise<pg.Client> | undefined
  let closed = false

  const quoteChannel = (channel: string) => `"${channel.replaceAll('"', '""')}"`

  const connectListener = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString })
      client.on('notification', ({ channel, payload }) => {
        for (const notify of subscribers.get(channel) ?? []) notify(payload ?? '')
      })
      client.on('error', (error) => {
        options.onListenError?.(error)
        if (listener === client) listener = undefined
        connecting = undefined
        if (!closed && subscribers.size > 0) scheduleReconnect()
      })
      await client.connect()
      for (const channel of subscribers.keys())
        await client.query(`LISTEN ${quoteChannel(channel)}`)
      listener = client
      return client
    })().catch((error) => {
      connecting = undefined
      throw error
    })
    return connecting
  }

  const scheduleReconnect = () => {
    setTimeout(() => {
      if (closed) return
      connectListener().catch((error) => {
        options.onListenError?.(error)
        scheduleReconnect()
      })
    }, RECONNECT_DELAY_MS).unref()
  }

  return {
    driver: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work(queryable(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    async listen(channel, onNotification) {
      let channelSubscribers = subscribers.get(channel)
      if (!channelSubscribers) {
        channelSubscribers = new Set()
        subscribers.set(channel, channelSubscribers)
        const client = listener ?? (await connectListener())
        // LISTEN is idempotent, and a connection opened concurrently may predate this channel.
        await client.query(`LISTEN ${quoteChannel(channel)}`)
      }
      channelSubscribers.add(onNotification)
      return async () => {
        channelSubscribers.delete(onNotification)
        if (channelSubscribers.size === 0 && subscribers.get(channel) === channelSubscribers) {
          subscribers.delete(channel)
          await listener?.query(`UNLISTEN ${quoteChannel(channel)}`).catch(() => undefined)
        }
      }
    },
    poolUse: () => ({
      max: maxConnections,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      closed = true
      await listener?.end().catch(() => undefined)
      await pool.end()
    },
  }
}
