import type { AdminCampaign } from '@fernwood/protocol/admin'
import type { APIClient } from '@wharfkit/antelope'
import { describe, expect, it, vi } from 'vitest'
import type { Queryable } from '../db/database.ts'
import { nftStockReader } from './nft-supply.ts'

/** A campaign of the overview paying template 3, minted or from the pool. */
const campaign = (slug: string, nftSource: 'mint' | 'pool'): AdminCampaign =>
  ({
    slug,
    nft: {
      collection: 'fernwoodnfts',
      schema: 'treasures',
      templateId: 3,
      name: 'Relic',
      image: '',
    },
    nftSource,
  }) as AdminCampaign

/** A node answering table reads as the devchain would for template 3 and two held assets. */
function countingNode() {
  const reads: string[] = []
  const client = {
    v1: {
      chain: {
        get_table_rows: async ({ table }: { table: string }) => {
          reads.push(table)
          if (table === 'templates') {
            return {
              rows: [
                {
                  template_id: 3,
                  schema_name: 'treasures',
                  max_supply: 10,
                  issued_supply: 4,
                  immutable_serialized_data: '',
                },
              ],
              more: false,
            }
          }
          if (table === 'assets') {
            const asset = (id: string) => ({
              asset_id: id,
              collection_name: 'fernwoodnfts',
              template_id: 3,
            })
            return { rows: [asset('1'), asset('2')], more: false }
          }
          return { rows: [], more: false }
        },
      },
    },
  } as unknown as APIClient
  return { reads, node: { read: <T>(work: (client: APIClient) => Promise<T>) => work(client) } }
}

const noTakes = { query: async () => [] } as unknown as Queryable

describe('the overview’s NFT supply and pool sizes', () => {
  it('asks the chain once per template while its answer is kept, and again after', async () => {
    vi.useFakeTimers()
    try {
      const { reads, node } = countingNode()
      const withStock = nftStockReader({ db: noTakes, node, payoutAccount: 'pays', keepMs: 2000 })
      const overview = [campaign('relics', 'mint'), campaign('relic-pool', 'pool')]

      const first = await withStock(overview)
      expect(first[0]).toMatchObject({ nftSupply: { issued: 4, max: 10 } })
      expect(first[0]).not.toHaveProperty('nftPoolSize')
      expect(first[1]).toMatchObject({ nftSupply: { issued: 4, max: 10 }, nftPoolSize: 2 })
      const asked = reads.length

      await withStock(overview)
      expect(reads).toHaveLength(asked)

      vi.advanceTimersByTime(2001)
      expect(await withStock(overview)).toEqual(first)
      expect(reads).toHaveLength(2 * asked)
    } finally {
      vi.useRealTimers()
    }
  })

  it('leaves out what the chain does not answer, and asks again next time', async () => {
    let down = true
    const { node } = countingNode()
    const flaky = {
      read: <T>(work: (client: APIClient) => Promise<T>) =>
        down ? Promise.reject(new Error('no answer')) : node.read(work),
    }
    const withStock = nftStockReader({ db: noTakes, node: flaky, payoutAccount: 'pays', keepMs: 0 })
    const [unread] = await withStock([campaign('relic-pool', 'pool')])
    expect(unread).not.toHaveProperty('nftSupply')
    expect(unread).not.toHaveProperty('nftPoolSize')
    down = false
    expect((await withStock([campaign('relic-pool', 'pool')]))[0]).toMatchObject({ nftPoolSize: 2 })
  })
})
