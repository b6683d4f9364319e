import type { FastifyInstance } from 'fastify'
import { nodeErrors } from '../errors'
import type { ResourceChange } from '../resources'
import { nameSchema } from './node-api'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

const budgetSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    max: { type: 'integer', minimum: -1 },
    used: { type: 'integer', minimum: 0 },
  },
} as const

interface ControlBody {
  account: string
  ram_quota?: number
  cpu?: { max?: number; used?: number }
  net?: { max?: number; used?: number }
}

/**
 * The standalone devchain's resources control, `POST /v1/devchain/set_account_resources`: sets an
 * account's RAM quota and its CPU and NET budgets (`max`) and what it has used of them in the
 * current window (`used`: 0 refills, `max` drains), and answers the account's resources as
 * get_account shows them. Not a nodeos endpoint: it answers programs on this machine only (a
 * loopback address and no Origin, so no web page), and the Fernwood server, which mounts the
 * node API on its public origin, does not serve it (it has `Devchain.setAccountResources`).
 */
export function registerResourceControl(
  app: FastifyInstance,
  setAccountResources: (account: string, change: ResourceChange) => unknown,
): void {
  app.post<{ Body: ControlBody }>(
    '/v1/devchain/set_account_resources',
    {
      config: { nodeBody: 'required' },
      schema: {
        body: {
          type: 'object',
          required: ['account'],
          additionalProperties: false,
          properties: {
            account: nameSchema,
            ram_quota: { type: 'integer', minimum: -1 },
            cpu: budgetSchema,
            net: budgetSchema,
          },
        },
      },
    },
    async (request) => {
      const address = request.socket.remoteAddress ?? ''
      if (!LOOPBACK.has(address) || request.headers.origin !== undefined) {
        throw nodeErrors.controlFromAfar(request.headers.origin ?? address)
      }
      const { account, ram_quota: ramQuota, cpu, net } = request.body
      return setAccountResources(account, { ramQuota, cpu, net })
    },
  )
}
