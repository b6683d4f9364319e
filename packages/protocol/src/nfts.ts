import { type Static, Type } from 'typebox'
import { ANTELOPE_NAME_PATTERN } from './names.ts'

/**
 * An AtomicAssets template a campaign mints: its collection, schema, template id, and the
 * template's immutable name and `img`. The image is shown from the public config's `ipfsGateway`
 * followed by `/` and the img (an IPFS hash on WAX, a path on the devchain), or the img itself
 * when it is a URL.
 */
export const NftTemplateSchema = Type.Object({
  collection: Type.String({ pattern: ANTELOPE_NAME_PATTERN }),
  schema: Type.String({ pattern: ANTELOPE_NAME_PATTERN }),
  templateId: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  image: Type.String(),
})
export type NftTemplate = Static<typeof NftTemplateSchema>

/**
 * An NFT paid: its template and the asset minted. `assetId` is null only when the owner sent the
 * asset on before the mint was final, so that the server could not see which it was.
 */
export const PaidNftSchema = Type.Object({
  assetId: Type.Union([Type.String({ pattern: '^[0-9]{1,20}$' }), Type.Null()]),
  ...NftTemplateSchema.properties,
})
export type PaidNft = Static<typeof PaidNftSchema>
