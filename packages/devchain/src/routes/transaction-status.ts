import type { FastifyInstance } from 'fastify'
import type { Block } from '../blocks'
import type { ChainState } from '../chain-state'
import { nodeErrors } from '../errors'
import { formatTimePoint } from '../time'

/**
 * nodeos' get_transaction_status (chain_plugin with its transaction finality status feature):
 * where a transaction the node has seen stands on the way to irreversibility. Like nodeos it
 * answers UNKNOWN for an id it never saw, so only its positive answers prove anything.
 */
export function registerTransactionStatusRoute(app: FastifyInstance, state: ChainState): void {
  app.post<{ Body: { id: string } }>(
    '/v1/chain/get_transaction_status',
    {
      config: { nodeBody: 'required' },
      schema: {
        body: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' } },
        },
      },
    },
    async (request) => {
      const id = request.body.id.toLowerCase()
      const { head, lastIrreversible, oldest } = state.blocks
      const chain = {
        head_number: head.num,
        head_id: head.id,
        head_timestamp: formatTimePoint(head.timestampMs),
        irreversible_number: lastIrreversible.num,
        irreversible_id: lastIrreversible.id,
        irreversible_timestamp: formatTimePoint(lastIrreversible.timestampMs),
        earliest_tracked_block_id: oldest.id,
        earliest_tracked_block_number: oldest.num,
      }
      const executed = state.transactions.get(id)
      if (!executed) {
        return { state: state.droppedTransactionIds.has(id) ? 'FORKED_OUT' : 'UNKNOWN', ...chain }
      }
      const expiration = executed.transaction.expiration
      const block: Block | undefined =
        executed.blockNum <= head.num ? state.blocks.byNum(executed.blockNum) : undefined
      if (!block) return { state: 'LOCALLY_APPLIED', expiration, ...chain }
      return {
        state: state.blocks.isIrreversible(block.num) ? 'IRREVERSIBLE' : 'IN_BLOCK',
        block_number: block.num,
        block_id: block.id,
        block_timestamp: formatTimePoint(block.timestampMs),
        expiration,
        ...chain,
      }
    },
  )
  app.get('/v1/chain/get_transaction_status', { config: { nodeBody: 'required' } }, async () => {
    throw nodeErrors.requestBodyRequired()
  })
}
