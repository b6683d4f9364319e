import type { Environment } from '../config/environment.ts'
import type { ChainConnection } from './chain-connection.ts'

/** How an account was made: who signed its newaccount, and when. Neither ever changes. */
export interface AccountCreation {
  /** the account that created it; `__self__` for the system account */
  creator: string
  createdAt: Date
}

/** Who sent an account its first tokens, and when: once it has, that never changes either. */
export interface FirstFunding {
  funder: string
  at: Date
}

/**
 * The seam between the farm report and wherever the chain's past is indexed: where an account
 * came from. Each read throws when the source does not answer (or does not know the account).
 */
export interface AccountOriginSource {
  creationOf(account: string): Promise<AccountCreation>
  /** null while the account has received no token transfer */
  firstFundingOf(account: string): Promise<FirstFunding | null>
}

// Token transfers an account sends itself, or NFT transfers (no quantity), are not its funds:
// a page this long finds its first funds behind them in practice.
const FUNDING_PAGE = 50

interface HyperionTransfer {
  '@timestamp': string
  act: { name: string; data: { from?: unknown; to?: unknown; quantity?: unknown } }
}

/**
 * Origins read from a Hyperion endpoint, the history source payout reconciliation reads (on WAX
 * HISTORY_API_URL; the devchain answers the same API): `get_creator` for the creation, and the
 * oldest of `get_actions`' transfers to the account for its first funds.
 */
export class HyperionAccountOrigins implements AccountOriginSource {
  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch,
    private readonly timeoutMs: number,
  ) {}

  async creationOf(account: string): Promise<AccountCreation> {
    const answer = await this.#get<{ creator?: unknown; timestamp?: unknown }>(
      '/v2/history/get_creator',
      { account },
    )
    if (typeof answer.creator !== 'string' || typeof answer.timestamp !== 'string') {
      throw new Error(`history source did not say who created ${account}`)
    }
    return { creator: answer.creator, createdAt: hyperionTime(answer.timestamp) }
  }

  async firstFundingOf(account: string): Promise<FirstFunding | null> {
    const page = await this.#get<{ actions?: HyperionTransfer[] }>('/v2/history/get_actions', {
      account,
      filter: '*:transfer',
      'transfer.to': account,
      sort: 'asc',
      // As reconcile's scan: Hyperion wants an ascending one bounded, block 1 for everything.
      after: '1',
      limit: String(FUNDING_PAGE),
    })
    if (!Array.isArray(page.actions)) throw new Error('history source answered without actions')
    const funds = page.actions.find(
      ({ act }) =>
        act.name === 'transfer' &&
        act.data.to === account &&
        typeof act.data.from === 'string' &&
        act.data.from !== account &&
        typeof act.data.quantity === 'string',
    )
    return funds
      ? { funder: String(funds.act.data.from), at: hyperionTime(funds['@timestamp']) }
      : null
  }

  async #get<Answer>(path: string, query: Record<string, string>): Promise<Answer> {
    const url = `${this.baseUrl.replace(/\/$/, '')}${path}?${new URLSearchParams(query)}`
    const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.timeoutMs) })
    if (!response.ok) throw new Error(`history source answered HTTP ${response.status} at ${path}`)
    return (await response.json()) as Answer
  }
}

/** Hyperion writes UTC times without a zone. */
const hyperionTime = (time: string) => new Date(/Z$/.test(time) ? time : `${time}Z`)

/**
 * Where this deployment reads origins: HISTORY_API_URL, else the devchain's own history (through
 * `devchain`, opened only then), else nowhere (WAX without a Hyperion endpoint): null.
 */
export async function accountOriginSourceOf(
  env: Pick<Environment, 'HISTORY_API_URL' | 'CHAIN' | 'CHAIN_TIMEOUT_MS'>,
  devchain: () => Promise<ChainConnection>,
): Promise<AccountOriginSource | null> {
  if (env.HISTORY_API_URL) {
    return new HyperionAccountOrigins(env.HISTORY_API_URL, fetch, env.CHAIN_TIMEOUT_MS)
  }
  if (env.CHAIN !== 'devchain') return null
  const { apiUrl, fetch: chainFetch } = await devchain()
  return new HyperionAccountOrigins(apiUrl, chainFetch, env.CHAIN_TIMEOUT_MS)
}
