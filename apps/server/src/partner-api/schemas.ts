import { ANTELOPE_NAME_PATTERN, ClaimPreviewSchema, RejectionSchema } from '@fernwood/protocol'
import { type Static, Type } from 'typebox'

/** The partner API's requests and answers (`/api/v1`), as its OpenAPI document shows them. */

const CampaignSlug = Type.String({ pattern: '^[a-z0-9-]{1,64}$', description: 'a campaign’s slug' })

export const IdempotentHeadersSchema = Type.Object({
  'idempotency-key': Type.String({
    minLength: 1,
    maxLength: 255,
    description:
      'chosen by the client (a UUID, say); a retry with the same key and body gets the first answer again, with Idempotent-Replayed: true',
  }),
})

export const GrantRequestSchema = Type.Object(
  {
    campaign: CampaignSlug,
    account: Type.String({
      pattern: ANTELOPE_NAME_PATTERN,
      description: 'the WAX account, as the chain spells it',
    }),
    reference: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'the partner’s own reference (an order, a quest), to find the grant by',
      }),
    ),
  },
  { additionalProperties: false },
)
export type GrantRequest = Static<typeof GrantRequestSchema>

export const GrantStatusSchema = Type.Enum(
  ['pending', 'processing', 'confirming', 'completed', 'rejected'],
  {
    description:
      'pending: waiting for a worker; processing: being paid; confirming: on chain, not yet irreversible; completed: paid for good; rejected: refused by the catalogue when paid (see rejection)',
  },
)

export const GrantSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  campaign: Type.String(),
  account: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  status: GrantStatusSchema,
  rejection: Type.Optional(RejectionSchema),
  /** what it pays: a token amount, or null for an NFT (then `nft`) */
  reward: Type.Union([Type.Object({ amount: Type.String(), token: Type.String() }), Type.Null()]),
  nft: ClaimPreviewSchema.properties.nft,
  transactionId: Type.Union([Type.String({ pattern: '^[0-9a-f]{64}$' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type Grant = Static<typeof GrantSchema>

export const GrantResponseSchema = Type.Object({ grant: GrantSchema })

export const GrantParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) })

export const GrantListQuerySchema = Type.Object(
  {
    reference: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    cursor: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,200}$' })),
    limit: Type.Optional(
      Type.String({ pattern: '^(100|[1-9][0-9]?)$', description: '1 to 100, 50 by default' }),
    ),
  },
  { additionalProperties: false },
)

export const GrantListResponseSchema = Type.Object({
  grants: Type.Array(GrantSchema),
  /** where the next page starts; null on the last */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
})

export const ClaimLinksRequestSchema = Type.Object(
  {
    campaign: CampaignSlug,
    count: Type.Integer({ minimum: 1, maximum: 1000 }),
    expiresAt: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'after this the codes pay nothing; the campaign’s own end otherwise',
      }),
    ),
  },
  { additionalProperties: false },
)
export type ClaimLinksRequest = Static<typeof ClaimLinksRequestSchema>

export const ClaimLinksResponseSchema = Type.Object({
  campaign: Type.String(),
  links: Type.Array(Type.Object({ code: Type.String(), url: Type.String({ format: 'uri' }) })),
})
