import { type APIClient, UInt64 } from '@wharfkit/antelope'
import { ATOMICASSETS } from './templates.ts'

/** A row of AtomicAssets' `assets` table, in its owner's scope. */
export interface AssetRow {
  asset_id: string | number
  collection_name: string
  template_id: number
  mutable_serialized_data: string
}

/** Rows per read: the table has no index by collection or template to ask instead. */
const PAGE_SIZE = 1000

/** Every asset `owner` holds, by asset id, read from AtomicAssets' `assets` table page by page. */
export async function* assetsHeldBy(client: APIClient, owner: string): AsyncIterable<AssetRow> {
  let lowerBound: UInt64 | undefined
  for (;;) {
    const page = await client.v1.chain.get_table_rows({
      code: ATOMICASSETS,
      table: 'assets',
      scope: owner,
      lower_bound: lowerBound,
      limit: PAGE_SIZE,
      json: true,
    })
    const rows = page.rows as AssetRow[]
    yield* rows
    if (!page.more || rows.length === 0) return
    lowerBound = UInt64.from(rows[rows.length - 1].asset_id).adding(1)
  }
}

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
