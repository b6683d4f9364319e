import {
  conditionsOf,
  type EligibilityRule,
  EligibilityRuleSchema,
  groupMembers,
  MAX_RULE_CONDITIONS,
  MAX_RULE_GROUP_SIZE,
  type RuleNode,
  type RuleTree,
  RuleTreeSchema,
} from '@fernwood/protocol'
import { Value } from 'typebox/value'
import { EligibilityRuleInvalid } from './eligibility.ts'

/** A kind of condition, as the single-rule flags each write one. */
export type RuleKind = EligibilityRule['rule']

/**
 * `tree` as a rule tree a campaign may hold, checked without coercion (the CLI's file and the
 * API's body alike): its shape and bounds, or EligibilityRuleInvalid naming the first problem.
 */
export function checkedRuleTree(tree: unknown): RuleTree {
  if (!Value.Check(RuleTreeSchema, tree)) {
    throw new EligibilityRuleInvalid(problemOf(tree, '', 1) ?? 'not a group of conditions')
  }
  const conditions = conditionsOf(tree).length
  if (conditions > MAX_RULE_CONDITIONS) {
    throw new EligibilityRuleInvalid(`${conditions} conditions, more than ${MAX_RULE_CONDITIONS}`)
  }
  return tree
}

const GROUP_DEPTH = 3

/**
 * What is wrong with a node at `path` (e.g. '/all/0'), `depth` groups deep: said of the node's
 * own kind, where the schema's errors would list every kind of condition it is not.
 */
function problemOf(node: unknown, path: string, depth: number): string | undefined {
  const where = path || 'the tree'
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    return `${where}: not a condition or a group`
  }
  const keys = Object.keys(node)
  if ('all' in node || 'any' in node) {
    if (depth > GROUP_DEPTH) return `${where}: groups nested more than ${GROUP_DEPTH} deep`
    if (keys.length !== 1) return `${where}: a group holds "all" or "any", and nothing else`
    const [kind] = keys
    const members = (node as Record<string, unknown>)[kind]
    if (!Array.isArray(members) || members.length < 1 || members.length > MAX_RULE_GROUP_SIZE) {
      return `${path}/${kind}: a list of 1 to ${MAX_RULE_GROUP_SIZE} conditions and groups`
    }
    for (const [index, member] of members.entries()) {
      const problem = problemOf(member, `${path}/${kind}/${index}`, depth + 1)
      if (problem) return problem
    }
    return undefined
  }
  if (depth === 1) return `${where}: an "all" or "any" group`
  const schema = EligibilityRuleSchema.anyOf.find(
    (each) => each.properties.rule.const === (node as { rule?: unknown }).rule,
  )
  if (!schema) {
    return `${path}/rule: one of ${EligibilityRuleSchema.anyOf.map((each) => each.properties.rule.const).join(', ')}`
  }
  const [error] = Value.Errors(schema, node)
  if (!error) return undefined
  const misplaced = error.keyword === 'not' || error.keyword === 'boolean'
  return `${path}${error.instancePath}: ${misplaced ? `not a property of ${schema.properties.rule.const}` : error.message}`
}

/**
 * The single-rule flags' way into a tree: `condition` replaces the conditions of its kind among
 * the members of the tree's top-level `all` group, or joins them. A tree whose top is an `any`
 * group becomes one member of a new `all` group beside it: a flag always adds a condition every
 * claim must meet.
 */
export function withTopLevel(tree: RuleTree | null, condition: EligibilityRule): RuleTree {
  if (tree === null) return { all: [condition] }
  // A group one level deeper than the schema's at worst: finishedTree checks the tree again.
  if (!('all' in tree)) return { all: [tree, condition] } as RuleTree
  const others = tree.all.filter((member) => !isKind(member, condition.rule))
  const at = tree.all.findIndex((member) => isKind(member, condition.rule))
  const all = [...others]
  all.splice(at < 0 ? all.length : at, 0, condition)
  return { all }
}

/**
 * `tree` without any condition of `kind`, wherever it stands (a flag given as `none`); a group
 * left empty goes too, and a tree left empty is none.
 */
export function withoutKind(tree: RuleTree | null, kind: RuleKind): RuleTree | null {
  if (tree === null) return null
  return (pruned(tree, kind) as RuleTree | undefined) ?? null
}

function pruned(node: RuleNode, kind: RuleKind): RuleNode | undefined {
  const members = groupMembers(node)
  if (!members) return isKind(node, kind) ? undefined : node
  const kept = members.flatMap((member) => pruned(member, kind) ?? [])
  if (kept.length === 0) return undefined
  return ('all' in node ? { all: kept } : { any: kept }) as RuleNode
}

/** The tree's top-level `all` condition of `kind`, as the single-rule flags write it back. */
export function topLevel<K extends RuleKind>(
  tree: RuleTree | null,
  kind: K,
): Extract<EligibilityRule, { rule: K }> | undefined {
  if (tree === null || !('all' in tree)) return undefined
  return tree.all.find((member): member is Extract<EligibilityRule, { rule: K }> =>
    isKind(member, kind),
  )
}

/** Whether the tree asks for a condition of `kind` anywhere. */
export function asksFor(tree: RuleTree | null, kind: RuleKind): boolean {
  return tree !== null && conditionsOf(tree).some((each) => each.rule === kind)
}

/**
 * Whether no wallet meets the tree without meeting one of its holds-NFT conditions: what one
 * claim per NFT needs, as each claim takes one asset of those conditions.
 */
export function needsAnNft(tree: RuleTree | null): boolean {
  return tree !== null && !metWithoutNfts(tree)
}

function metWithoutNfts(node: RuleNode): boolean {
  const members = groupMembers(node)
  if (!members) return !isKind(node, 'holds_nft')
  return 'all' in node ? members.every(metWithoutNfts) : members.some(metWithoutNfts)
}

function isKind(node: RuleNode, kind: RuleKind): boolean {
  return 'rule' in node && node.rule === kind
}
