import { PublicKey } from '@wharfkit/antelope'
import type { FastifyInstance } from 'fastify'
import { canonicalKey, keysSatisfying, legacyKey, type PermissionLevel } from '../authority'
import type { ChainState } from '../chain-state'
import { nodeErrors } from '../errors'
import { nameSchema } from './node-api'

const permissionLevelSchema = {
  type: 'object',
  required: ['actor', 'permission'],
  properties: { actor: nameSchema, permission: nameSchema },
} as const

interface RequiredKeysBody {
  transaction: { actions: { authorization: PermissionLevel[] }[] }
  available_keys: string[]
}

/**
 * get_required_keys: which of the keys a client holds it must sign a transaction with, as
 * nodeos' authorization manager picks them (eosjs' default authority provider asks it before
 * every `Api.transact`). Only the declared authorizations matter, so action data may be hex or
 * JSON.
 */
export function registerRequiredKeysRoute(app: FastifyInstance, state: ChainState): void {
  app.post<{ Body: RequiredKeysBody }>(
    '/v1/chain/get_required_keys',
    {
      config: { nodeBody: 'required' },
      schema: {
        body: {
          type: 'object',
          required: ['transaction', 'available_keys'],
          properties: {
            transaction: {
              type: 'object',
              required: ['actions'],
              properties: {
                actions: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['authorization'],
                    properties: { authorization: { type: 'array', items: permissionLevelSchema } },
                  },
                },
              },
            },
            available_keys: { type: 'array', items: { type: 'string', minLength: 1 } },
          },
        },
      },
    },
    async (request) => {
      const { transaction, available_keys: availableKeys } = request.body
      try {
        availableKeys.forEach(canonicalKey)
      } catch {
        throw nodeErrors.unparsableBody()
      }
      const declared = new Map<string, PermissionLevel>()
      for (const action of transaction.actions) {
        for (const { actor, permission } of action.authorization) {
          declared.set(`${actor}@${permission}`, { actor, permission })
        }
      }
      const used = keysSatisfying(
        [...declared.values()],
        availableKeys,
        (level) => {
          const permissions = state.accounts.get(level.actor)?.permissions
          const authority = permissions?.[level.permission as keyof typeof permissions]
          if (!authority) throw nodeErrors.requiredKeysUnavailable(level)
          return authority
        },
        (level) => nodeErrors.requiredKeysUnavailable(level),
      )
      const binary = (key: string) => PublicKey.from(key).data.hexString
      return {
        required_keys: [...used].sort((a, b) => binary(a).localeCompare(binary(b))).map(legacyKey),
      }
    },
  )
  app.get('/v1/chain/get_required_keys', { config: { nodeBody: 'required' } }, async () => {
    throw nodeErrors.requestBodyRequired()
  })
}
