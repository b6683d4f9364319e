import {
  Action,
  Asset,
  Name,
  PackedTransaction,
  Serializer,
  SignedTransaction,
  Struct,
} from '@wharfkit/antelope'
import { Session } from '@wharfkit/session'
import { WalletPluginPrivateKey } from '@wharfkit/wallet-plugin-privatekey'
import type { ChainConnection } from '../chain/chain-connection.ts'
import { assetTransferAction, mintAction, type NftMint, type NftTransfer } from './nft-actions.ts'

/** A token transfer from the payout account to a visitor. */
export interface Transfer {
  tokenContract: string
  to: string
  /** an Antelope asset, e.g. '10.0000 FERN' */
  quantity: string
  memo: string
}

/** What one reward's payout does on chain: a token transfer, an NFT minted, or one sent. */
export type PayoutAction = Transfer | NftMint | NftTransfer

/** A transaction of transfers signed and ready to send, with what finds it on chain later. */
export interface SignedPayout {
  transactionId: string
  /** the packed transaction as send_transaction takes it */
  packed: PackedTransactionJson
  expiresAt: Date
}

export interface PackedTransactionJson {
  signatures: string[]
  compression: number
  packed_context_free_data: string
  packed_trx: string
}

/** The seam between paying and holding the key: signs, never broadcasts. */
export interface PayoutSigner {
  /** the account that signs, and pays */
  readonly account: string
  /** One transaction with an action each, which the chain executes all or none. */
  sign(actions: PayoutAction[]): Promise<SignedPayout>
}

export interface PayoutAccount {
  account: string
  permission: string
  privateKey: string
}

/**
 * The token contract's `transfer` action data, encoded without fetching the contract's ABI:
 * WharfKit's ABI cache keeps a failed fetch forever, which would stop payouts for good after a
 * single moment of a node being down.
 */
// Declared without decorators: they compile differently under tsx and tsc settings.
class TransferData extends Struct {
  static override abiName = 'transfer'
  static override abiFields = [
    { name: 'from', type: Name },
    { name: 'to', type: Name },
    { name: 'quantity', type: Asset },
    { name: 'memo', type: 'string' },
  ]
}

/** Signs transactions of transfers with WharfKit's Session and its private-key wallet plugin. */
export class WharfkitPayoutSigner implements PayoutSigner {
  readonly #session: Session
  readonly #expireSeconds: number
  readonly account: string

  constructor(chain: ChainConnection, payer: PayoutAccount, options: { expireSeconds: number }) {
    this.#expireSeconds = options.expireSeconds
    this.account = payer.account
    this.#session = new Session(
      {
        chain: { id: chain.settings.id, url: chain.apiUrl },
        actor: payer.account,
        permission: payer.permission,
        walletPlugin: new WalletPluginPrivateKey(payer.privateKey),
      },
      { fetch: chain.fetch },
    )
  }

  async sign(actions: PayoutAction[]): Promise<SignedPayout> {
    const result = await this.#session.transact(
      {
        actions: actions.map((action) =>
          'templateId' in action
            ? mintAction(this.#session.permissionLevel, action)
            : 'assetId' in action
              ? assetTransferAction(this.#session.permissionLevel, action)
              : Action.from({
                  account: action.tokenContract,
                  name: 'transfer',
                  authorization: [this.#session.permissionLevel],
                  data: TransferData.from({
                    from: this.#session.actor,
                    to: action.to,
                    quantity: action.quantity,
                    memo: action.memo,
                  }),
                }),
        ),
      },
      { broadcast: false, expireSeconds: this.#expireSeconds },
    )
    if (!result.resolved) throw new Error('WharfKit returned no resolved transaction to sign')
    const signed = SignedTransaction.from({
      ...result.resolved.transaction,
      signatures: result.signatures,
    })
    return {
      transactionId: String(signed.id),
      packed: Serializer.objectify(PackedTransaction.fromSigned(signed)) as PackedTransactionJson,
      expiresAt: new Date(signed.expiration.toMilliseconds()),
    }
  }
}
