import {
  campaignRules,
  type NewCampaignRequest,
  type NftTemplatePreview,
} from '@fernwood/protocol/admin'
import { Name } from '@wharfkit/antelope'
import type { NftReward } from '../campaigns/nft-reward.ts'
import type { Queryable } from '../db/database.ts'
import { retryAfter } from '../http/errors.ts'
import { ATOMICASSETS, type NftTemplate, readTemplate } from '../nfts/templates.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'
import { REWARD_TIE_ATTRIBUTE } from '../payouts/nft-actions.ts'
import { poolSizeOf } from '../payouts/nft-pools.ts'
import {
  AdminChainUnavailable,
  AdminNftInvalid,
  AdminNftNotMinter,
  AdminNftPoolEmpty,
  AdminNftPoolInvalid,
  AdminNftPoolTemplateUnknown,
  AdminNftSchemaUntied,
  AdminNftTemplateUnknown,
} from './errors.ts'

const MINT_ERRORS = { invalid: AdminNftInvalid, unknown: AdminNftTemplateUnknown }
/** How long the console waits before asking again when the chain did not answer. */
const CHAIN_RETRY_SECONDS = 5

/**
 * `read` of the chain, whose failure (a node down, slow, or erring) refuses the request as
 * AdminChainUnavailable, a 503 the operator may retry, rather than a fault of ours.
 */
async function fromChain<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    throw retryAfter(new AdminChainUnavailable({ cause: error }), CHAIN_RETRY_SECONDS)
  }
}
const POOL_ERRORS = { invalid: AdminNftPoolInvalid, unknown: AdminNftPoolTemplateUnknown }

/**
 * The template `spec` ('<collection>:<template id>') names, as the chain has it now; refused with
 * `errors`, the mint's unless given.
 */
async function templateOfSpec(
  node: PayoutChainNode,
  spec: string,
  errors: typeof MINT_ERRORS = MINT_ERRORS,
): Promise<NftTemplate> {
  const trimmed = spec.trim()
  if (!campaignRules.nft.test(trimmed)) throw new errors.invalid()
  const [collection, templateId] = trimmed.split(':')
  const template = await fromChain(() =>
    node.read((client) => readTemplate(client, collection, Number(templateId))),
  )
  if (!template) throw new errors.unknown()
  return template
}

/**
 * What the console's new-campaign form previews of the template `spec` names: the template as
 * the chain has it now, its supply, and how many of its assets `payoutAccount` holds untaken.
 */
export async function previewTemplate(
  db: Queryable,
  node: PayoutChainNode,
  payoutAccount: string,
  spec: string,
): Promise<NftTemplatePreview> {
  const template = await templateOfSpec(node, spec)
  return {
    template: rewardOf(template),
    supply: { issued: template.issuedSupply, max: template.maxSupply },
    held: await fromChain(() => poolSizeOf(db, node, payoutAccount, template)),
  }
}

/**
 * The NFT a new campaign pays, checked on chain: the template it mints (`nft`), or the one whose
 * assets it hands out (`nftPool`); null for a token campaign.
 */
export async function nftOfDraft(
  db: Queryable,
  node: PayoutChainNode,
  payoutAccount: string,
  draft: Pick<NewCampaignRequest, 'nft' | 'nftPool'>,
): Promise<NftReward | null> {
  if (draft.nft !== undefined && draft.nftPool !== undefined) throw new AdminNftPoolInvalid()
  if (draft.nft !== undefined) return mintableNft(node, payoutAccount, draft.nft)
  if (draft.nftPool !== undefined) return poolNft(db, node, payoutAccount, draft.nftPool)
  return null
}

/**
 * The NFT a new pool campaign hands out, `spec` being '<collection>:<template id>': refused
 * unless the template exists and `payoutAccount` holds at least one of its assets that no reward
 * has taken. A transfer's memo ties it to its reward, so the schema needs nothing.
 */
async function poolNft(
  db: Queryable,
  node: PayoutChainNode,
  payoutAccount: string,
  spec: string,
): Promise<NftReward> {
  const template = await templateOfSpec(node, spec, POOL_ERRORS)
  const size = await fromChain(() => poolSizeOf(db, node, payoutAccount, template))
  if (size === 0) throw new AdminNftPoolEmpty()
  return { ...rewardOf(template), pool: true }
}

function rewardOf(template: NftTemplate): Omit<NftReward, 'pool'> {
  return {
    collection: template.collection,
    schema: template.schema,
    templateId: template.templateId,
    name: template.name,
    image: template.img,
  }
}

/**
 * The NFT a new campaign mints, `spec` being '<collection>:<template id>', as the chain has it
 * now: refused unless the template exists, `payoutAccount` is one of its collection's
 * authorized accounts (AtomicAssets lets no one else mint), and its schema has the `reward`
 * string the payout ties each mint to its reward with (nft-actions.ts).
 */
async function mintableNft(
  node: PayoutChainNode,
  payoutAccount: string,
  spec: string,
): Promise<NftReward> {
  const template = await templateOfSpec(node, spec)
  const { collection } = template
  const { rows } = await fromChain(() =>
    node.read((client) =>
      client.v1.chain.get_table_rows({
        code: ATOMICASSETS,
        table: 'collections',
        scope: ATOMICASSETS,
        lower_bound: Name.from(collection),
        upper_bound: Name.from(collection),
        limit: 1,
        json: true,
      }),
    ),
  )
  const authorized = (rows[0] as { authorized_accounts?: string[] } | undefined)
    ?.authorized_accounts
  if (!authorized?.includes(payoutAccount)) throw new AdminNftNotMinter()
  const tie = template.format.find((attribute) => attribute.name === REWARD_TIE_ATTRIBUTE)
  if (tie?.type !== 'string') throw new AdminNftSchemaUntied()
  return { ...rewardOf(template), pool: false }
}
