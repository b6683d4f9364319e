import { ABI, type Asset, Bytes, Checksum256, Serializer } from '@wharfkit/antelope'
import type { DevchainContract } from './contracts'
import { nodeErrors } from './errors'

/** The ABI of the reference eosio.token contract, served for every token contract. */
export const tokenAbi = ABI.from({
  version: 'eosio::abi/1.2',
  types: [],
  structs: [
    { name: 'account', base: '', fields: [{ name: 'balance', type: 'asset' }] },
    {
      name: 'close',
      base: '',
      fields: [
        { name: 'owner', type: 'name' },
        { name: 'symbol', type: 'symbol' },
      ],
    },
    {
      name: 'create',
      base: '',
      fields: [
        { name: 'issuer', type: 'name' },
        { name: 'maximum_supply', type: 'asset' },
      ],
    },
    {
      name: 'currency_stats',
      base: '',
      fields: [
        { name: 'supply', type: 'asset' },
        { name: 'max_supply', type: 'asset' },
        { name: 'issuer', type: 'name' },
      ],
    },
    {
      name: 'issue',
      base: '',
      fields: [
        { name: 'to', type: 'name' },
        { name: 'quantity', type: 'asset' },
        { name: 'memo', type: 'string' },
      ],
    },
    {
      name: 'open',
      base: '',
      fields: [
        { name: 'owner', type: 'name' },
        { name: 'symbol', type: 'symbol' },
        { name: 'ram_payer', type: 'name' },
      ],
    },
    {
      name: 'retire',
      base: '',
      fields: [
        { name: 'quantity', type: 'asset' },
        { name: 'memo', type: 'string' },
      ],
    },
    {
      name: 'transfer',
      base: '',
      fields: [
        { name: 'from', type: 'name' },
        { name: 'to', type: 'name' },
        { name: 'quantity', type: 'asset' },
        { name: 'memo', type: 'string' },
      ],
    },
  ],
  actions: ['close', 'create', 'issue', 'open', 'retire', 'transfer'].map((name) => ({
    name,
    type: name,
    ricardian_contract: '',
  })),
  tables: [
    { name: 'accounts', index_type: 'i64', key_names: [], key_types: [], type: 'account' },
    { name: 'stat', index_type: 'i64', key_names: [], key_types: [], type: 'currency_stats' },
  ],
  ricardian_clauses: [],
  variants: [],
  action_results: [],
})

export interface TokenStat {
  supply: bigint
  maxSupply: bigint
  precision: number
  issuer: string
}

/** One token contract's tables: `stat` by symbol code, `accounts` by owner then symbol code. */
export interface TokenLedger {
  stats: Map<string, TokenStat>
  balances: Map<string, Map<string, bigint>>
}

export interface ParsedAsset {
  amount: bigint
  precision: number
  symbol: string
}

/** asset::is_valid: |amount| must fit in 62 bits. */
const MAX_ASSET_AMOUNT = (1n << 62n) - 1n
const MAX_MEMO_BYTES = 256

export function parseAsset(text: string): ParsedAsset {
  const match = /^(-?)(\d+)(?:\.(\d+))? ([A-Z]{1,7})$/.exec(text.trim())
  if (!match) throw new Error(`invalid asset "${text}"`)
  const [, sign, whole, fraction = '', symbol] = match
  const amount = BigInt(`${whole}${fraction}`)
  return { amount: sign ? -amount : amount, precision: fraction.length, symbol }
}

export function formatAsset(amount: bigint, precision: number, symbol: string): string {
  const negative = amount < 0n
  const digits = (negative ? -amount : amount).toString().padStart(precision + 1, '0')
  const whole = digits.slice(0, digits.length - precision)
  const fraction = precision > 0 ? `.${digits.slice(digits.length - precision)}` : ''
  return `${negative ? '-' : ''}${whole}${fraction} ${symbol}`
}

const fromWharfAsset = (asset: Asset): ParsedAsset => ({
  amount: BigInt(String(asset.units)),
  precision: asset.symbol.precision,
  symbol: String(asset.symbol.code),
})

export interface TokenActionInput {
  contract: string
  name: string
  authorizers: string[]
  data: Bytes
}

export interface TokenActionResult {
  /** The action's arguments as JSON, for traces. */
  data: Record<string, unknown>
  /** Accounts the contract notified with require_recipient, in order. */
  notified: string[]
}

/** What eosio.token's actions can do and check: the contract's helpers, with its messages. */
class TokenContractRun {
  constructor(
    readonly ledger: TokenLedger,
    readonly action: TokenActionInput,
    readonly accountExists: (name: string) => boolean,
  ) {}

  check(condition: boolean, message: string): void {
    if (!condition) throw nodeErrors.assertionFailure(message)
  }

  requireAuth(account: string): void {
    if (!this.action.authorizers.includes(account)) throw nodeErrors.missingAuthority(account)
  }

  stat(symbol: string, missingMessage: string): TokenStat {
    const stat = this.ledger.stats.get(symbol)
    if (!stat) throw nodeErrors.assertionFailure(missingMessage)
    return stat
  }

  checkQuantity(quantity: ParsedAsset, stat: TokenStat, positiveMessage: string): void {
    const amount = quantity.amount
    this.check(amount <= MAX_ASSET_AMOUNT && amount >= -MAX_ASSET_AMOUNT, 'invalid quantity')
    this.check(amount > 0n, positiveMessage)
    this.check(quantity.precision === stat.precision, 'symbol precision mismatch')
  }

  checkMemo(memo: unknown): void {
    const bytes = new TextEncoder().encode(String(memo)).length
    this.check(bytes <= MAX_MEMO_BYTES, 'memo has more than 256 bytes')
  }

  balancesOf(owner: string): Map<string, bigint> {
    let balances = this.ledger.balances.get(owner)
    if (!balances) {
      balances = new Map()
      this.ledger.balances.set(owner, balances)
    }
    return balances
  }

  subBalance(owner: string, quantity: ParsedAsset): void {
    const balance = this.ledger.balances.get(owner)?.get(quantity.symbol)
    if (balance === undefined) throw nodeErrors.assertionFailure('no balance object found')
    this.check(balance >= quantity.amount, 'overdrawn balance')
    this.balancesOf(owner).set(quantity.symbol, balance - quantity.amount)
  }

  addBalance(owner: string, quantity: ParsedAsset): void {
    const balances = this.balancesOf(owner)
    balances.set(quantity.symbol, (balances.get(quantity.symbol) ?? 0n) + quantity.amount)
  }
}

type Arguments = Record<string, unknown>
const assetArgument = (decoded: Arguments, field: string) => fromWharfAsset(decoded[field] as Asset)
/** A `symbol` argument renders as "4,FERN". */
const symbolArgument = (data: Arguments) => {
  const [precision, code] = String(data.symbol).split(',')
  return { precision: Number(precision), code }
}

/**
 * eosio.token's actions, their checks in the contract's order (callers see the first failure):
 * each returns the accounts it notified.
 */
const tokenActions: Record<
  string,
  (run: TokenContractRun, data: Arguments, decoded: Arguments) => string[]
> = {
  transfer(run, data, decoded) {
    const from = String(data.from)
    const to = String(data.to)
    const quantity = assetArgument(decoded, 'quantity')
    run.check(from !== to, 'cannot transfer to self')
    run.requireAuth(from)
    run.check(run.accountExists(to), 'to account does not exist')
    const stat = run.stat(quantity.symbol, 'unable to find key')
    run.checkQuantity(quantity, stat, 'must transfer positive quantity')
    run.checkMemo(data.memo)
    run.subBalance(from, quantity)
    run.addBalance(to, quantity)
    return [from, to]
  },
  issue(run, data, decoded) {
    const quantity = assetArgument(decoded, 'quantity')
    run.checkMemo(data.memo)
    const stat = run.stat(
      quantity.symbol,
      'token with symbol does not exist, create token before issue',
    )
    run.check(String(data.to) === stat.issuer, 'tokens can only be issued to issuer account')
    run.requireAuth(stat.issuer)
    run.checkQuantity(quantity, stat, 'must issue positive quantity')
    run.check(quantity.amount <= stat.maxSupply - stat.supply, 'quantity exceeds available supply')
    stat.supply += quantity.amount
    run.addBalance(stat.issuer, quantity)
    return []
  },
  retire(run, data, decoded) {
    const quantity = assetArgument(decoded, 'quantity')
    run.checkMemo(data.memo)
    const stat = run.stat(quantity.symbol, 'token with symbol does not exist')
    run.requireAuth(stat.issuer)
    run.checkQuantity(quantity, stat, 'must retire positive quantity')
    stat.supply -= quantity.amount
    run.subBalance(stat.issuer, quantity)
    return []
  },
  create(run, data, decoded) {
    run.requireAuth(run.action.contract)
    const maximum = assetArgument(decoded, 'maximum_supply')
    run.check(maximum.amount <= MAX_ASSET_AMOUNT, 'invalid supply')
    run.check(maximum.amount > 0n, 'max-supply must be positive')
    run.check(!run.ledger.stats.has(maximum.symbol), 'token with symbol already exists')
    run.ledger.stats.set(maximum.symbol, {
      supply: 0n,
      maxSupply: maximum.amount,
      precision: maximum.precision,
      issuer: String(data.issuer),
    })
    return []
  },
  open(run, data) {
    const owner = String(data.owner)
    const symbol = symbolArgument(data)
    run.requireAuth(String(data.ram_payer))
    run.check(run.accountExists(owner), 'owner account does not exist')
    const stat = run.stat(symbol.code, 'symbol does not exist')
    run.check(stat.precision === symbol.precision, 'symbol precision mismatch')
    const balances = run.balancesOf(owner)
    if (!balances.has(symbol.code)) balances.set(symbol.code, 0n)
    return []
  },
  close(run, data) {
    const owner = String(data.owner)
    const symbol = symbolArgument(data)
    run.requireAuth(owner)
    const balance = run.ledger.balances.get(owner)?.get(symbol.code)
    run.check(
      balance !== undefined,
      "Balance row already deleted or never existed. Action won't have any effect.",
    )
    run.check(balance === 0n, 'Cannot close because the balance is not zero.')
    run.ledger.balances.get(owner)?.delete(symbol.code)
    return []
  },
}

/**
 * Runs one action of the reference eosio.token contract against `ledger` (mutated in place;
 * the caller works on a copy so a failing transaction changes nothing).
 */
export function applyTokenAction(
  ledger: TokenLedger,
  action: TokenActionInput,
  accountExists: (name: string) => boolean,
): TokenActionResult {
  const handler = tokenActions[action.name]
  if (!handler) throw nodeErrors.unknownAction(action.contract, action.name)
  let decoded: ReturnType<typeof Serializer.decode>
  try {
    decoded = Serializer.decode({ data: action.data, type: action.name, abi: tokenAbi })
  } catch {
    // The contract's datastream refuses to read past the end of the action data.
    throw nodeErrors.assertionFailure('read')
  }
  const data = Serializer.objectify(decoded) as Arguments
  const run = new TokenContractRun(ledger, action, accountExists)
  const notified = handler(run, data, decoded as Arguments)
  return { data, notified }
}

/** eosio.token as a devchain contract, run on the transaction's copy of its tables. */
export const tokenContract: DevchainContract = {
  abi: tokenAbi,
  codeHash: String(Checksum256.hash(Bytes.from('eosio.token reference contract', 'utf8'))),
  apply: (scratch, action) =>
    applyTokenAction(scratch.ledger(action.contract), action, (name) =>
      scratch.accountExists(name),
    ),
}
