import { type Static, Type } from 'typebox'
import { ANTELOPE_NAME_PATTERN } from './names.ts'

export const ChainNameSchema = Type.Union([
  Type.Literal('devchain'),
  Type.Literal('wax'),
  Type.Literal('wax-testnet'),
])
export type ChainName = Static<typeof ChainNameSchema>

/**
 * A wallet the login dialog can offer, by the id WALLETS names it with (its WharfKit plugin's id);
 * its settings, if it has any, are beside the list.
 */
export const WalletIdSchema = Type.Union([
  Type.Literal('devwallet'),
  Type.Literal('cloudwallet'),
  Type.Literal('anchor'),
  Type.Literal('wombat'),
])
export type WalletId = Static<typeof WalletIdSchema>

/**
 * Which Cloud Wallet plugin logs in: the spec's 1.5.0 (auto-accept login, whitelist auto-signing,
 * the phone app) or the current one, for the new My Cloud Wallet (popup only, structured proof).
 */
export const CloudWalletPluginSchema = Type.Union([Type.Literal('1.5.0'), Type.Literal('current')])
export type CloudWalletPlugin = Static<typeof CloudWalletPluginSchema>

/** A provider the kit's create-account screens can offer ('Select a Service Provider'). */
export const AccountCreatorSchema = Type.Union([
  Type.Literal('dev-account-creator'),
  Type.Literal('anchor'),
])
export type AccountCreator = Static<typeof AccountCreatorSchema>

/** What the browser needs to know about this deployment; nothing in it is secret. */
export const PublicConfigSchema = Type.Object({
  productName: Type.String(),
  appName: Type.String({ description: 'the Antelope name wallets sign identity proofs for' }),
  token: Type.String(),
  /** The reward token's contract, for reading a wallet's balance from the chain. */
  tokenContract: Type.String({ pattern: ANTELOPE_NAME_PATTERN }),
  /** The reward token's decimals, for a balance the chain does not report (an account holding none). */
  tokenPrecision: Type.Integer({ minimum: 0, maximum: 18 }),
  welcomeCode: Type.String(),
  welcomeBonus: Type.String(),
  /** The operator's staking site for the welcome bonus; absent when none is configured. */
  stakingUrl: Type.Optional(Type.String()),
  chain: Type.Object({
    name: ChainNameSchema,
    id: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    apiUrl: Type.String(),
    /** `{id}` is replaced by a transaction id */
    explorerTransactionUrl: Type.String(),
    /**
     * `{id}` is replaced by an AtomicAssets asset id: AtomicHub's page on WAX, the devchain's own
     * asset page there
     */
    explorerAssetUrl: Type.String(),
  }),
  /** Where NFT images are read: a template's img follows it after a `/` (IPFS_GATEWAY). */
  ipfsGateway: Type.String(),
  /** WAX Cloud Wallet's plugin and endpoints: its login popup site and its auto-accept login API. */
  cloudWallet: Type.Object({
    plugin: CloudWalletPluginSchema,
    url: Type.String({ pattern: '^https?://' }),
    autoUrl: Type.String({ pattern: '^https?://' }),
    /** How the Cloud Wallet's phone app presents us when it connects (its dapp info). */
    app: Type.Object({
      /** a path on our origin or a full URL */
      logo: Type.String(),
      description: Type.String(),
      schema: Type.String(),
    }),
  }),
  /** The wallets offered, in the order the login dialog lists them. */
  wallets: Type.Array(WalletIdSchema),
  /** The account creation providers offered, in the order the kit lists them; none, no offer. */
  accountCreation: Type.Array(AccountCreatorSchema),
  /** Anchor's relay (a buoy service): absolute, or a path on our own origin. */
  anchor: Type.Object({ relayUrl: Type.String() }),
  /**
   * Only when the operator runs the devchain publicly (DEVCHAIN_PUBLIC=true): its keys are public,
   * so every page warns that nothing here is real money.
   */
  devchainPublic: Type.Optional(Type.Literal(true)),
  /**
   * Only on the devchain: the documented dev key the browser's Dev Wallet signs with, and the
   * account (with its dev key) the Dev Account Creator creates accounts from.
   */
  devWallet: Type.Optional(
    Type.Object({
      privateKey: Type.String(),
      accountCreator: Type.Object({ account: Type.String(), privateKey: Type.String() }),
    }),
  ),
})
export type PublicConfig = Static<typeof PublicConfigSchema>
