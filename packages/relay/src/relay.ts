import fastifyWebsocket from '@fastify/websocket'
import Fastify, { type FastifyPluginAsync, type FastifyRequest } from 'fastify'
import { ChannelRegistry, type Delivery } from './channels.ts'
import { EmptyMessage, InvalidChannel, InvalidWait, RelayError } from './errors.ts'
import { ListenerConnection } from './listener-connection.ts'

/** The spec's largest network message: bodies above it are refused with 413. */
export const MAX_MESSAGE_BYTES = 8_388_608

export interface RelayOptions {
  /** an undelivered message is forgotten after this long; 10 minutes by default */
  messageTtlMs?: number
  /** all undelivered messages together stay under this; 64 MiB by default */
  maxBufferedBytes?: number
  /** the longest X-Buoy-Wait or X-Buoy-Soft-Wait honoured, in seconds; 120 like buoy */
  maxWaitSeconds?: number
  /** how long a v2 listener has to acknowledge a message; 5 s like buoy */
  ackTimeoutMs?: number
  /** listeners are pinged this often and dropped when silent; 10 s like buoy */
  heartbeatMs?: number
}

export interface Relay {
  /**
   * Fastify plugin serving `POST /:channel` and the WebSocket `GET /:channel?v=2`; the Fernwood
   * server mounts it under `/devchain/relay`.
   */
  plugin: FastifyPluginAsync
  /** Channels, undelivered messages and their bytes held right now. */
  stats(): ReturnType<ChannelRegistry['stats']>
  /** Drops every listener's socket at once, as a relay restart would. */
  dropListeners(): void
  /** Cancels waiting senders (410) and closes listeners; the host server closes the rest. */
  close(): Promise<void>
}

// Buoy's channels are UUIDs; anything URL-safe and long enough not to be guessed will do.
const CHANNEL_NAME = /^[A-Za-z0-9_-]{10,}$/
// Only acknowledgements come from listeners; nothing larger needs reading.
const LISTENER_FRAME_LIMIT_BYTES = 1024
const SWEEP_INTERVAL_MS = 10_000

/**
 * A relay speaking buoy's protocol (greymass/buoy-nodejs), which the Anchor wallet plugin and
 * Anchor itself use to pass login callbacks and sealed signing requests between a page and a
 * phone: a listener holds a WebSocket on a channel, and anyone may POST a message to it.
 */
export function createRelay(options: RelayOptions = {}): Relay {
  const maxWaitSeconds = options.maxWaitSeconds ?? 120
  const timings = {
    ackTimeoutMs: options.ackTimeoutMs ?? 5_000,
    heartbeatMs: options.heartbeatMs ?? 10_000,
  }
  const registry = new ChannelRegistry({
    messageTtlMs: options.messageTtlMs ?? 600_000,
    maxBufferedBytes: options.maxBufferedBytes ?? 64 * 1024 * 1024,
  })
  const listeners = new Set<ListenerConnection>()
  const closing = new AbortController()
  const sweeper = setInterval(() => registry.sweep(), SWEEP_INTERVAL_MS)
  sweeper.unref()

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(fastifyWebsocket, {
      options: { maxPayload: LISTENER_FRAME_LIMIT_BYTES },
    })
    // Whatever the sender calls its body, it is forwarded as bytes.
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_MESSAGE_BYTES }, (_r, b, d) =>
      d(null, b),
    )
    app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error instanceof RelayError ? error.statusCode : (error.statusCode ?? 500)
      if (status >= 500) request.log.error(error, 'relay failure')
      reply
        .status(status)
        .type('text/plain')
        .send(status >= 500 ? 'Internal server error' : error.message)
    })
    // Buoy is a public service any page may post to; browsers need to be told so.
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers({
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-expose-headers': 'X-Buoy-Delivery',
      })
    })
    const preValidation = async (request: FastifyRequest<{ Params: { channel: string } }>) => {
      if (!CHANNEL_NAME.test(request.params.channel)) throw new InvalidChannel()
    }

    app.get<{ Params: { channel: string }; Querystring: { v?: string } }>(
      '/:channel',
      { websocket: true, preValidation },
      (socket, request) => {
        // A listener reconnecting while the relay closes would hold the close up.
        if (closing.signal.aborted) return socket.terminate()
        const channel = request.params.channel
        const version = request.query.v === '2' ? 2 : 1
        const listener = new ListenerConnection(socket, version, timings, () => {
          listeners.delete(listener)
          registry.unsubscribe(channel, listener)
        })
        listeners.add(listener)
        registry.subscribe(channel, listener).catch((error) => {
          request.log.error(error, 'relay: subscribing a listener failed')
        })
      },
    )

    app.options('/:channel', async (_request, reply) => reply.status(204).send())

    app.post<{ Params: { channel: string }; Body: Buffer | undefined }>(
      '/:channel',
      { preValidation },
      async (request, reply) => {
        const payload = request.body
        if (!payload || payload.length === 0) throw new EmptyMessage()
        const { waitSeconds, requireDelivery } = waitRequested(request.headers, maxWaitSeconds)
        // The sender hanging up, or the relay closing, cancels a wait.
        const sender = new AbortController()
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) sender.abort('sender went away')
        })
        const delivery: Delivery = await registry.send(request.params.channel, payload, {
          waitSeconds,
          requireDelivery,
          signal: AbortSignal.any([sender.signal, closing.signal]),
        })
        // Like buoy: a soft wait that ran out answers 202, the message kept for its listener.
        const status = waitSeconds > 0 && delivery === 'buffered' ? 202 : 200
        return reply
          .status(status)
          .header('x-buoy-delivery', delivery)
          .type('text/plain')
          .send('Ok')
      },
    )
    app.addHook('preClose', async () => close())
  }

  async function close() {
    clearInterval(sweeper)
    closing.abort('relay closing')
    for (const listener of listeners) listener.close(1012, 'Shutting down')
  }

  return {
    plugin,
    stats: () => registry.stats(),
    dropListeners() {
      for (const listener of listeners) listener.drop()
    },
    close,
  }
}

/** Reads X-Buoy-Wait / X-Buoy-Soft-Wait strictly: whole or decimal seconds, capped. */
function waitRequested(
  headers: FastifyRequest['headers'],
  maxWaitSeconds: number,
): { waitSeconds: number; requireDelivery: boolean } {
  const hard = headers['x-buoy-wait']
  const soft = headers['x-buoy-soft-wait']
  const header = hard !== undefined ? 'X-Buoy-Wait' : 'X-Buoy-Soft-Wait'
  const value = hard ?? soft
  if (value === undefined) return { waitSeconds: 0, requireDelivery: false }
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value.trim())) {
    throw new InvalidWait(header)
  }
  return {
    waitSeconds: Math.min(Number(value), maxWaitSeconds),
    requireDelivery: hard !== undefined,
  }
}

/** The relay as its own HTTP server, like `npm run start -w @fernwood/relay`. */
export async function startRelay(
  options: RelayOptions & { port?: number; host?: string; logger?: boolean | object } = {},
): Promise<Relay & { url: string }> {
  const relay = createRelay(options)
  const app = Fastify({ logger: options.logger ?? false })
  await app.register(relay.plugin)
  const url = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' })
  return {
    ...relay,
    url,
    async close() {
      await app.close()
    },
  }
}
