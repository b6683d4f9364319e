import type { RuleTree } from '@fernwood/protocol'
import { describe, expect, it } from 'vitest'
import { asksForNfts, emptyRow, groupDraftOf, treeOfDraft } from './rule-rows'

const tree: RuleTree = {
  any: [
    { rule: 'min_balance', amount: '100.0000', token: 'FERN', contract: 'fern.token' },
    { rule: 'holds_nft', collection: 'fernwoodnfts', template: 1, count: 2, name: 'Oak acorn' },
    { rule: 'holds_nft', collection: 'fernwoodnfts', schema: 'treasures' },
    { all: [{ rule: 'allowlist' }, { rule: 'min_account_age', days: 30 }] },
  ],
}

describe("the console's builder of a group of conditions", () => {
  it('shows a tree as rows written as the CLI writes them, and writes the same tree back', () => {
    const draft = groupDraftOf(tree)
    expect(draft.match).toBe('any')
    expect(draft.rows.slice(0, 3)).toEqual([
      { kind: 'min_balance', balance: '100.0000 FERN@fern.token' },
      { kind: 'holds_nft', nft: 'fernwoodnfts:1', count: '2', name: 'Oak acorn' },
      { kind: 'holds_nft', nft: 'fernwoodnfts/treasures', count: '', name: '' },
    ])
    expect(draft.rows[3]).toEqual({ kind: 'group', node: tree.any[3] })
    expect(treeOfDraft(draft)).toEqual({ tree, wrong: [] })
    expect(asksForNfts(draft)).toBe(true)
  })

  it('names each row written wrong, and writes no tree for none', () => {
    const draft = {
      match: 'all' as const,
      rows: [
        { kind: 'min_balance' as const, balance: '10 FERN' },
        emptyRow('allowlist'),
        { kind: 'holds_nft' as const, nft: 'Fern Woods', count: '', name: '' },
        { kind: 'holds_nft' as const, nft: 'fernwoodnfts', count: '0', name: '' },
        { kind: 'min_account_age' as const, days: '1.5' },
      ],
    }
    expect(treeOfDraft(draft)).toEqual({ tree: null, wrong: [0, 2, 3, 4] })
    expect(treeOfDraft({ match: 'all', rows: [] })).toEqual({ tree: null, wrong: [] })
    expect(asksForNfts({ match: 'all', rows: [emptyRow('allowlist')] })).toBe(false)
  })
})
