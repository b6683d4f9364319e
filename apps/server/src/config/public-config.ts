import {
  ACCOUNT_CREATOR,
  ACCOUNT_CREATOR_PRIVATE_KEY,
  DEV_WALLET_PRIVATE_KEY,
} from '@fernwood/devchain'
import {
  type AccountCreator,
  type ChainName,
  type CloudWalletPlugin,
  type PublicConfig,
  PublicConfigSchema,
  type WalletId,
} from '@fernwood/protocol'
import type { FastifyPluginAsync } from 'fastify'
import type { ChainSettings } from '../chain/chain-settings.ts'
import { DEVCHAIN_RELAY_PATH } from '../dev-services/embedded-services.ts'
import { explorerAssetUrlOn, ipfsGatewayFor } from '../nfts/nft-links.ts'
import { ConfigurationError, type Environment } from './environment.ts'

/** The spec's welcome code: the product's name in lowercase followed by 'welcome'. */
export function welcomeCodeFor(productName: string): string {
  return `${productName.toLowerCase().replace(/[^a-z0-9]/g, '')}welcome`
}

export function publicConfigFor(env: Environment, chain: ChainSettings): PublicConfig {
  const wallets = walletsOffered(env.WALLETS, chain.name)
  return {
    productName: env.PRODUCT_NAME,
    appName: env.APP_NAME,
    token: env.TOKEN_SYMBOL,
    tokenContract: env.REWARD_TOKEN_CONTRACT,
    tokenPrecision: decimalsOf(env.WELCOME_REWARD),
    welcomeCode: welcomeCodeFor(env.PRODUCT_NAME),
    welcomeBonus: env.WELCOME_BONUS,
    stakingUrl: env.STAKING_URL,
    chain: {
      name: chain.name,
      id: chain.id,
      apiUrl: chain.publicApiUrl,
      explorerTransactionUrl: chain.explorerTransactionUrl,
      explorerAssetUrl: explorerAssetUrlOn(chain),
    },
    ipfsGateway: ipfsGatewayFor(env.IPFS_GATEWAY, chain),
    wallets,
    accountCreation: accountCreatorsBeside(wallets, chain.name),
    anchor: { relayUrl: env.RELAY_URL ?? relayUrlOn(chain.name) },
    cloudWallet: {
      plugin: env.CLOUD_WALLET_PLUGIN ?? cloudWalletPluginOn(chain.name),
      url: env.CLOUD_WALLET_URL,
      autoUrl: env.CLOUD_WALLET_AUTO_URL,
      app: {
        logo: env.CLOUD_WALLET_APP_LOGO,
        description: env.CLOUD_WALLET_APP_DESCRIPTION,
        schema: env.CLOUD_WALLET_APP_SCHEMA,
      },
    },
    // Whether or not the exposure is detectable from here (a tunnel to loopback is not), the
    // operator's word that this devchain is public is reason enough to warn its visitors.
    ...(chain.name === 'devchain' && env.DEVCHAIN_PUBLIC && { devchainPublic: true as const }),
    // The devchain's dev keys are documented and worthless elsewhere; no real chain gets one.
    ...(chain.name === 'devchain' && {
      devWallet: {
        privateKey: DEV_WALLET_PRIVATE_KEY,
        accountCreator: { account: ACCOUNT_CREATOR, privateKey: ACCOUNT_CREATOR_PRIVATE_KEY },
      },
    }),
  }
}

/**
 * The decimals of an asset such as '10.0000 FERN'. The welcome reward is paid in the reward token,
 * whose contract refuses a transfer in any other precision, so its decimals are the token's.
 */
function decimalsOf(asset: string): number {
  return asset.split(' ')[0].split('.')[1]?.length ?? 0
}

/**
 * WALLETS, or by default: the Dev Wallet only where its key means something; the Cloud Wallet
 * everywhere (on the devchain it logs in through whatever CLOUD_WALLET_URL names); Anchor
 * everywhere, through a relay; Wombat on WAX, where its users are.
 */
function walletsOffered(setting: string | undefined, chain: ChainName): WalletId[] {
  if (setting === undefined) return defaultWalletsOn[chain]
  const wallets = [...new Set(setting.split(',').map((id) => id.trim() as WalletId))]
  if (chain !== 'devchain' && wallets.includes('devwallet')) {
    throw new ConfigurationError(
      'WALLETS',
      `devwallet signs with the devchain's public dev key and is offered only on the devchain, not on ${chain}`,
      setting,
    )
  }
  return wallets
}

const defaultWalletsOn: Record<ChainName, WalletId[]> = {
  devchain: ['devwallet', 'cloudwallet', 'anchor'],
  wax: ['cloudwallet', 'anchor', 'wombat'],
  'wax-testnet': ['cloudwallet', 'anchor'],
}

/**
 * The account creation providers beside the wallets offered: the Dev Account Creator where the
 * Dev Wallet is (the accounts it creates hold the Dev Wallet's key), and Anchor's where Anchor is
 * and its service creates accounts (WAX mainnet, not the testnet); on the devchain too, where its
 * page opens but cannot create a devchain account, so the choice between the two can be made.
 */
function accountCreatorsBeside(wallets: WalletId[], chain: ChainName): AccountCreator[] {
  const creators: AccountCreator[] = []
  if (wallets.includes('devwallet')) creators.push('dev-account-creator')
  if (wallets.includes('anchor') && chain !== 'wax-testnet') creators.push('anchor')
  return creators
}

/** The new My Cloud Wallet is what WAX users meet; the devchain's stand-ins speak both. */
function cloudWalletPluginOn(chain: ChainName): CloudWalletPlugin {
  return chain === 'devchain' ? '1.5.0' : 'current'
}

/** Greymass's public relay, which Anchor itself uses. */
const PUBLIC_ANCHOR_RELAY = 'https://cb.anchor.link'

/** On the devchain Anchor is answered by the Dev Anchor, through the relay we serve ourselves. */
function relayUrlOn(chain: ChainName): string {
  return chain === 'devchain' ? DEVCHAIN_RELAY_PATH : PUBLIC_ANCHOR_RELAY
}

/** `GET /api/config`: the deployment facts the browser needs (names, chain, links). */
export const publicConfigRoutes: FastifyPluginAsync<{ publicConfig: PublicConfig }> = async (
  app,
  { publicConfig },
) => {
  app.get(
    '/api/config',
    { schema: { response: { 200: PublicConfigSchema } } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(publicConfig),
  )
}
