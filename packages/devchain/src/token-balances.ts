import { Asset, Name, Serializer } from '@wharfkit/antelope'
import type { ContractTables } from './contract-tables'

/**
 * eosio.token's `accounts` table as nodeos' get_currency_balance reads it, whatever the token
 * contract: each row of scope `owner` begins with its balance, an asset.
 */
export function balancesOf(tables: ContractTables, code: string, owner: string): Asset[] {
  return tables
    .rows(code, BigInt(String(Name.from(owner).value)), 'accounts')
    .map((row) => Serializer.decode({ data: row.value.subarray(0, 16), type: Asset }))
}

/** A symbol code's value, the primary key of its balance and stat rows and the stat's scope. */
export function symbolCodeValue(code: string): bigint {
  return BigInt(String(Asset.SymbolCode.from(code).value))
}

/**
 * Replaces an owner's balance row outside any transaction: the fork test hook undoing a
 * transfer. The row must exist; its payer is kept.
 */
export function rewriteBalance(
  tables: ContractTables,
  code: string,
  owner: string,
  balance: Asset,
): void {
  const key = symbolCodeValue(String(balance.symbol.code))
  tables.rewriteRow(code, owner, 'accounts', key, Serializer.encode({ object: balance }).array)
}
