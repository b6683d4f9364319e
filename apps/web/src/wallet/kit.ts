import type { PublicConfig } from '@fernwood/protocol'
import {
  type AccountCreationPlugin,
  BrowserLocalStorage,
  Canceled,
  type ChainDefinitionType,
  type LoginContext,
  LoginHookTypes,
  type LoginPlugin,
  type LoginResult,
  type Session,
  SessionKit,
  type UserInterfaceLoginResponse,
} from '@wharfkit/session'
import { WebRenderer } from '@wharfkit/web-renderer'
import { accountCreationPluginsFor, describeAccountCreationFailure } from './account-creation'
import { WalletLoginCancelled } from './errors'
import { nameKitHeaderButtons } from './kit-header-buttons'
import { shareLanguageWithKit } from './kit-language'
import { dressKitDialog } from './kit-theme'
import { LazyWalletPlugin } from './lazy-wallet-plugin'
import { identityProofEvidence, type WalletProofEvidence } from './proof-evidence'
import { loadSigningRequest } from './signing-request-loader'
import { walletPluginsFor } from './wallet-catalogue'
import { prefetchWalletPointedAt } from './wallet-prefetch'

/** A login's outcome in the terms of `POST /api/wallet`. */
export interface WalletLogin {
  chainId: string
  actor: string
  permission: string
  proof: WalletProofEvidence | undefined
}

/** The wallet kit as the app uses it: one SessionKit with its dialog, behind three verbs. */
export interface WalletKit {
  /**
   * Opens the kit's login dialog; the wallet proves the account over `nonce` where it can.
   * `onWalletChosen` runs once the visitor has chosen a wallet (and account) in the dialog.
   */
  login(nonce: string, onWalletChosen?: () => void): Promise<WalletLogin>
  /** Brings back the session a previous visit logged in with, if the kit stored one. */
  restore(): Promise<void>
  /** Forgets every stored session and tells each wallet. */
  logout(): Promise<void>
  /** Creates `accountName` through the kit's create-account screens; resolves to its name. */
  createAccount(accountName: string): Promise<string>
}

/**
 * The spec keeps the kit's `session`, `sessions` and `settings` under one renderer namespace; the
 * web renderer already keeps its settings under this one.
 */
const STORAGE_NAMESPACE = 'web.renderer'

/** The web renderer, with two gaps of its version 1.4 closed. */
class FernwoodRenderer extends WebRenderer {
  /**
   * The kit rethrows a login failure as `new Error(String(error))`, which loses whether the visitor
   * cancelled; the renderer is handed the original first, so it is noted here.
   */
  lastError: unknown

  override async onError(error: Error): Promise<void> {
    this.lastError = error
    await super.onError(error)
  }

  /**
   * Closing the dialog (close button, Escape, a click outside) calls every registered cancel with
   * 'Modal closed', but the one the renderer registers for its login screens cannot reject (its
   * cancelable has no `onCancel`), which would leave the login pending for ever.
   */
  override login(context: LoginContext): Promise<UserInterfaceLoginResponse> {
    return new Promise((resolve, reject) => {
      super.login(context).then(resolve, reject)
      this.addCancelablePromise((reason: string, silent: boolean) =>
        reject(new Canceled(reason, silent)),
      )
    })
  }
}

export async function createWalletKit(config: PublicConfig): Promise<WalletKit> {
  const ui = new FernwoodRenderer()
  dressKitDialog(ui)
  shareLanguageWithKit(ui, config)
  nameKitHeaderButtons(ui)
  const chain = chainDefinition(config)
  const walletPlugins = await walletPluginsFor(config)
  prefetchWalletPointedAt(
    ui,
    walletPlugins.filter((plugin) => plugin instanceof LazyWalletPlugin),
  )
  // The kit's dialog cannot ask for a name, so the screen asks first and the provider reads it here.
  let requestedAccountName = ''
  // The kit reads its providers when it creates an account, so they are fetched then, the first
  // time, into the list it holds: nothing of theirs is on the way to the wallet list.
  const accountCreationPlugins: AccountCreationPlugin[] = []
  // Fetched once, on the first account creation; a second request meanwhile awaits the same.
  let creatorsLoaded: Promise<void> | undefined
  // The current login's `onWalletChosen`, called from the kit's beforeLogin hook: the kit runs
  // it once the dialog's choices are made, just before the wallet itself is asked.
  let walletChosen: (() => void) | undefined
  const tellWalletChosen: LoginPlugin = {
    register: (context) =>
      context.addHook(LoginHookTypes.beforeLogin, async () => walletChosen?.()),
  }
  const sessionKit = new SessionKit(
    { appName: config.appName, chains: [chain], ui, walletPlugins },
    {
      storage: new BrowserLocalStorage(STORAGE_NAMESPACE),
      accountCreationPlugins,
      loginPlugins: [tellWalletChosen],
    },
  )
  // On the devchain only, the current session is reachable from the page, for a developer's console
  // or a browser test to sign transactions with whichever wallet logged in.
  let currentSession: Session | undefined
  if (config.chain.name === 'devchain') {
    Object.assign(window, { fernwoodWalletSession: () => currentSession })
  }
  return {
    async login(nonce, onWalletChosen) {
      ui.lastError = undefined
      walletChosen = onWalletChosen
      let result: Awaited<ReturnType<SessionKit['login']>>
      try {
        // The Cloud Wallet plugins send `arbitrary.nonce` to WAX, which signs it into 1.5.0's proof.
        result = await sessionKit.login({ arbitrary: { nonce } })
      } catch (error) {
        throw describeLoginFailure(ui.lastError ?? error)
      } finally {
        walletChosen = undefined
      }
      let proof: WalletProofEvidence | undefined
      try {
        // The session signs through signing requests, whose code a wallet that needed none to log
        // in (Wombat) has not brought: fetched while the wallet proves the account.
        ;[proof] = await Promise.all([proofOfLogin(result, nonce), loadSigningRequest()])
      } catch (error) {
        // A session whose account the wallet would not prove must not come back on the next
        // visit, as one whose binding the server refused (connect-wallet.ts).
        await sessionKit.logout()
        throw describeLoginFailure(error)
      }
      currentSession = result.session
      return {
        chainId: String(result.session.chain.id),
        actor: String(result.session.actor),
        permission: String(result.session.permission),
        proof,
      }
    },

    async restore() {
      const restored = await sessionKit.restore()
      // A session signs through signing requests, whose code its wallet's chunk would bring only
      // once the wallet is used again (see signing-request-deferred.ts).
      if (restored) await loadSigningRequest()
      currentSession = restored
    },

    async logout() {
      currentSession = undefined
      await sessionKit.logout()
    },

    async createAccount(accountName) {
      ui.lastError = undefined
      requestedAccountName = accountName
      try {
        creatorsLoaded ??= accountCreationPluginsFor(
          config,
          chain,
          () => requestedAccountName,
        ).then(
          (plugins) => void accountCreationPlugins.push(...plugins),
          (error) => {
            // A chunk that failed to load is fetched again on the next try.
            creatorsLoaded = undefined
            throw error
          },
        )
        await creatorsLoaded
        return String((await sessionKit.createAccount()).accountName)
      } catch (error) {
        throw describeAccountCreationFailure(ui.lastError ?? error)
      }
    },
  }
}

function chainDefinition(config: PublicConfig): ChainDefinitionType {
  // The devchain's node is served on our own origin under a path; the kit needs a full URL.
  return { id: config.chain.id, url: new URL(config.chain.apiUrl, location.origin).href }
}

/** The login's proof of ownership, in the shape of the wallet that gave it. */
function proofOfLogin(login: LoginResult, nonce: string): Promise<WalletProofEvidence | undefined> {
  const wallet = login.session.walletPlugin
  if (wallet instanceof LazyWalletPlugin) return wallet.proofOf(login, nonce)
  return identityProofEvidence(login)
}

/** The original failure's words: the wallet's own message, or a cancellation. */
function describeLoginFailure(error: unknown): Error {
  if (error instanceof Canceled) return new WalletLoginCancelled(error.message)
  if (error instanceof Error) return error
  // The Cloud Wallet rejects with a bare string when its popup is closed.
  return new Error(String(error))
}
