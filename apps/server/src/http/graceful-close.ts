import type { FastifyInstance } from 'fastify'

/**
 * Once shutdown begins, every response still being written asks the client to close its
 * connection: otherwise a keep-alive socket that finished its last request after the server
 * stopped listening stays open, and closing waits for it forever.
 */
export function closeConnectionsOnShutdown(app: FastifyInstance) {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
  })
}
