import { useEffect, useState } from 'react'

/** Where to read a balance: the chain's node API (absolute, or a path on our origin). */
export interface TokenBalanceSource {
  apiUrl: string
  contract: string
  symbol: string
  /** the token's decimals, for the balance of an account the chain reports nothing for */
  precision: number
}

/**
 * The account's balance of the token, as the chain's node says (`get_currency_balance`, e.g.
 * '125.0000 FERN'); null when the account holds none of it.
 */
export async function readTokenBalance(
  { apiUrl, contract, symbol }: Omit<TokenBalanceSource, 'precision'>,
  account: string,
): Promise<string | null> {
  const response = await fetch(`${apiUrl.replace(/\/$/, '')}/v1/chain/get_currency_balance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: contract, account, symbol }),
  })
  if (!response.ok) throw new Error(`the chain answered ${response.status}`)
  const balances = (await response.json()) as string[]
  return balances[0] ?? null
}

export type TokenBalance =
  | { status: 'reading' }
  | { status: 'read'; balance: string | null }
  | { status: 'failed' }

/**
 * The account's balance, read again whenever `refreshKey` changes (a payout landed). A failed read
 * keeps the last figure known: the header is no place for a chain outage's error.
 */
export function useTokenBalance(
  source: TokenBalanceSource,
  account: string,
  refreshKey: string,
): TokenBalance {
  const [state, setState] = useState<TokenBalance>({ status: 'reading' })
  const { apiUrl, contract, symbol } = source
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the reason to read again
  useEffect(() => {
    let current = true
    readTokenBalance({ apiUrl, contract, symbol }, account).then(
      (balance) => current && setState({ status: 'read', balance }),
      () => current && setState((last) => (last.status === 'read' ? last : { status: 'failed' })),
    )
    return () => {
      current = false
    }
  }, [apiUrl, contract, symbol, account, refreshKey])
  return state
}

/** None of the token, as the chain would write it: '0.0000 FERN'. */
export function noTokens({ symbol, precision }: TokenBalanceSource): string {
  return `${(0).toFixed(precision)} ${symbol}`
}
