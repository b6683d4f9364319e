import type {
  LoginContext,
  LoginResult,
  LogoutContext,
  ResolvedSigningRequest,
  SerializedWalletPlugin,
  TransactContext,
  WalletPlugin,
  WalletPluginConfig,
  WalletPluginData,
  WalletPluginLoginResponse,
  WalletPluginMetadata,
  WalletPluginSignResponse,
} from '@wharfkit/session'
import type { WalletProofEvidence } from './proof-evidence'
import type { WalletChunk } from './wallet-chunk'

export interface LazyWalletOptions {
  /** the plugin's own id, under which the kit stores its sessions */
  id: string
  /** what the kit's wallet list shows: the plugin's name, with a logo we serve */
  metadata: WalletPluginMetadata
  /** the plugin's configuration, as the kit's login screens read it before the plugin is fetched */
  config: WalletPluginConfig
  /** Fetches the wallet's chunk and builds its plugin. */
  load(): Promise<WalletChunk>
  /**
   * The plugin keeps state beyond this page (a phone connection, a browser extension's grant) that
   * a logout must clear, so a logout fetches it; other plugins are told only if already fetched.
   */
  forgetsOnLogout?: boolean
}

/**
 * A wallet in the kit's list, standing in for its plugin until the visitor chooses it: the list is
 * drawn from the metadata and configuration given here, and the plugin's chunk is fetched when the
 * visitor points at the wallet (`prefetch`), or at the latest when the kit asks it to log in, sign
 * or log out. Sessions the kit restores keep their data here until then.
 */
export class LazyWalletPlugin implements WalletPlugin {
  readonly id: string
  readonly metadata: WalletPluginMetadata
  readonly config: WalletPluginConfig
  readonly #options: LazyWalletOptions
  #loading: Promise<WalletChunk> | undefined
  #chunk: WalletChunk | undefined
  #data: WalletPluginData = {}

  constructor(options: LazyWalletOptions) {
    this.id = options.id
    this.metadata = options.metadata
    this.config = options.config
    this.#options = options
  }

  get data(): WalletPluginData {
    return this.#chunk ? this.#chunk.plugin.data : this.#data
  }

  set data(data: WalletPluginData) {
    if (this.#chunk) this.#chunk.plugin.data = data
    else this.#data = data
  }

  /** Starts fetching the plugin, so choosing the wallet does not wait for it. */
  prefetch(): void {
    this.chunk().catch(() => {
      // Fetched again, and reported, when the visitor chooses the wallet.
    })
  }

  /** The wallet's chunk; a failed fetch is forgotten, so the next use fetches again. */
  chunk(): Promise<WalletChunk> {
    this.#loading ??= this.#options.load().then(
      (chunk) => {
        chunk.plugin.data = this.#data
        this.#chunk = chunk
        return chunk
      },
      (error: unknown) => {
        this.#loading = undefined
        throw error
      },
    )
    return this.#loading
  }

  async login(context: LoginContext): Promise<WalletPluginLoginResponse> {
    return (await this.chunk()).plugin.login(context)
  }

  async sign(
    resolved: ResolvedSigningRequest,
    context: TransactContext,
  ): Promise<WalletPluginSignResponse> {
    return (await this.chunk()).plugin.sign(resolved, context)
  }

  async logout(context: LogoutContext): Promise<void> {
    if (!this.#chunk && !this.#options.forgetsOnLogout) return
    await (await this.chunk()).plugin.logout?.(context)
  }

  /** The proof of ownership a login through this wallet gave, in its own shape. */
  async proofOf(login: LoginResult, nonce: string): Promise<WalletProofEvidence | undefined> {
    return (await this.chunk()).proofOf(login, nonce)
  }

  serialize(): SerializedWalletPlugin {
    return { id: this.id, data: this.data }
  }
}
