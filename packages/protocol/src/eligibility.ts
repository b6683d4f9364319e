import { type Static, Type } from 'typebox'

/**
 * A rule a campaign's claimants must meet, as the claim page shows it and a refusal names it:
 * being on its allowlist, holding at least `amount` of `token` (issued by `contract`), holding
 * an NFT of `collection` (of `template` when given), an account at least `days` old.
 */
export const EligibilityRuleSchema = Type.Union([
  Type.Object({ rule: Type.Literal('allowlist') }),
  Type.Object({
    rule: Type.Literal('min_balance'),
    amount: Type.String(),
    token: Type.String(),
    contract: Type.String(),
  }),
  Type.Object({
    rule: Type.Literal('holds_nft'),
    collection: Type.String(),
    template: Type.Optional(Type.Integer()),
  }),
  Type.Object({ rule: Type.Literal('min_account_age'), days: Type.Integer() }),
])
export type EligibilityRule = Static<typeof EligibilityRuleSchema>

/**
 * A claim of a campaign that counts each NFT once (`not_eligible`): every asset of its holds-NFT
 * rule (`collection`, of `template` when given) the wallet holds has qualified a claim of the
 * campaign, or of its group, already, whoever held it then.
 */
export const OncePerAssetRefusalSchema = Type.Object({
  rule: Type.Literal('once_per_asset'),
  collection: Type.String(),
  template: Type.Optional(Type.Integer()),
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

/** Who may claim a campaign and how often: what its claim page shows before the visitor enters. */
export const ClaimRulesSchema = Type.Object({
  eligibility: Type.Array(EligibilityRuleSchema),
  walletLimit: Type.Union([WalletLimitSchema, Type.Null()]),
})
export type ClaimRules = Static<typeof ClaimRulesSchema>
