import type { RuleTree } from '@fernwood/protocol'
import { describe, expect, it } from 'vitest'
import { EligibilityRuleInvalid } from './eligibility.ts'
import { checkedRuleTree, needsAnNft, topLevel, withoutKind, withTopLevel } from './rule-trees.ts'

const age = (days: number) => ({ rule: 'min_account_age' as const, days })
const acorn = { rule: 'holds_nft' as const, collection: 'fernwoodnfts', template: 1 }
const fern = {
  rule: 'min_balance' as const,
  amount: '1.0000',
  token: 'FERN',
  contract: 'fern.token',
}

describe('rule trees as the server keeps them', () => {
  it('takes groups nested three deep, and refuses a fourth, a crowd of conditions, or a stray property', () => {
    const deep: RuleTree = { all: [{ any: [{ all: [age(1)] }] }] }
    expect(checkedRuleTree(deep)).toEqual(deep)
    expect(() => checkedRuleTree({ all: [{ any: [{ all: [{ any: [age(1)] }] }] }] })).toThrow(
      EligibilityRuleInvalid,
    )
    const crowd = { any: [1, 2, 3].map(() => ({ all: Array.from({ length: 7 }, () => age(1)) })) }
    expect(() => checkedRuleTree(crowd)).toThrow('21 conditions, more than 20')
    expect(() => checkedRuleTree({ all: [{ ...age(1), note: 'x' }] })).toThrow(
      EligibilityRuleInvalid,
    )
    expect(() => checkedRuleTree({ all: [] })).toThrow(EligibilityRuleInvalid)
    expect(() => checkedRuleTree({ all: [age(1)], any: [age(2)] })).toThrow(EligibilityRuleInvalid)
  })

  it('a single-rule flag replaces its kind at the top, or joins it, or stands beside an any group', () => {
    expect(withTopLevel(null, age(7))).toEqual({ all: [age(7)] })
    expect(withTopLevel({ all: [fern, age(1), { any: [age(3)] }] }, age(7))).toEqual({
      all: [fern, age(7), { any: [age(3)] }],
    })
    expect(withTopLevel({ all: [fern] }, acorn)).toEqual({ all: [fern, acorn] })
    expect(withTopLevel({ any: [fern, acorn] }, age(7))).toEqual({
      all: [{ any: [fern, acorn] }, age(7)],
    })
    expect(topLevel({ any: [fern] }, 'min_balance')).toBeUndefined()
    expect(topLevel({ all: [acorn, fern] }, 'min_balance')).toEqual(fern)
  })

  it('none takes every condition of its kind away, and the groups it empties', () => {
    const tree: RuleTree = { all: [fern, { any: [acorn, { all: [acorn] }] }, age(1)] }
    expect(withoutKind(tree, 'holds_nft')).toEqual({ all: [fern, age(1)] })
    expect(withoutKind({ all: [acorn] }, 'holds_nft')).toBeNull()
    expect(withoutKind(null, 'holds_nft')).toBeNull()
  })

  it('one claim per NFT needs a tree no wallet meets without one of its NFT conditions', () => {
    expect(needsAnNft({ all: [acorn, fern] })).toBe(true)
    expect(needsAnNft({ any: [acorn, { all: [acorn, fern] }] })).toBe(true)
    expect(needsAnNft({ any: [acorn, fern] })).toBe(false)
    expect(needsAnNft({ all: [fern] })).toBe(false)
    expect(needsAnNft(null)).toBe(false)
  })
})
