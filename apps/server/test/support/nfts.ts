import { NFT_COLLECTION, PAYOUT_ACCOUNT, PAYOUT_PRIVATE_KEY } from '@fernwood/devchain'
import { treasureMintAction } from '@fernwood/devchain/testing'
import { PrivateKey } from '@wharfkit/antelope'
import { addCodes, createCampaign } from '../../src/campaigns/catalogue.ts'
import type { ChainConnection } from '../../src/chain/chain-connection.ts'
import type { Database } from '../../src/db/database.ts'
import { type AssetRow, assetsHeldBy } from '../../src/nfts/held-assets.ts'
import { ATOMICASSETS } from '../../src/nfts/templates.ts'
import { reconcilePayouts } from '../../src/payouts/reconcile.ts'
import { HyperionTransferHistory } from '../../src/payouts/transfer-history.ts'
import { eventually, randomAccount } from './rewards.ts'
import { payoutSession } from './worker.ts'

/** New accounts on the devchain, so that their assets are the calling test's alone. */
export async function newAccounts(chain: ChainConnection, count: number): Promise<string[]> {
  const names = Array.from({ length: count }, () => randomAccount('nft'))
  const key = String(PrivateKey.from(PAYOUT_PRIVATE_KEY).toPublic())
  const ownKey = { threshold: 1, keys: [{ key, weight: 1 }], accounts: [], waits: [] }
  await payoutSession(chain).transact({
    actions: names.map((name) => ({
      account: 'eosio',
      name: 'newaccount',
      authorization: [{ actor: PAYOUT_ACCOUNT, permission: 'active' }],
      data: { creator: PAYOUT_ACCOUNT, name, owner: ownKey, active: ownKey },
    })),
  })
  return names
}

/** Pending rewards of `code`, as `POST /api/codes` records them. */
export async function submitted(
  database: Database,
  code: string,
  accounts: string[],
): Promise<string[]> {
  // Through the submission's own function, which decides what the claim records (its verdict,
  // whether it pays an NFT); partners' grants call it so too, with no visitor and no lockout.
  const rows = await database.query<{ id: string | null; status: string | null }>(
    `SELECT s.reward_id AS id, s.status
       FROM unnest($2::text[]) WITH ORDINALITY AS a(account, n),
            LATERAL submit_reward($1, a.account, NULL, NULL, NULL, '{}'::jsonb, '{}'::jsonb) s
      ORDER BY a.n`,
    [code, accounts],
  )
  return rows.map((row) => {
    if (!row.id || row.status !== 'pending') throw new Error(`${code} not accepted: ${row.status}`)
    return row.id
  })
}

export interface Settled {
  id: string
  status: string
  rejection: string | null
  asset_id: string | null
}

/** `ids` once each is completed or rejected, with the asset its history entry names. */
export const settled = (database: Database, ids: string[]) =>
  eventually(
    () =>
      database.query<Settled>(
        `SELECT r.id, r.status, r.rejection, h.asset_id FROM rewards r
           LEFT JOIN reward_history h ON h.reward_id = r.id
          WHERE r.id = ANY($1::uuid[])`,
        [ids],
      ),
    (rows) => rows.every((row) => row.status === 'completed' || row.status === 'rejected'),
    30_000,
  )

/** `owner`'s AtomicAssets assets, as the chain's table holds them. */
export async function assetsOf(chain: ChainConnection, owner: string): Promise<AssetRow[]> {
  const assets: AssetRow[] = []
  for await (const asset of assetsHeldBy(chain.client, owner)) assets.push(asset)
  return assets
}

/**
 * A new template of the devchain's collection, schema `treasures`, named `name` and limited to
 * `maxSupply` (0 for none), created by the payout account: its id.
 */
export async function newTemplate(
  chain: ChainConnection,
  name: string,
  maxSupply = 0,
): Promise<number> {
  await payoutSession(chain).transact({
    action: {
      account: ATOMICASSETS,
      name: 'createtempl',
      authorization: [{ actor: PAYOUT_ACCOUNT, permission: 'active' }],
      data: {
        authorized_creator: PAYOUT_ACCOUNT,
        collection_name: NFT_COLLECTION,
        schema_name: 'treasures',
        transferable: true,
        burnable: true,
        max_supply: maxSupply,
        immutable_data: [
          { key: 'name', value: ['string', name] },
          { key: 'img', value: ['string', 'nft/fern-frond.svg'] },
        ],
      },
    },
  })
  const { rows } = await chain.client.v1.chain.get_table_rows({
    code: ATOMICASSETS,
    table: 'templates',
    scope: NFT_COLLECTION,
    limit: 1000,
    json: true,
  })
  return Math.max(...rows.map((row: { template_id: number }) => row.template_id))
}

/** Mints `count` assets of `templateId` to `owner`, by the payout account, untied to any reward. */
export async function mintTo(
  chain: ChainConnection,
  templateId: number,
  owner: string,
  count: number,
): Promise<void> {
  await payoutSession(chain).transact({
    actions: Array.from({ length: count }, () =>
      treasureMintAction(PAYOUT_ACCOUNT, templateId, owner),
    ),
  })
}

/**
 * A shared campaign whose one code is `slug`, paying `templateId` of the devchain's collection
 * (as `newTemplate` made it, named `name`): minted, or from the payout account's pool.
 */
export async function nftCampaign(
  database: Database,
  slug: string,
  nft: { templateId: number; name: string; pool: boolean },
): Promise<void> {
  const campaign = await createCampaign(database, {
    slug,
    name: nft.name,
    kind: 'shared',
    rewardQuantity: null,
    tokenContract: ATOMICASSETS,
    nft: { collection: NFT_COLLECTION, schema: 'treasures', image: 'nft/fern-frond.svg', ...nft },
  })
  await addCodes(database, campaign, [slug])
}

/** The devchain's own history of actions, as reconcile and the CLI read it. */
export const chainHistory = (chain: ChainConnection) =>
  new HyperionTransferHistory(chain.apiUrl, chain.fetch, 5000)

/** Reconciles every payout of the payout account against the devchain's whole history. */
export const reconcileAll = (database: Database, chain: ChainConnection) =>
  reconcilePayouts(database, chainHistory(chain), { payoutAccount: PAYOUT_ACCOUNT, since: null })
