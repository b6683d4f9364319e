import {
  ABI,
  AbstractAccountCreationPlugin,
  AccountCreationPluginMetadata,
  Action,
  type APIClient,
  APIError,
  type ChainDefinition,
  ChainDefinition as ChainDefinitionClass,
  type ChainDefinitionType,
  type CreateAccountContext,
  type CreateAccountResponse,
  Name,
  PrivateKey,
  PublicKey,
  SignedTransaction,
  Transaction,
} from '@wharfkit/session'
import { isCreatableAccountName } from './account-name'
import { devAccountCreatorLogo } from './logo'

export interface DevAccountCreatorOptions {
  /** The devchain (its id and node URL); the only chain this provider creates accounts on. */
  chain: ChainDefinitionType
  /** The account that creates the new accounts (the devchain's `devcreator`). */
  creator: string
  /** The creator's development key, which signs `eosio::newaccount`. */
  creatorPrivateKey: string
  /** The key the new account's owner and active permissions hold: the Dev Wallet's. */
  accountPublicKey: string
  /**
   * The name of the account to create. The kit's dialog has no text field, so the app asks the
   * visitor before calling `createAccount` and answers here.
   */
  requestAccountName(context: CreateAccountContext): string | Promise<string>
}

/** Why the Dev Account Creator refused a name; `code` lets an app word it in its own texts. */
export class AccountNameRefused extends Error {
  override readonly name = 'AccountNameRefused'

  constructor(
    readonly code: 'invalid' | 'taken',
    readonly accountName: string,
  ) {
    super(
      code === 'taken'
        ? `The account name ${accountName} is already taken.`
        : `${accountName} cannot be created: an account name here has exactly 12 characters, letters a-z and digits 1-5.`,
    )
  }
}

/** How long the signed newaccount stays valid, like a wallet's transaction. */
const EXPIRE_SECONDS = 120

/**
 * A WharfKit account creation plugin for the devchain, the local counterpart of a provider such
 * as Anchor's: it creates the account the visitor named with `eosio::newaccount`, signed by the
 * creator account, with the Dev Wallet's key as owner and active, so the new account can log in
 * through the Dev Wallet at once.
 */
export class AccountCreationPluginDevAccountCreator extends AbstractAccountCreationPlugin {
  readonly #chain: ChainDefinition
  readonly #creator: Name
  readonly #creatorKey: PrivateKey
  readonly #accountKey: PublicKey
  readonly #requestAccountName: DevAccountCreatorOptions['requestAccountName']

  constructor(options: DevAccountCreatorOptions) {
    super()
    this.#chain = ChainDefinitionClass.from(options.chain)
    this.#creator = Name.from(options.creator)
    this.#creatorKey = PrivateKey.from(options.creatorPrivateKey)
    this.#accountKey = PublicKey.from(options.accountPublicKey)
    this.#requestAccountName = options.requestAccountName
    this.config = { requiresChainSelect: false, supportedChains: [this.#chain] }
    this.metadata = AccountCreationPluginMetadata.from({
      name: this.name,
      description: 'Creates accounts on the local devchain, held by the Dev Wallet.',
      logo: devAccountCreatorLogo,
    })
  }

  get id(): string {
    return 'dev-account-creator'
  }

  get name(): string {
    return 'Dev Account Creator'
  }

  async create(context: CreateAccountContext): Promise<CreateAccountResponse> {
    if (context.chain && !context.chain.id.equals(this.#chain.id)) {
      throw new Error(`The Dev Account Creator only creates accounts on chain ${this.#chain.id}.`)
    }
    const accountName = await this.#requestAccountName(context)
    if (!isCreatableAccountName(accountName)) throw new AccountNameRefused('invalid', accountName)
    const client = context.getClient(this.#chain)
    if (await accountExists(client, accountName)) throw new AccountNameRefused('taken', accountName)
    // Encoded with the ABI the chain serves, as any client of the system contract would.
    const [info, { abi }] = await Promise.all([
      client.v1.chain.get_info(),
      client.v1.chain.get_abi('eosio'),
    ])
    const authority = { threshold: 1, keys: [{ key: this.#accountKey, weight: 1 }] }
    const newAccount = Action.from(
      {
        account: 'eosio',
        name: 'newaccount',
        authorization: [{ actor: this.#creator, permission: 'active' }],
        data: {
          creator: this.#creator,
          name: accountName,
          owner: { ...authority, accounts: [], waits: [] },
          active: { ...authority, accounts: [], waits: [] },
        },
      },
      ABI.from(abi ?? {}),
    )
    const transaction = Transaction.from({
      ...info.getTransactionHeader(EXPIRE_SECONDS),
      actions: [newAccount],
    })
    const signature = this.#creatorKey.signDigest(transaction.signingDigest(this.#chain.id))
    try {
      await client.v1.chain.push_transaction(
        SignedTransaction.from({ ...transaction, signatures: [signature] }),
      )
    } catch (error) {
      // Someone took the name between the lookup and the transaction.
      if (error instanceof APIError && error.name === 'account_name_exists_exception') {
        throw new AccountNameRefused('taken', accountName)
      }
      throw error
    }
    return { chain: this.#chain, accountName: Name.from(accountName) }
  }
}

async function accountExists(client: APIClient, name: string): Promise<boolean> {
  try {
    await client.v1.chain.get_account(name)
    return true
  } catch (error) {
    if (error instanceof APIError && error.message.startsWith('Account not found')) return false
    throw error
  }
}
