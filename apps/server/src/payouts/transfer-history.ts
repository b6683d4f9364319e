import { ATOMICASSETS } from '../nfts/templates.ts'
import { assetTransferAsPayment, mintAsPayment } from './nft-actions.ts'

/**
 * A token transfer out of the payout account, as a history source reports it; an NFT it minted
 * or sent reads as one too (nft-actions.ts, mintAsPayment and assetTransferAsPayment).
 */
export interface ChainTransfer {
  transactionId: string
  blockNum: number
  time: Date
  tokenContract: string
  from: string
  to: string
  /**
   * an Antelope asset, e.g. '10.0000 FERN'; for a mint its '<collection>:<template id>'; for an
   * NFT sent 'asset <asset id>'
   */
  quantity: string
  memo: string
}

/** The seam between reconciliation and wherever the chain's past is indexed. */
export interface TransferHistory {
  /**
   * Every transfer of `tokenContracts` sent by `account` (and every NFT it minted on those that
   * are AtomicAssets) in blocks since `since`, oldest first.
   */
  transfersFrom(
    account: string,
    tokenContracts: string[],
    since: Date | null,
  ): AsyncIterable<ChainTransfer>
}

/** Hyperion's page limit for get_actions. */
const PAGE_SIZE = 1000
const LAST_SEQUENCE = '18446744073709551615'

interface HyperionAction {
  '@timestamp': string
  block_num: number
  trx_id: string
  global_sequence: number
  act: {
    account: string
    name: string
    data: { from?: string; to?: string; quantity?: string; memo?: string } & Record<string, unknown>
  }
}

/**
 * Transfers read from a Hyperion endpoint's `/v2/history/get_actions` (on WAX, any public
 * Hyperion; the devchain answers the same API). Pages follow the global sequence, which
 * Hyperion sorts by, so no page is skipped or read twice however many actions share a block.
 */
export class HyperionTransferHistory implements TransferHistory {
  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch,
    private readonly timeoutMs: number,
  ) {}

  async *transfersFrom(
    account: string,
    tokenContracts: string[],
    since: Date | null,
  ): AsyncIterable<ChainTransfer> {
    let nextSequence = '0'
    for (;;) {
      const query = new URLSearchParams({
        account,
        filter: tokenContracts
          .flatMap((contract) => [`${contract}:transfer`, `${contract}:mintasset`])
          .join(','),
        'act.authorization.actor': account,
        sort: 'asc',
        // Hyperion wants an ascending scan bounded: a date, or block 1 for everything.
        after: since ? since.toISOString() : '1',
        global_sequence: `${nextSequence}-${LAST_SEQUENCE}`,
        limit: String(PAGE_SIZE),
      })
      const page = await this.#get(`/v2/history/get_actions?${query}`)
      for (const action of page.actions) {
        const found = {
          transactionId: action.trx_id,
          blockNum: action.block_num,
          // Hyperion writes UTC times without a zone.
          time: new Date(
            /Z$/.test(action['@timestamp']) ? action['@timestamp'] : `${action['@timestamp']}Z`,
          ),
          tokenContract: action.act.account,
        }
        if (action.act.name === 'mintasset') {
          const minted = mintAsPayment(action.act.data)
          // One minted to the account itself stocks its pool: it pays no one.
          if (minted.from === account && minted.to !== account) yield { ...found, ...minted }
          continue
        }
        if (action.act.account === ATOMICASSETS) {
          const sent = assetTransferAsPayment(action.act.data)
          if (action.act.name === 'transfer' && sent.from === account) yield { ...found, ...sent }
          continue
        }
        const { from, to, quantity, memo } = action.act.data
        if (action.act.name !== 'transfer' || from !== account) continue
        yield {
          ...found,
          from,
          to: String(to),
          quantity: String(quantity),
          memo: String(memo ?? ''),
        }
      }
      if (page.actions.length < PAGE_SIZE) return
      nextSequence = String(BigInt(page.actions[page.actions.length - 1].global_sequence) + 1n)
    }
  }

  async #get(path: string): Promise<{ actions: HyperionAction[] }> {
    const url = `${this.baseUrl.replace(/\/$/, '')}${path}`
    const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.timeoutMs) })
    if (!response.ok) {
      throw new Error(`history source answered HTTP ${response.status} at ${path.split('?')[0]}`)
    }
    const body = (await response.json()) as { actions?: HyperionAction[] }
    if (!Array.isArray(body.actions)) throw new Error('history source answered without actions')
    return { actions: body.actions }
  }
}
