import { devchainSeed, NFT_COLLECTION } from '@fernwood/devchain'
import type { Database } from '../db/database.ts'
import { ATOMICASSETS } from '../nfts/templates.ts'
import { addCodes, createCampaign, findCampaign } from './catalogue.ts'

export interface WelcomeCampaignSettings {
  /** the spec's welcome code, e.g. 'fernwoodwelcome' */
  code: string
  name: string
  rewardQuantity: string
  tokenContract: string
  bonusText: string
}

export const DEMO_CAMPAIGN_SLUG = 'forest-demo'

/** The devchain's demo campaign: unique codes anyone may try once, listed in the README. */
export const DEMO_CODES = ['mossy-oak', 'silver-fern', 'moon-cap', 'dew-drop', 'willow-wisp']

export const NFT_DEMO_CAMPAIGN_SLUG = 'forest-relics'
/** The devchain's NFT demo: a shared code minting each account one 'Ancient Relic'. */
export const NFT_DEMO_CODE = 'ancient-relic'
/** What it mints: the devchain's 'Ancient Relic' template. */
export const NFT_DEMO_REWARD = { ...devchainTemplate('Ancient Relic'), pool: false }

export const NFT_POOL_DEMO_CAMPAIGN_SLUG = 'old-oak'
/** The devchain's NFT pool demo: a shared code sending each account one of the payout account's acorns. */
export const NFT_POOL_DEMO_CODE = 'oak-acorn'
/** What it hands out: the 'Oak acorn' assets the devchain's seed gives the payout account. */
export const NFT_POOL_DEMO_REWARD = { ...devchainTemplate('Oak acorn'), pool: true }

/**
 * Makes the catalogue hold what every deployment starts with: the welcome campaign, kept in step
 * with its configuration at every start, and on the devchain the demo campaigns (created once):
 * unique codes of tokens, and a shared code of an NFT minted and of one from the pool.
 */
export async function seedCatalogue(
  database: Database,
  settings: { welcome: WelcomeCampaignSettings; demo: boolean },
): Promise<void> {
  const { welcome } = settings
  await database.transaction(async (tx) => {
    const [campaign] = await tx.query<{ id: number }>(
      `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract, is_welcome, bonus_text)
       VALUES ('welcome', $1, 'shared', $2, $3, true, $4)
       ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name,
         reward_quantity = EXCLUDED.reward_quantity, token_contract = EXCLUDED.token_contract,
         bonus_text = EXCLUDED.bonus_text
       RETURNING id`,
      [welcome.name, welcome.rewardQuantity, welcome.tokenContract, welcome.bonusText],
    )
    await tx.query(
      `INSERT INTO codes (code, campaign_id) VALUES ($1, $2)
       ON CONFLICT (code) DO UPDATE SET campaign_id = EXCLUDED.campaign_id, uses_left = NULL`,
      [welcome.code, campaign.id],
    )
    if (!settings.demo) return
    if (!(await findCampaign(tx, DEMO_CAMPAIGN_SLUG))) {
      const demo = await createCampaign(tx, {
        slug: DEMO_CAMPAIGN_SLUG,
        name: 'Forest demo',
        kind: 'unique',
        rewardQuantity: welcome.rewardQuantity.replace(/^[0-9]+/, '25'),
        tokenContract: welcome.tokenContract,
      })
      await addCodes(tx, demo, DEMO_CODES)
    }
    if (!(await findCampaign(tx, NFT_DEMO_CAMPAIGN_SLUG))) {
      const relics = await createCampaign(tx, {
        slug: NFT_DEMO_CAMPAIGN_SLUG,
        name: 'Forest relics',
        kind: 'shared',
        rewardQuantity: null,
        tokenContract: ATOMICASSETS,
        nft: NFT_DEMO_REWARD,
      })
      await addCodes(tx, relics, [NFT_DEMO_CODE])
    }
    if (!(await findCampaign(tx, NFT_POOL_DEMO_CAMPAIGN_SLUG))) {
      const acorns = await createCampaign(tx, {
        slug: NFT_POOL_DEMO_CAMPAIGN_SLUG,
        name: 'The old oak',
        kind: 'shared',
        rewardQuantity: null,
        tokenContract: ATOMICASSETS,
        nft: NFT_POOL_DEMO_REWARD,
      })
      await addCodes(tx, acorns, [NFT_POOL_DEMO_CODE])
    }
  })
}

/** A template the devchain seeds, as an NFT reward: AtomicAssets numbers them from 1, in order. */
function devchainTemplate(name: string) {
  const { schema, templates } = devchainSeed.nfts
  const index = templates.findIndex((template) => template.name === name)
  if (index < 0) throw new Error(`the devchain seeds no template named ${name}`)
  return {
    collection: NFT_COLLECTION,
    schema: schema.name,
    templateId: index + 1,
    name,
    image: templates[index].img,
  }
}
