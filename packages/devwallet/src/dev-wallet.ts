import {
  AbstractWalletPlugin,
  Bytes,
  Checksum256,
  IdentityProof,
  KeyType,
  type LoginContext,
  Logo,
  Name,
  PrivateKey,
  type PublicKey,
  type ResolvedSigningRequest,
  Signature,
  TimePointSec,
  type TransactContext,
  Transaction,
  type WalletPlugin,
  type WalletPluginConfig,
  type WalletPluginLoginResponse,
  WalletPluginMetadata,
  type WalletPluginSignResponse,
} from '@wharfkit/session'
import { devWalletLogo } from './logo'

export interface DevWalletOptions {
  /** The development key the wallet signs with (the devchain's shared dev wallet key). */
  privateKey: string
  /** The only chain this wallet signs for. */
  chainId: string
  /** Ask the user to type an account name instead of listing the key's accounts. */
  manualEntry?: boolean
}

/** How long an identity proof from login stays valid. */
const IDENTITY_PROOF_LIFETIME_MS = 5 * 60 * 1000

/**
 * A WharfKit wallet plugin for the devchain: it holds one development key, lets the kit list the
 * accounts that key can sign for ("Select an Account"), signs transactions and proves the
 * account's identity at login. It keeps nothing secret in `data`, so restoring a session only
 * needs the plugin re-created with the same options.
 */
export class WalletPluginDevWallet extends AbstractWalletPlugin implements WalletPlugin {
  readonly #privateKey: PrivateKey
  readonly #chainId: Checksum256
  readonly #manualEntry: boolean
  override readonly config: WalletPluginConfig
  override readonly metadata: WalletPluginMetadata

  constructor(options: DevWalletOptions) {
    super()
    this.#privateKey = PrivateKey.from(options.privateKey)
    this.#chainId = Checksum256.from(options.chainId)
    this.#manualEntry = options.manualEntry === true
    this.config = {
      requiresChainSelect: false,
      requiresPermissionSelect: !this.#manualEntry,
      requiresPermissionEntry: this.#manualEntry,
      supportedChains: [String(this.#chainId)],
    }
    this.metadata = WalletPluginMetadata.from({
      name: this.#manualEntry ? 'Dev Wallet (enter account)' : 'Dev Wallet',
      description:
        'Signs with the development key of the local devchain. Never use it on a real network.',
      logo: Logo.from(devWalletLogo),
      // The web renderer shows 'No accounts found matching {publicKey}' instead of the account
      // name field whenever a wallet names its key, so the entering variant must not.
      ...(!this.#manualEntry && { publicKey: String(this.#privateKey.toPublic()) }),
    })
  }

  get id(): string {
    return this.#manualEntry ? 'dev-wallet-entry' : 'dev-wallet'
  }

  async retrievePublicKey(chainId: Checksum256 | string): Promise<PublicKey> {
    this.assertSupportedChain(Checksum256.from(chainId))
    return this.#privateKey.toPublic()
  }

  async login(context: LoginContext): Promise<WalletPluginLoginResponse> {
    const chain =
      context.chain ?? context.chains.find((candidate) => candidate.id.equals(this.#chainId))
    if (!chain) {
      throw new Error(
        `The Dev Wallet only signs for chain ${this.#chainId}, which this app does not offer.`,
      )
    }
    this.assertSupportedChain(chain.id)
    if (!context.permissionLevel) {
      throw new Error('The Dev Wallet needs an account to log in: select or enter one.')
    }
    if (!context.appName || context.appName === 'undefined') {
      throw new Error(
        'The Dev Wallet needs the app name (SessionKit appName) to scope its identity proof.',
      )
    }
    return {
      chain: chain.id,
      permissionLevel: context.permissionLevel,
      identityProof: this.signIdentityProof(Name.from(context.appName), context.permissionLevel),
    }
  }

  async sign(
    resolved: ResolvedSigningRequest,
    context: TransactContext,
  ): Promise<WalletPluginSignResponse> {
    this.assertSupportedChain(context.chain.id)
    const transaction = Transaction.from(resolved.transaction)
    return { signatures: [this.#privateKey.signDigest(transaction.signingDigest(this.#chainId))] }
  }

  private signIdentityProof(
    scope: Name,
    signer: NonNullable<LoginContext['permissionLevel']>,
  ): IdentityProof {
    const proof = IdentityProof.from({
      chainId: this.#chainId,
      scope,
      expiration: TimePointSec.fromMilliseconds(Date.now() + IDENTITY_PROOF_LIFETIME_MS),
      signer,
      // The signature covers the proof's own transaction, so it can only be made once the
      // other fields are in place.
      signature: new Signature(KeyType.K1, Bytes.from(new Uint8Array(65))),
    })
    proof.signature = this.#privateKey.signDigest(proof.transaction.signingDigest(this.#chainId))
    return proof
  }

  private assertSupportedChain(chainId: Checksum256): void {
    if (!chainId.equals(this.#chainId)) {
      throw new Error(`The Dev Wallet only signs for chain ${this.#chainId}, not ${chainId}.`)
    }
  }
}
