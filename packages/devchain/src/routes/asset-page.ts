import { type AtomicAttribute, decodeAtomicData } from '@fernwood/protocol/atomic-data'
import { Serializer } from '@wharfkit/antelope'
import type { FastifyInstance } from 'fastify'
import type { ChainState } from '../chain-state'
import { nameToValue } from '../names'
import { NFT_CONTRACT } from '../seed'
import { escapeHtml, page } from './html-page'

/** An AtomicAssets asset as its page shows it: where it is, and its template's words and art. */
interface AssetView {
  id: string
  owner: string
  collection: string
  schema: string
  templateId: number
  data: Record<string, string | number | boolean>
}

/** A row of one of AtomicAssets' tables, decoded with the contract's own ABI. */
function decodeRow(state: ChainState, table: string, value: Uint8Array): Record<string, unknown> {
  const abi = state.contracts.contractOf(NFT_CONTRACT)?.abi
  const type = abi?.tables.find((candidate) => String(candidate.name) === table)?.type
  if (!abi || !type) throw new Error(`${NFT_CONTRACT} has no table ${table}`)
  return Serializer.objectify(Serializer.decode({ data: value, type: String(type), abi }))
}

/** `uint8[]` as objectify writes it: a hex string or an array of numbers. */
const bytesOf = (value: unknown): Uint8Array =>
  typeof value === 'string'
    ? Uint8Array.from(Buffer.from(value, 'hex'))
    : Uint8Array.from((value as number[] | undefined) ?? [])

function readAsset(state: ChainState, id: bigint): AssetView | undefined {
  if (!state.contracts.contractOf(NFT_CONTRACT)) return undefined
  const found = state.tables.findInAnyScope(NFT_CONTRACT, 'assets', id)
  if (!found) return undefined
  const asset = decodeRow(state, 'assets', found.row.value)
  const collection = String(asset.collection_name)
  const schemaName = String(asset.schema_name)
  const templateId = Number(asset.template_id)
  const inCollection = (table: string, key: bigint) => {
    const row = state.tables
      .rows(NFT_CONTRACT, nameToValue(collection), table)
      .find((candidate) => candidate.primaryKey === key)
    return row && decodeRow(state, table, row.value)
  }
  const schema = inCollection('schemas', nameToValue(schemaName))
  const format = (schema?.format as AtomicAttribute[] | undefined) ?? []
  const template = templateId >= 0 ? inCollection('templates', BigInt(templateId)) : undefined
  return {
    id: String(id),
    owner: found.scope,
    collection,
    schema: schemaName,
    templateId,
    // What the asset holds itself adds to, and overrides, what its template holds.
    data: {
      ...decodeAtomicData(bytesOf(template?.immutable_serialized_data), format),
      ...decodeAtomicData(bytesOf(asset.immutable_serialized_data), format),
    },
  }
}

/** The devchain's own NFT images (`nft/…`), shown from beside this page; others only named. */
const DEVCHAIN_IMAGE = /^nft\/[a-z0-9-]+\.svg$/

function renderAsset(asset: AssetView): string {
  const name = String(asset.data.name ?? `Asset ${asset.id}`)
  const image = String(asset.data.img ?? '')
  const row = (label: string, value: string) =>
    `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`
  return page(
    `${name} (asset ${asset.id})`,
    `<h1>${escapeHtml(name)}</h1>
${DEVCHAIN_IMAGE.test(image) ? `<img src="../${escapeHtml(image)}" alt="${escapeHtml(name)}" width="256" height="256">` : ''}
${asset.data.description === undefined ? '' : `<p>${escapeHtml(String(asset.data.description))}</p>`}
<table><tbody>
${row('Asset ID', asset.id)}
${row('Owner', asset.owner)}
${row('Collection', asset.collection)}
${row('Schema', asset.schema)}
${row('Template', asset.templateId >= 0 ? `#${asset.templateId}` : 'none')}
${image && !DEVCHAIN_IMAGE.test(image) ? row('Image', image) : ''}
</tbody></table>`,
  )
}

/**
 * The page an NFT's 'Asset #…' link opens on the devchain, as AtomicHub's does on WAX: the
 * asset's name, picture, owner, collection and template, read from AtomicAssets' own tables.
 */
export function registerAssetPage(app: FastifyInstance, state: ChainState): void {
  app.get<{ Params: { id: string } }>('/asset/:id', async (request, reply) => {
    const { id } = request.params
    const asset = /^\d{1,20}$/.test(id) ? readAsset(state, BigInt(id)) : undefined
    reply.type('text/html; charset=utf-8')
    if (!asset) {
      return reply
        .code(404)
        .send(
          page(
            'Asset not found',
            `<h1>Asset not found</h1><p><code>${escapeHtml(id)}</code> is no asset on this devchain.</p>`,
          ),
        )
    }
    return reply.send(renderAsset(asset))
  })
}
