import { createHash } from 'node:crypto'
import { BLOCK_SLOT_MS } from './time'

export interface Block {
  num: number
  id: string
  previous: string
  timestampMs: number
  transactionIds: string[]
  transactionMroot: string
}

/**
 * One hour of blocks at the default interval: a transaction cannot live longer than that
 * (see MAX_TRANSACTION_LIFETIME_SECONDS), so older blocks are never needed for TAPOS.
 */
const RETAINED_BLOCKS = 7200
const ZERO_ID = '0'.repeat(64)

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

/** Real block ids carry the block number big-endian in their first four bytes. */
function blockIdFor(num: number, digest: string): string {
  return num.toString(16).padStart(8, '0') + digest.slice(8)
}

/** TAPOS reads the 32-bit little-endian word at bytes 8..12 of the block id. */
export function refBlockPrefixOf(blockId: string): number {
  const bytes = Buffer.from(blockId.slice(16, 24), 'hex')
  return bytes.readUInt32LE(0)
}

export class BlockLog {
  private readonly blocks: Block[]

  /**
   * @param irreversibleLag how many blocks the last irreversible block trails the head: a
   * transaction stays reversible (and can still be lost) that long after its block.
   */
  constructor(
    restored: Block[],
    nowMs: number,
    private readonly irreversibleLag: number,
  ) {
    const genesisTime = Math.floor(nowMs / BLOCK_SLOT_MS) * BLOCK_SLOT_MS
    this.blocks =
      restored.length > 0 ? [...restored] : [this.makeBlock(1, ZERO_ID, genesisTime, [])]
  }

  get head(): Block {
    return this.blocks[this.blocks.length - 1]
  }

  get oldest(): Block {
    return this.blocks[0]
  }

  get lastIrreversible(): Block {
    return (
      this.byNum(Math.max(this.head.num - this.irreversibleLag, this.blocks[0].num)) ??
      this.blocks[0]
    )
  }

  isIrreversible(num: number): boolean {
    return num <= this.lastIrreversible.num
  }

  /** The time of the block being built, against which transactions are validated. */
  get pendingBlockTimeMs(): number {
    return this.head.timestampMs + BLOCK_SLOT_MS
  }

  get pendingBlockNum(): number {
    return this.head.num + 1
  }

  produce(nowMs: number, transactionIds: string[]): Block {
    const slot = Math.floor(nowMs / BLOCK_SLOT_MS) * BLOCK_SLOT_MS
    const timestampMs = Math.max(slot, this.pendingBlockTimeMs)
    const block = this.makeBlock(this.head.num + 1, this.head.id, timestampMs, transactionIds)
    this.blocks.push(block)
    if (this.blocks.length > RETAINED_BLOCKS) this.blocks.shift()
    return block
  }

  byNum(num: number): Block | undefined {
    const index = num - this.blocks[0].num
    return index >= 0 && index < this.blocks.length ? this.blocks[index] : undefined
  }

  byId(id: string): Block | undefined {
    const block = this.byNum(Number.parseInt(id.slice(0, 8), 16))
    return block?.id === id ? block : undefined
  }

  /** Whether a transaction's TAPOS fields name one of the retained blocks. */
  matchesTapos(refBlockNum: number, refBlockPrefix: number): boolean {
    for (let index = this.blocks.length - 1; index >= 0; index--) {
      const block = this.blocks[index]
      if ((block.num & 0xffff) === refBlockNum) {
        return refBlockPrefixOf(block.id) === refBlockPrefix
      }
    }
    return false
  }

  /** The newest `count` blocks, enough for transactions signed just before a restart. */
  recent(count: number): Block[] {
    return this.blocks.slice(-count)
  }

  private makeBlock(
    num: number,
    previous: string,
    timestampMs: number,
    transactionIds: string[],
  ): Block {
    const transactionMroot =
      transactionIds.length === 0 ? ZERO_ID : sha256Hex(transactionIds.join(''))
    const digest = sha256Hex(`${previous}${timestampMs}${num}${transactionMroot}`)
    return {
      num,
      id: blockIdFor(num, digest),
      previous,
      timestampMs,
      transactionIds,
      transactionMroot,
    }
  }
}
