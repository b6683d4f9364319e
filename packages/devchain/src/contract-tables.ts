import {
  IndexObject,
  KeyValueObject,
  Table,
  TableStore,
  type VertIndexObject,
  type VertKeyValueObject,
} from './antelope-vm'
import { nameToValue, valueToName } from './names'

/**
 * What nodeos bills for the rows of contract tables (chain/contract_table_objects.hpp, each
 * rounded up to 16 bytes): a table object per (code, scope, table) while it holds rows, a primary
 * row plus its data, and a row of each secondary index.
 */
const RAM_BYTES = {
  table: 112,
  row: 112,
  idx64: 128,
  idx128: 144,
  idx256: 160,
  idxDouble: 128,
} as const

type IndexKind = 'idx64' | 'idx128' | 'idx256' | 'idxDouble'
const INDEX_KINDS: IndexKind[] = ['idx64', 'idx128', 'idx256', 'idxDouble']

/** One row of a contract table, as get_table_rows reads it. */
export interface TableRow {
  primaryKey: bigint
  payer: string
  value: Uint8Array
}

/** The persisted form of one table: its rows and its secondary index rows, bigints as text. */
export interface SavedTable {
  code: string
  scope: string
  table: string
  /** who pays for the table object: the payer of the row that created it */
  payer: string
  /** [primary key, payer, data as hex] */
  rows: [string, string, string][]
  /** [index kind, primary key, payer, secondary key (hex for idx256, a number for idxDouble)] */
  indexes: [IndexKind, string, string, string | number][]
}

/**
 * vert's table forgets its row count when a deletion is rolled back, and then drops the whole
 * table (every row in it) at a later deletion. Tables here are never dropped: nodeos' billing of a
 * table object follows its rows instead (see `ContractTables`), and a contract cannot tell an
 * empty table from a missing one (multi_index treats both as `end()`).
 */
class KeptTable extends Table {
  override delete(key: bigint): void {
    this.store.delete(this.key(key))
  }
}

/** The highest key a table or a 64-bit index can hold: a uint64. */
export const MAX_KEY = (1n << 64n) - 1n

/** A row's key in vert's store: code, scope, table and primary key, big-endian. */
type RowKey = Parameters<InstanceType<typeof TableStore>['get']>[0]

/** An entry of vert's undo log, told apart by its class (the log is not part of vert's API). */
interface UndoEntry {
  constructor: { name: string }
  key?: RowKey | VertIndexObject<unknown>
  value?: VertKeyValueObject
  newKey?: VertIndexObject<unknown>
  keystore?: unknown
}

interface TableCount {
  rows: number
  payer: string
}

/**
 * Every contract's tables, in vert's table store, which the VM reads and writes. A transaction's
 * changes are undone as one (vert's undo log) when any of its actions fails; what each action
 * changed is read from that log to bill RAM as nodeos does, to the payer of each row.
 */
export class ContractTables {
  readonly store = new TableStore(KeptTable)
  /** Rows (primary and secondary) per table id, and who pays for the table object. */
  readonly #counts = new Map<number, TableCount>()
  /** Counts changed by the transaction under way; kept only if it commits. */
  #pendingCounts = new Map<number, TableCount>()

  /** Marks where the transaction (or an action) begins in the undo log. */
  mark(): number {
    return this.store.snapshot()
  }

  /** Undoes every change since `mark` (a failed transaction). */
  rollback(mark: number): void {
    this.store.revertTo(mark)
    this.#pendingCounts = new Map()
  }

  /** Keeps the transaction's changes: nothing will undo them, so the undo log is let go. */
  commit(): void {
    for (const [id, count] of this.#pendingCounts) this.#counts.set(id, count)
    this.#pendingCounts = new Map()
    this.#undoLog().length = 0
  }

  #undoLog(): UndoEntry[] {
    return (this.store as unknown as { changes: UndoEntry[] }).changes
  }

  #count(tableId: number): TableCount {
    return this.#pendingCounts.get(tableId) ?? this.#counts.get(tableId) ?? { rows: 0, payer: '' }
  }

  /**
   * RAM each payer gained (positive) or freed (negative) through the changes since `mark`: rows
   * stored, resized, moved to another payer or removed, secondary index rows likewise, and the
   * table object, billed to whoever stored its first row and freed with its last.
   */
  ramDeltasSince(mark: number): Map<string, number> {
    const deltas = new Map<string, number>()
    const bill = (payer: bigint | string, bytes: number) => {
      const name = typeof payer === 'string' ? payer : valueToName(payer)
      deltas.set(name, (deltas.get(name) ?? 0) + bytes)
    }
    const rowsBefore = new Map<string, { key: RowKey; before?: VertKeyValueObject }>()
    const indexBefore = new Map<
      string,
      { kind: IndexKind; key: VertIndexObject<unknown>; before?: VertIndexObject<unknown> }
    >()
    for (const entry of this.#undoLog().slice(mark)) {
      switch (entry.constructor.name) {
        case 'CreateItemChange':
        case 'UpdateItemChange':
        case 'DeleteItemChange': {
          const key = entry.key as RowKey
          const id = key.toString('hex')
          if (!rowsBefore.has(id)) rowsBefore.set(id, { key, before: entry.value })
          break
        }
        case 'CreateSecondaryKeyChange':
        case 'UpdateSecondaryKeyChange':
        case 'DeleteSecondaryKeyChange': {
          const key = entry.key as VertIndexObject<unknown>
          const kind = this.#indexKind(entry.keystore)
          const id = `${kind}:${key.tableId}:${key.primaryKey}`
          const created = entry.constructor.name === 'CreateSecondaryKeyChange'
          if (!indexBefore.has(id))
            indexBefore.set(id, { kind, key, before: created ? undefined : key })
          break
        }
        case 'CreatePrefixChange':
        case 'DeletePrefixChange':
          break
        default:
          throw new Error(`unexpected entry in vert's undo log: ${entry.constructor.name}`)
      }
    }

    const tableChanges = new Map<number, { net: number; firstPayer?: bigint }>()
    const countRow = (tableId: number, change: -1 | 1, payer: bigint) => {
      const entry = tableChanges.get(tableId) ?? { net: 0 }
      entry.net += change
      if (change > 0) entry.firstPayer ??= payer
      tableChanges.set(tableId, entry)
    }
    for (const { key, before } of rowsBefore.values()) {
      const after = this.store.get(key)
      if (before) bill(before.payer, -(before.value.length + RAM_BYTES.row))
      if (after) bill(after.payer, after.value.length + RAM_BYTES.row)
      if (!before && after) countRow(after.tableId, 1, after.payer)
      if (before && !after) countRow(before.tableId, -1, before.payer)
    }
    for (const { kind, key, before } of indexBefore.values()) {
      const after = this.store[kind].get({ tableId: key.tableId, primaryKey: key.primaryKey })
      if (before) bill(before.payer, -RAM_BYTES[kind])
      if (after) bill(after.payer, RAM_BYTES[kind])
      if (!before && after) countRow(after.tableId, 1, after.payer)
      if (before && !after) countRow(before.tableId, -1, before.payer)
    }
    for (const [tableId, { net, firstPayer }] of tableChanges) {
      const count = this.#count(tableId)
      const rows = count.rows + net
      if (count.rows === 0 && rows > 0 && firstPayer !== undefined) {
        bill(firstPayer, RAM_BYTES.table)
        this.#pendingCounts.set(tableId, { rows, payer: valueToName(firstPayer) })
      } else if (count.rows > 0 && rows === 0) {
        bill(count.payer, -RAM_BYTES.table)
        this.#pendingCounts.set(tableId, { rows: 0, payer: '' })
      } else {
        this.#pendingCounts.set(tableId, { ...count, rows })
      }
    }
    for (const [payer, delta] of deltas) if (delta === 0) deltas.delete(payer)
    return deltas
  }

  #indexKind(keystore: unknown): IndexKind {
    const kind = INDEX_KINDS.find((candidate) => this.store[candidate] === keystore)
    if (!kind) throw new Error('a secondary index change names no index of the table store')
    return kind
  }

  /** The rows of one table in primary key order; none when the table holds none. */
  rows(code: string, scope: bigint, table: string): TableRow[] {
    return this.rowsBetween(code, scope, table, {
      lower: 0n,
      upper: MAX_KEY,
      limit: Number.POSITIVE_INFINITY,
    })
  }

  /**
   * Up to `limit` rows of one table whose primary keys lie from `lower` to `upper`, in key order
   * or, `reverse`, from the highest down: read from where the bound falls, as nodeos reads its
   * index, so that a page of a scope of thousands costs the page, not the scope.
   */
  rowsBetween(
    code: string,
    scope: bigint,
    table: string,
    range: { lower: bigint; upper: bigint; limit: number; reverse?: boolean },
  ): TableRow[] {
    const found = this.store.findTable(nameToValue(code), scope, nameToValue(table))
    if (!found) return []
    const { lower, upper, limit, reverse = false } = range
    const rows: TableRow[] = []
    let row = reverse ? (found.get(upper) ?? found.prev(upper)) : found.lowerbound(lower)
    while (row && rows.length < limit) {
      if (reverse ? row.primaryKey < lower : row.primaryKey > upper) break
      rows.push({ primaryKey: row.primaryKey, payer: valueToName(row.payer), value: row.value })
      row = reverse ? found.prev(row.primaryKey) : found.next(row.primaryKey)
    }
    return rows
  }

  /**
   * Row `primaryKey` of a table in whichever scope holds it, with that scope: AtomicAssets keeps
   * an asset in its owner's scope, and a page for the asset knows only its id.
   */
  findInAnyScope(
    code: string,
    table: string,
    primaryKey: bigint,
  ): { scope: string; row: TableRow } | undefined {
    const [codeValue, tableValue] = [nameToValue(code), nameToValue(table)]
    for (const prefixed of this.store.prefixesIndex.values()) {
      const found = prefixed as InstanceType<typeof Table>
      if (found.code !== codeValue || found.table !== tableValue) continue
      const row = found.get(primaryKey)
      if (!row) continue
      return {
        scope: valueToName(found.scope),
        row: { primaryKey, payer: valueToName(row.payer), value: row.value },
      }
    }
    return undefined
  }

  /** A 64-bit secondary index of a table (`indexTable` is its index table name), in key order. */
  secondaryKeys(
    code: string,
    scope: bigint,
    indexTable: bigint,
  ): { primaryKey: bigint; secondaryKey: bigint }[] {
    const found = this.store.findTable(nameToValue(code), scope, indexTable)
    if (!found) return []
    const keys: { primaryKey: bigint; secondaryKey: bigint }[] = []
    this.store.idx64.bySecondary.forRange(
      { tableId: found.id, secondaryKey: 0n, primaryKey: 0n },
      { tableId: found.id, secondaryKey: MAX_KEY, primaryKey: MAX_KEY },
      true,
      (_key, object) => {
        keys.push({ primaryKey: object.primaryKey, secondaryKey: object.secondaryKey })
      },
    )
    return keys
  }

  /** Replaces the data of an existing row, outside any transaction (the fork test hook). */
  rewriteRow(code: string, scope: string, table: string, primaryKey: bigint, value: Uint8Array) {
    const found = this.store.findTable(nameToValue(code), nameToValue(scope), nameToValue(table))
    const row = found?.get(primaryKey)
    if (!found || !row) throw new Error(`${code} has no row ${primaryKey} in ${scope}/${table}`)
    const replacement = row.clone()
    replacement.value = value
    found.set(primaryKey, replacement)
    this.#undoLog().length = 0
  }

  toSaved(): SavedTable[] {
    const saved = new Map<number, SavedTable>()
    const tableOf = (tableId: number) => {
      let entry = saved.get(tableId)
      if (!entry) {
        const table = this.store.getTableById(tableId)
        entry = {
          code: valueToName(table.code),
          scope: valueToName(table.scope),
          table: valueToName(table.table),
          payer: this.#count(tableId).payer,
          rows: [],
          indexes: [],
        }
        saved.set(tableId, entry)
      }
      return entry
    }
    for (const [id, prefixed] of this.store.prefixesIndex) {
      const table = prefixed as InstanceType<typeof Table>
      for (let row = table.lowerbound(0n); row; row = table.next(row.primaryKey)) {
        tableOf(id).rows.push([
          String(row.primaryKey),
          valueToName(row.payer),
          Buffer.from(row.value).toString('hex'),
        ])
      }
    }
    for (const kind of INDEX_KINDS) {
      for (const object of this.store[kind].byPrimary.valuesArray()) {
        const secondary = object.secondaryKey
        tableOf(object.tableId).indexes.push([
          kind,
          String(object.primaryKey),
          valueToName(object.payer),
          secondary instanceof Uint8Array
            ? Buffer.from(secondary).toString('hex')
            : typeof secondary === 'number'
              ? secondary
              : String(secondary),
        ])
      }
    }
    return [...saved.values()].filter((table) => table.rows.length + table.indexes.length > 0)
  }

  static fromSaved(saved: SavedTable[]): ContractTables {
    const tables = new ContractTables()
    const { store } = tables
    const payers = new Map<number, string>()
    for (const entry of saved) {
      const table = store.createTable(
        nameToValue(entry.code),
        nameToValue(entry.scope),
        nameToValue(entry.table),
        0n,
      )
      payers.set(table.id, entry.payer)
      for (const [primaryKey, payer, hex] of entry.rows) {
        table.set(
          BigInt(primaryKey),
          new KeyValueObject({
            tableId: table.id,
            primaryKey: BigInt(primaryKey),
            payer: nameToValue(payer),
            value: Uint8Array.from(Buffer.from(hex, 'hex')),
          }),
        )
      }
      for (const [kind, primaryKey, payer, secondary] of entry.indexes) {
        const secondaryKey =
          kind === 'idx256'
            ? Buffer.from(String(secondary), 'hex')
            : kind === 'idxDouble'
              ? Number(secondary)
              : BigInt(secondary)
        store[kind].set(
          undefined,
          new IndexObject<never>({
            tableId: table.id,
            primaryKey: BigInt(primaryKey),
            payer: nameToValue(payer),
            secondaryKey: secondaryKey as never,
          }),
        )
      }
    }
    // Counting the restored rows as if just stored rebuilds each table's count.
    tables.ramDeltasSince(0)
    for (const [id, count] of tables.#pendingCounts) {
      tables.#pendingCounts.set(id, { ...count, payer: payers.get(id) ?? count.payer })
    }
    tables.commit()
    return tables
  }
}
