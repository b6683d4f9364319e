import type { EligibilityRule, RuleNode, RuleTree } from '@fernwood/protocol'
import { ANTELOPE_NAME } from '@fernwood/protocol/names'

/** A condition as the console's builder edits it: written as the CLI's flags write it. */
export type RuleRow =
  | { kind: 'allowlist' }
  /** '100.0000 FERN@fern.token' */
  | { kind: 'min_balance'; balance: string }
  /** `nft`: 'fernwoodnfts', 'fernwoodnfts:1' (a template) or 'fernwoodnfts/treasures' (a schema) */
  | { kind: 'holds_nft'; nft: string; count: string; name: string }
  | { kind: 'min_account_age'; days: string }
  /** a group within the group, kept as it is: the builder edits one group */
  | { kind: 'group'; node: RuleNode }

export type RuleRowKind = RuleRow['kind']

/** The builder's one group: whether a claim must meet all its rows or any of them. */
export interface RuleGroupDraft {
  match: 'all' | 'any'
  rows: RuleRow[]
}

/** A new row of `kind`, empty. */
export function emptyRow(kind: Exclude<RuleRowKind, 'group'>): RuleRow {
  switch (kind) {
    case 'allowlist':
      return { kind }
    case 'min_balance':
      return { kind, balance: '' }
    case 'holds_nft':
      return { kind, nft: '', count: '', name: '' }
    case 'min_account_age':
      return { kind, days: '' }
  }
}

/** A campaign's tree as the builder shows it. */
export function groupDraftOf(tree: RuleTree | null): RuleGroupDraft {
  if (!tree) return { match: 'all', rows: [] }
  const [match, members] =
    'all' in tree ? (['all', tree.all] as const) : (['any', tree.any] as const)
  return { match, rows: members.map(rowOf) }
}

function rowOf(node: RuleNode): RuleRow {
  if (!('rule' in node)) return { kind: 'group', node }
  switch (node.rule) {
    case 'allowlist':
      return { kind: 'allowlist' }
    case 'min_balance':
      return { kind: 'min_balance', balance: `${node.amount} ${node.token}@${node.contract}` }
    case 'holds_nft':
      return {
        kind: 'holds_nft',
        nft:
          node.template !== undefined
            ? `${node.collection}:${node.template}`
            : node.schema !== undefined
              ? `${node.collection}/${node.schema}`
              : node.collection,
        count: node.count === undefined ? '' : String(node.count),
        name: node.name ?? '',
      }
    case 'min_account_age':
      return { kind: 'min_account_age', days: String(node.days) }
  }
}

const BALANCE = new RegExp(`^([0-9]{1,20}(?:\\.[0-9]{1,18})?) ([A-Z]{1,7})@(${ANTELOPE_NAME})$`)
const NFT = new RegExp(`^(${ANTELOPE_NAME})(?::([0-9]{1,9})|/(${ANTELOPE_NAME}))?$`)
const wholeIn = (text: string, max: number) =>
  /^[0-9]{1,6}$/.test(text) && Number(text) >= 1 && Number(text) <= max

/** The condition a row writes, or undefined when it is not written as the server takes it. */
function conditionOf(row: Exclude<RuleRow, { kind: 'group' }>): EligibilityRule | undefined {
  switch (row.kind) {
    case 'allowlist':
      return { rule: 'allowlist' }
    case 'min_balance': {
      const [, amount, token, contract] = BALANCE.exec(row.balance.trim()) ?? []
      return contract ? { rule: 'min_balance', amount, token, contract } : undefined
    }
    case 'holds_nft': {
      const [, collection, template, schema] = NFT.exec(row.nft.trim()) ?? []
      const count = row.count.trim()
      const name = row.name.trim()
      if (!collection || (count !== '' && !wholeIn(count, 1000)) || name.length > 64) return
      return {
        rule: 'holds_nft',
        collection,
        ...(template !== undefined && { template: Number(template) }),
        ...(schema !== undefined && { schema }),
        ...(count !== '' && { count: Number(count) }),
        ...(name !== '' && { name }),
      }
    }
    case 'min_account_age':
      return wholeIn(row.days.trim(), 36_500)
        ? { rule: 'min_account_age', days: Number(row.days.trim()) }
        : undefined
  }
}

/**
 * The tree the builder's group writes (null without rows), or the rows written wrong, by index,
 * each to be told beside its own field.
 */
export function treeOfDraft(draft: RuleGroupDraft): { tree: RuleTree | null; wrong: number[] } {
  const wrong: number[] = []
  const members = draft.rows.map((row, index) => {
    if (row.kind === 'group') return row.node
    const condition = conditionOf(row)
    if (!condition) wrong.push(index)
    return condition
  })
  if (members.length === 0 || wrong.length > 0) return { tree: null, wrong }
  // Nested groups come from a tree the server took, so the group stays within its bounds.
  const tree = (draft.match === 'all' ? { all: members } : { any: members }) as RuleTree
  return { tree, wrong }
}

/** Whether the draft asks for an NFT a wallet must hold: one claim per NFT counts those. */
export const asksForNfts = (draft: RuleGroupDraft) =>
  draft.rows.some(
    (row) =>
      row.kind === 'holds_nft' ||
      (row.kind === 'group' && JSON.stringify(row.node).includes('"holds_nft"')),
  )
