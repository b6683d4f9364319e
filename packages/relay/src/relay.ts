import fastifyWebsocket from '@fastify/websocket'
import Fastify, { type FastifyPluginAsync, type FastifyRequest } from 'fastify'
import { ChannelRegistry, type Delivery } from './channels.ts'
import { EmptyMessage, InvalidChannel, InvalidWait, MessageTooLarge, RelayError } from './errors.ts'
import { ListenerConnection } from './listener-connection.ts'
import { WAITING_SENDER_COST_BYTES } from './memory-costs.ts'

/**
 * The largest message the relay takes; bodies above it are refused with 413. The largest that
 * Anchor sends is a sealed signing request, or its callback, for the largest transaction a chain
 * takes: nodeos' default `max_transaction_net_usage` of 512 KiB, packed, makes a 699,198-character
 * `esr:` link (deflate gains nothing on incompressible data; base64url adds a third), sealed into
 * 699,249 bytes, and a 699,556-byte callback whose `req` carries the link again. 1 MiB leaves half
 * as much again for larger chain limits and many signatures. (A Fernwood login's callback: 814.)
 */
export const MAX_MESSAGE_BYTES = 1_048_576

export interface RelayOptions {
  /** an undelivered message is forgotten after this long; 10 minutes by default */
  messageTtlMs?: number
  /**
   * what undelivered messages cost together (their bytes, and their records and channels on the
   * heap) stays under this, the oldest dropped first; 64 MiB by default
   */
  maxBufferedBytes?: number
  /**
   * senders held open at once, waiting for a listener or its acknowledgement, all channels
   * together; 256 by default, well under the 1,024 file descriptors a process usually gets, as
   * each holds a socket. Over it a sender gets 503.
   */
  maxWaitingSenders?: number
  /** what those senders cost together: their messages and 14 KiB each; 16 MiB by default */
  maxWaitingBytes?: number
  /**
   * senders held at once on one channel; 4 by default (Anchor's link sends one request at a time
   * per session, with a 10 s soft wait). Over it, or over the bytes below, a sender gets 429.
   */
  maxWaitingSendersPerChannel?: number
  /** what those cost together; by default room for two of the largest messages */
  maxWaitingBytesPerChannel?: number
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
  /** Channels, undelivered messages and waiting senders held right now, and what they cost. */
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
    waiting: {
      maxSenders: options.maxWaitingSenders ?? 256,
      maxBytes: options.maxWaitingBytes ?? 16 * 1024 * 1024,
      maxSendersPerChannel: options.maxWaitingSendersPerChannel ?? 4,
      maxBytesPerChannel:
        options.maxWaitingBytesPerChannel ?? 2 * (MAX_MESSAGE_BYTES + WAITING_SENDER_COST_BYTES),
    },
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
    app.setErrorHandler(
      (thrown: Error & { statusCode?: number; code?: string }, request, reply) => {
        const error =
          thrown.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? new MessageTooLarge(MAX_MESSAGE_BYTES)
            : thrown
        // The relay's own refusals, a full relay's 503 among them, are answers rather than failures.
        if (error instanceof RelayError) {
          return reply.status(error.statusCode).type('text/plain').send(error.message)
        }
        const status = error.statusCode ?? 500
        if (status >= 500) request.log.error(error, 'relay failure')
        reply
          .status(status)
          .type('text/plain')
          .send(status >= 500 ? 'Internal server error' : error.message)
      },
    )
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
