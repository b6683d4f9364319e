import {
  Action,
  type APIClient,
  Asset,
  Checksum256,
  Name,
  PackedTransaction,
  PermissionLevel,
  PrivateKey,
  Serializer,
  SignedTransaction,
  Struct,
  Transaction,
} from '@wharfkit/antelope'
import { LRUCache } from 'lru-cache'
import pTimeout from 'p-timeout'
import type { ChainConnection } from '../chain/chain-connection.ts'
import { ChainUnavailable } from './chain-node.ts'
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

type ChainInfo = Awaited<ReturnType<APIClient['v1']['chain']['get_info']>>

/**
 * How long a read of the chain's head serves the headers of the transactions signed after it:
 * one block. A busy node answers get_info only after the transactions queued before it, so a
 * read per transaction kept each of the worker's lanes waiting about as long again as its own
 * transaction's execution. A header this old only expires its transaction half a second sooner.
 */
const HEAD_REUSE_MS = 500

/**
 * Signs transactions of transfers with WharfKit's Antelope types and the payout account's key,
 * as a Session with the private-key wallet plugin does (the chain's head for the header, its last
 * irreversible block for TaPoS), without the signing-request resolution a Session puts every
 * transaction through for wallets: that was most of this process's time per transaction signed.
 */
export class WharfkitPayoutSigner implements PayoutSigner {
  readonly #client: APIClient
  readonly #chainId: Checksum256
  readonly #key: PrivateKey
  readonly #authorization: PermissionLevel
  readonly #expireSeconds: number
  /** the chain's head, read at most once a block, however many transactions are signed */
  readonly #head: LRUCache<'head', ChainInfo>
  readonly account: string

  /**
   * `timeoutMs` bounds the read of the chain's head: every transaction signed meanwhile waits on
   * that one read, so a node that never answers it must not hold them all up.
   */
  constructor(
    chain: ChainConnection,
    payer: PayoutAccount,
    options: { expireSeconds: number; timeoutMs: number },
  ) {
    this.#client = chain.client
    this.#chainId = Checksum256.from(chain.settings.id)
    this.#key = PrivateKey.from(payer.privateKey)
    this.#authorization = PermissionLevel.from({
      actor: payer.account,
      permission: payer.permission,
    })
    this.#expireSeconds = options.expireSeconds
    this.#head = new LRUCache({
      max: 1,
      ttl: HEAD_REUSE_MS,
      fetchMethod: () =>
        pTimeout(this.#client.v1.chain.get_info(), {
          milliseconds: options.timeoutMs,
          message: new ChainUnavailable(`no chain head from the node in ${options.timeoutMs} ms`),
        }),
    })
    this.account = payer.account
  }

  async sign(actions: PayoutAction[]): Promise<SignedPayout> {
    const info = await this.#head.fetch('head')
    if (!info) throw new Error('the chain head read was aborted')
    const transaction = Transaction.from({
      ...info.getTransactionHeader(this.#expireSeconds),
      actions: actions.map((action) =>
        'templateId' in action
          ? mintAction(this.#authorization, action)
          : 'assetId' in action
            ? assetTransferAction(this.#authorization, action)
            : Action.from({
                account: action.tokenContract,
                name: 'transfer',
                authorization: [this.#authorization],
                data: TransferData.from({
                  from: this.account,
                  to: action.to,
                  quantity: action.quantity,
                  memo: action.memo,
                }),
              }),
      ),
    })
    const signed = SignedTransaction.from({
      ...transaction,
      signatures: [this.#key.signDigest(transaction.signingDigest(this.#chainId))],
    })
    return {
      transactionId: String(signed.id),
      packed: Serializer.objectify(PackedTransaction.fromSigned(signed)) as PackedTransactionJson,
      expiresAt: new Date(signed.expiration.toMilliseconds()),
    }
  }
}
