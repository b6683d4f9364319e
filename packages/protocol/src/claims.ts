import { type Static, Type } from 'typebox'
import { ClaimRulesSchema } from './eligibility.ts'
import { NftTemplateSchema } from './nfts.ts'

/**
 * `GET /api/claims/{code}`: the code as a claim link (`/c/{code}`) carries it, before the server
 * normalises it. The router refuses a longer one (414) before this is read.
 */
export const ClaimPreviewParamsSchema = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
)
export type ClaimPreviewParams = Static<typeof ClaimPreviewParamsSchema>

/**
 * Whether a claim can pay now: `open`, or why not yet or no longer (the catalogue's rejection of
 * the same name, which clients word as they word a rejected code).
 */
export const ClaimStateSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('not_started'),
  Type.Literal('ended'),
  Type.Literal('fully_claimed'),
])
export type ClaimState = Static<typeof ClaimStateSchema>

/**
 * What a claim link pays, readable signed out, as its page shows it: the campaign's name, the
 * reward (e.g. amount '10.0000', token 'FERN'), the window it pays in (null where open-ended),
 * its state, what is left, and who may claim it when it has rules. Nothing else: an unused
 * unique code is worth money, so the preview tells no more than the page a holder of the link
 * sees. Unknown codes and used-up unique ones answer 404 alike.
 */
export const ClaimPreviewSchema = Type.Object({
  campaign: Type.String(),
  /** what a token campaign pays; an NFT campaign has `nft` instead */
  reward: Type.Optional(Type.Object({ amount: Type.String(), token: Type.String() })),
  /** the NFT an NFT campaign mints, shown before the visitor enters */
  nft: Type.Optional(NftTemplateSchema),
  startsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  state: ClaimStateSchema,
  /**
   * How many more claims its cap and budget allow, the smaller of the two (a shared campaign's
   * cap can still fill before the visitor claims); null when it has neither
   */
  remaining: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** who may claim and how often, when the campaign sets any rule */
  rules: Type.Optional(ClaimRulesSchema),
})
export type ClaimPreview = Static<typeof ClaimPreviewSchema>
