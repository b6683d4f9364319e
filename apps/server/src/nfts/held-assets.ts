import { type APIClient, UInt64 } from '@wharfkit/antelope'
import { ATOMICASSETS } from './templates.ts'

/** A row of AtomicAssets' `assets` table, in its owner's scope. */
export interface AssetRow {
  asset_id: string | number
  collection_name: string
  schema_name: string
  template_id: number
  mutable_serialized_data: string
}

/** Rows per read: the table has no index by collection or template to ask instead. */
export const ASSET_PAGE_ROWS = 1000

/** How a reader of an owner's assets reads them (`assetPagesHeldBy`). */
export interface AssetReading {
  newestFirst?: boolean
  firstPageSize?: number
  /** only the assets whose ids lie from `from` to `to` */
  ids?: { from: number; to: number }
}

/**
 * Every asset `owner` holds (or those with `ids` in a span), read from AtomicAssets' `assets`
 * table a page at a time: by asset id, or, `newestFirst`, from the highest id down, for a reader
 * after assets just minted (AtomicAssets numbers assets in the order it mints them), which it can
 * stop reading once it has them. A reader that may stop early may make the first page short
 * (`firstPageSize`): the rest come a full page at a time.
 */
export async function* assetPagesHeldBy(
  client: APIClient,
  owner: string,
  { newestFirst = false, firstPageSize = ASSET_PAGE_ROWS, ids }: AssetReading = {},
): AsyncIterable<AssetRow[]> {
  const lowest = ids && UInt64.from(ids.from)
  const highest = ids && UInt64.from(ids.to)
  let bound: UInt64 | undefined
  let pageSize = firstPageSize
  for (;;) {
    const page = await client.v1.chain.get_table_rows({
      code: ATOMICASSETS,
      table: 'assets',
      scope: owner,
      ...(newestFirst
        ? { lower_bound: lowest, upper_bound: bound ?? highest, reverse: true }
        : { lower_bound: bound ?? lowest, upper_bound: highest }),
      limit: pageSize,
      json: true,
    })
    const rows = page.rows as AssetRow[]
    if (rows.length > 0) yield rows
    if (!page.more || rows.length === 0) return
    const last = UInt64.from(rows[rows.length - 1].asset_id)
    bound = newestFirst ? last.subtracting(1) : last.adding(1)
    pageSize = ASSET_PAGE_ROWS
  }
}

/** `assetPagesHeldBy`, an asset at a time. */
export async function* assetsHeldBy(
  client: APIClient,
  owner: string,
  reading: AssetReading = {},
): AsyncIterable<AssetRow> {
  for await (const page of assetPagesHeldBy(client, owner, reading)) yield* page
}

/** A template by its collection and id, as one key: what the pool's takes are grouped by. */
export const templateKey = (collection: string, templateId: number) => `${collection}:${templateId}`

/** The ids of the assets of `collection`'s template `templateId` that `owner` holds, oldest first. */
export async function heldAssetsOf(
  client: APIClient,
  owner: string,
  collection: string,
  templateId: number,
): Promise<string[]> {
  const held: string[] = []
  for await (const row of assetsHeldBy(client, owner)) {
    if (row.collection_name === collection && Number(row.template_id) === templateId) {
      held.push(String(row.asset_id))
    }
  }
  return held
}
