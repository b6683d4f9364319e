import {
  AbstractUserInterface,
  type Cancelable,
  cancelable,
  type LoginContext,
  PermissionLevel,
  type PromptResponse,
  type UserInterfaceAccountCreationResponse,
  type UserInterfaceLoginResponse,
} from '@wharfkit/session'

/**
 * A headless stand-in for @wharfkit/web-renderer's login flow: "Select an Account" asks the
 * wallet for its public key, lists the accounts that key authorises with
 * get_accounts_by_authorizers and picks `account` from that list.
 */
export class SelectAccountUserInterface extends AbstractUserInterface {
  listed: string[] = []

  constructor(private readonly account: string) {
    super()
  }

  async login(context: LoginContext): Promise<UserInterfaceLoginResponse> {
    const walletPluginIndex = context.walletPluginIndex ?? 0
    const wallet = context.walletPlugins[walletPluginIndex]
    const chain = context.chain ?? context.chains[0]
    const publicKey = await wallet.retrievePublicKey?.(chain.id)
    const response = await context.getClient(chain).v1.chain.get_accounts_by_authorizers({
      keys: publicKey ? [publicKey] : [],
    })
    this.listed = response.accounts.map((row) => `${row.account_name}@${row.permission_name}`)
    const choice = this.listed.find((level) => level.startsWith(`${this.account}@`))
    if (!choice) throw new Error(`${this.account} is not among ${this.listed.join(', ')}`)
    return { chainId: chain.id, permissionLevel: PermissionLevel.from(choice), walletPluginIndex }
  }

  async onError(): Promise<void> {}
  async onAccountCreate(): Promise<UserInterfaceAccountCreationResponse> {
    throw new Error('account creation is not part of these tests')
  }
  async onAccountCreateComplete(): Promise<void> {}
  async onLogin(): Promise<void> {}
  async onLoginComplete(): Promise<void> {}
  async onTransact(): Promise<void> {}
  async onTransactComplete(): Promise<void> {}
  async onSign(): Promise<void> {}
  async onSignComplete(): Promise<void> {}
  async onBroadcast(): Promise<void> {}
  async onBroadcastComplete(): Promise<void> {}
  prompt(): Cancelable<PromptResponse> {
    return cancelable(Promise.reject(new Error('no prompts in these tests')))
  }
  status(): void {}
  override addTranslations(): void {}
}
