import { campaignRules } from '@fernwood/protocol/admin'
import { Name } from '@wharfkit/antelope'
import type { NftReward } from '../campaigns/nft-reward.ts'
import { ATOMICASSETS, type NftTemplate, readTemplate } from '../nfts/templates.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'
import { REWARD_TIE_ATTRIBUTE } from '../payouts/nft-actions.ts'
import {
  AdminNftInvalid,
  AdminNftNotMinter,
  AdminNftSchemaUntied,
  AdminNftTemplateUnknown,
} from './errors.ts'

/** The template `spec` ('<collection>:<template id>') names, as the chain has it now. */
export async function templateOfSpec(node: PayoutChainNode, spec: string): Promise<NftTemplate> {
  const trimmed = spec.trim()
  if (!campaignRules.nft.test(trimmed)) throw new AdminNftInvalid()
  const [collection, templateId] = trimmed.split(':')
  const template = await node.read((client) => readTemplate(client, collection, Number(templateId)))
  if (!template) throw new AdminNftTemplateUnknown()
  return template
}

/**
 * The NFT a new campaign mints, `spec` being '<collection>:<template id>', as the chain has it
 * now: refused unless the template exists, `payoutAccount` is one of its collection's
 * authorized accounts (AtomicAssets lets no one else mint), and its schema has the `reward`
 * string the payout ties each mint to its reward with (nft-actions.ts).
 */
export async function mintableNft(
  node: PayoutChainNode,
  payoutAccount: string,
  spec: string,
): Promise<NftReward> {
  const template = await templateOfSpec(node, spec)
  const { collection } = template
  const { rows } = await node.read((client) =>
    client.v1.chain.get_table_rows({
      code: ATOMICASSETS,
      table: 'collections',
      scope: ATOMICASSETS,
      lower_bound: Name.from(collection),
      upper_bound: Name.from(collection),
      limit: 1,
      json: true,
    }),
  )
  const authorized = (rows[0] as { authorized_accounts?: string[] } | undefined)
    ?.authorized_accounts
  if (!authorized?.includes(payoutAccount)) throw new AdminNftNotMinter()
  const tie = template.format.find((attribute) => attribute.name === REWARD_TIE_ATTRIBUTE)
  if (tie?.type !== 'string') throw new AdminNftSchemaUntied()
  return {
    collection,
    schema: template.schema,
    templateId: template.templateId,
    name: template.name,
    image: template.img,
  }
}
