import { type AtomicAttribute, decodeAtomicData } from '@fernwood/protocol/atomic-data'
import { type APIClient, Bytes, Name, UInt64 } from '@wharfkit/antelope'

/** The AtomicAssets contract: the same account on WAX, its testnet and the devchain. */
export const ATOMICASSETS = 'atomicassets'

/** An AtomicAssets template as a reward shows it and a payout mints it. */
export interface NftTemplate {
  collection: string
  schema: string
  templateId: number
  /** the template's immutable `name` */
  name: string
  /** the template's immutable `img`: an IPFS hash, or on the devchain a path from its URL */
  img: string
  /** 0 for no limit */
  maxSupply: number
  issuedSupply: number
  /** the attributes its schema gives assets, in order */
  format: AtomicAttribute[]
}

interface TemplateRow {
  template_id: number
  schema_name: string
  max_supply: number
  issued_supply: number
  immutable_serialized_data: string
}

/** The template from the chain's tables, or undefined when the collection has no such one. */
export async function readTemplate(
  client: APIClient,
  collection: string,
  templateId: number,
): Promise<NftTemplate | undefined> {
  const { rows: templates } = await client.v1.chain.get_table_rows({
    code: ATOMICASSETS,
    table: 'templates',
    scope: collection,
    lower_bound: UInt64.from(templateId),
    upper_bound: UInt64.from(templateId),
    limit: 1,
    json: true,
  })
  const template = templates[0] as TemplateRow | undefined
  if (!template) return undefined
  const { rows: schemas } = await client.v1.chain.get_table_rows({
    code: ATOMICASSETS,
    table: 'schemas',
    scope: collection,
    lower_bound: Name.from(template.schema_name),
    upper_bound: Name.from(template.schema_name),
    limit: 1,
    json: true,
  })
  const format = (schemas[0] as { format: AtomicAttribute[] } | undefined)?.format ?? []
  const data = decodeAtomicData(Bytes.from(template.immutable_serialized_data, 'hex').array, format)
  return {
    collection,
    schema: template.schema_name,
    templateId: template.template_id,
    name: String(data.name ?? `#${template.template_id}`),
    img: String(data.img ?? ''),
    maxSupply: Number(template.max_supply),
    issuedSupply: Number(template.issued_supply),
    format,
  }
}
