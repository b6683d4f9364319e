import type { Environment } from '../config/environment.ts'
import { welcomeCodeFor } from '../config/public-config.ts'
import type { Database } from '../db/database.ts'
import { seedCatalogue } from './seed.ts'

/** Seeds the catalogue as this deployment's configuration describes it. */
export function seedCatalogueFor(env: Environment, database: Database): Promise<void> {
  return seedCatalogue(database, {
    welcome: {
      code: welcomeCodeFor(env.PRODUCT_NAME),
      name: env.WELCOME_CAMPAIGN_NAME,
      rewardQuantity: env.WELCOME_REWARD,
      tokenContract: env.REWARD_TOKEN_CONTRACT,
      bonusText: env.WELCOME_BONUS,
    },
    demo: env.CHAIN === 'devchain',
  })
}
