import { type Static, type TProperties, type TSchema, Type } from 'typebox'
import { ANTELOPE_NAME_PATTERN } from './names.ts'

const Name = Type.String({ pattern: ANTELOPE_NAME_PATTERN })

/** Every property a node of a rule tree may have, whatever its kind. */
const NODE_PROPERTIES = [
  'rule',
  'amount',
  'token',
  'contract',
  'collection',
  'schema',
  'template',
  'count',
  'name',
  'days',
  'all',
  'any',
]

/**
 * A node's object: its `properties`, and no other. The other kinds' properties are named too, as
 * never allowed: Fastify's validator removes a property an object schema does not name
 * (removeAdditional), even while it only tries one member of a union, which would strip a
 * holds-NFT condition's `collection` on trying the allowlist's schema before its own. Named,
 * they are refused by the wrong member and left for the right one.
 */
function nodeObject<P extends TProperties>(properties: P) {
  const schema = Type.Object(properties, { additionalProperties: false })
  const others = NODE_PROPERTIES.filter((key) => !Object.hasOwn(properties, key))
  for (const key of others) Object.assign(schema.properties, { [key]: Type.Never() })
  return schema
}

/**
 * A condition a campaign's claimants must meet, as a rule tree holds it, the claim page shows it
 * and a refusal names it: being on the campaign's allowlist (its accounts are kept apart, on the
 * server); holding at least `amount` of `token` issued by `contract`; holding at least `count`
 * (1 unless given) assets of `collection`, of its `schema` or its `template` when given (`name`,
 * the operator's words for those NFTs, is what visitors read instead of the ids: "Oak acorn");
 * an account at least `days` old.
 */
export const EligibilityRuleSchema = Type.Union([
  nodeObject({ rule: Type.Literal('allowlist') }),
  nodeObject({
    rule: Type.Literal('min_balance'),
    amount: Type.String({ pattern: '^[0-9]{1,20}(\\.[0-9]{1,18})?$' }),
    token: Type.String({ pattern: '^[A-Z]{1,7}$' }),
    contract: Name,
  }),
  nodeObject({
    rule: Type.Literal('holds_nft'),
    collection: Name,
    schema: Type.Optional(Name),
    template: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  }),
  nodeObject({
    rule: Type.Literal('min_account_age'),
    days: Type.Integer({ minimum: 1, maximum: 36_500 }),
  }),
])
export type EligibilityRule = Static<typeof EligibilityRuleSchema>

/** The most members one group of a rule tree holds. */
export const MAX_RULE_GROUP_SIZE = 10

/** The most conditions one rule tree holds, all its groups together. */
export const MAX_RULE_CONDITIONS = 20

/** A group of `member`s: every one of them must be met (`all`), or at least one (`any`). */
const groupOf = <T extends TSchema>(member: T) =>
  Type.Union([
    nodeObject({ all: Type.Array(member, { minItems: 1, maxItems: MAX_RULE_GROUP_SIZE }) }),
    nodeObject({ any: Type.Array(member, { minItems: 1, maxItems: MAX_RULE_GROUP_SIZE }) }),
  ])

/**
 * A campaign's rules as one tree: a group of conditions and groups, nested three groups deep at
 * most (written out level by level, so the schema itself bounds the depth and stays a plain
 * document for OpenAPI), e.g. `{"all": [{"rule": "allowlist"}, {"any": [<an NFT>, <a balance>]}]}`.
 * The server refuses a tree of more than MAX_RULE_CONDITIONS conditions.
 */
export const RuleTreeSchema = groupOf(
  Type.Union([
    EligibilityRuleSchema,
    groupOf(Type.Union([EligibilityRuleSchema, groupOf(EligibilityRuleSchema)])),
  ]),
)
export type RuleTree = Static<typeof RuleTreeSchema>

/** Any node of a rule tree: a condition, or a group (which a tree's own type takes at any depth). */
export const RuleNodeSchema = Type.Union([EligibilityRuleSchema, RuleTreeSchema])
export type RuleNode = Static<typeof RuleNodeSchema>

/**
 * A rule tree (or one of its nodes) where an HTTP schema carries one: an object, typed as the
 * tree, that the routes' compiled validators and serializers take as it is. RuleTreeSchema,
 * written out three groups deep in every route that carries a tree, made each server start spend
 * some 0.7 s more compiling them; the server checks every tree it is given in full, without
 * coercion (campaigns/rule-trees.ts, checkedRuleTree), and answers ADMIN_RULES_INVALID naming
 * the place.
 */
const carried = (description: string) =>
  Type.Object({}, { additionalProperties: true, description })
export const RuleTreeOnTheWireSchema = Type.Unsafe<RuleTree>(
  carried('A rule tree: {"all": [...]} or {"any": [...]} of conditions and groups (RuleTree).'),
)
export const RuleNodeOnTheWireSchema = Type.Unsafe<RuleNode>(
  carried('A condition ({"rule": ...}) or a group ({"all"|"any": [...]}) of a rule tree.'),
)

/** The members of a group, or undefined for a condition. */
export function groupMembers(node: RuleNode): readonly RuleNode[] | undefined {
  if ('all' in node) return node.all
  if ('any' in node) return node.any
  return undefined
}

/** Every condition of a tree, in the order it is written. */
export function conditionsOf(node: RuleNode): EligibilityRule[] {
  const members = groupMembers(node)
  return members ? members.flatMap(conditionsOf) : [node as EligibilityRule]
}

/**
 * A claim of a campaign that counts each NFT once (`not_eligible`): every asset of its first
 * holds-NFT condition (`collection`, of `schema` or `template` when given) the wallet holds has
 * qualified a claim of the campaign, or of its group, already, whoever held it then.
 */
export const OncePerAssetRefusalSchema = Type.Object({
  rule: Type.Literal('once_per_asset'),
  collection: Type.String(),
  schema: Type.Optional(Type.String()),
  template: Type.Optional(Type.Integer()),
  count: Type.Optional(Type.Integer()),
  name: Type.Optional(Type.String()),
})
export type OncePerAssetRefusal = Static<typeof OncePerAssetRefusalSchema>

/** The periods a per-wallet limit counts over. */
export const WalletLimitPeriodSchema = Type.Union([
  Type.Literal('hour'),
  Type.Literal('day'),
  Type.Literal('week'),
])
export type WalletLimitPeriod = Static<typeof WalletLimitPeriodSchema>

/** At most `claims` claims per wallet in any `period`, across the campaigns of `group`. */
export const WalletLimitSchema = Type.Object({
  group: Type.String(),
  claims: Type.Integer({ minimum: 1 }),
  period: WalletLimitPeriodSchema,
})
export type WalletLimit = Static<typeof WalletLimitSchema>

/**
 * Who may claim a campaign and how often: what its claim page shows before the visitor enters,
 * its rule tree (null without one) and its group's per-wallet limit.
 */
export const ClaimRulesSchema = Type.Object({
  eligibility: Type.Union([RuleTreeOnTheWireSchema, Type.Null()]),
  walletLimit: Type.Union([WalletLimitSchema, Type.Null()]),
})
export type ClaimRules = Static<typeof ClaimRulesSchema>
