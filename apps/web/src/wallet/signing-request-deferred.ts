import type * as Library from '@wharfkit/signing-request'
import type pakoModule from 'pako'
import { deferredBindingsFilledBy } from './signing-request-loader'

/*
 * The ESR code as the kit's shell imports it, deferring it: vite.config.ts resolves
 * @wharfkit/session's imports of '@wharfkit/signing-request' and 'pako', and @wharfkit/antelope's
 * of 'pako', here. They need that code only to build, read and send signing requests, which the
 * wallet list never does, so the shell goes without it: each binding below is empty until
 * signing-request.ts, fetched with the first wallet or session that needs it, hands over the real
 * code. They are live bindings, so the libraries, and every plugin importing these names from the
 * session, see the real ones from then on.
 */

export let AccountName: typeof Library.AccountName
export let Base64u: typeof Library.Base64u
export let ChainAlias: typeof Library.ChainAlias
export let ChainId: typeof Library.ChainId
export let ChainIdVariant: typeof Library.ChainIdVariant
export let ChainName: typeof Library.ChainName
export let IdentityProof: typeof Library.IdentityProof
export let IdentityV2: typeof Library.IdentityV2
export let IdentityV3: typeof Library.IdentityV3
export let InfoPair: typeof Library.InfoPair
export let PermissionName: typeof Library.PermissionName
export let PlaceholderAuth: typeof Library.PlaceholderAuth
export let PlaceholderName: typeof Library.PlaceholderName
export let PlaceholderPermission: typeof Library.PlaceholderPermission
export let ProtocolVersion: typeof Library.ProtocolVersion
export let RequestDataV2: typeof Library.RequestDataV2
export let RequestDataV3: typeof Library.RequestDataV3
export let RequestFlags: typeof Library.RequestFlags
export let RequestSignature: typeof Library.RequestSignature
export let RequestVariantV2: typeof Library.RequestVariantV2
export let RequestVariantV3: typeof Library.RequestVariantV3
export let ResolvedSigningRequest: typeof Library.ResolvedSigningRequest
export let SigningRequest: typeof Library.SigningRequest
/** pako, which the session and Antelope import as this module's default export */
let pako: typeof pakoModule

export { pako as default }

deferredBindingsFilledBy((code) => {
  ;({
    AccountName,
    Base64u,
    ChainAlias,
    ChainId,
    ChainIdVariant,
    ChainName,
    IdentityProof,
    IdentityV2,
    IdentityV3,
    InfoPair,
    PermissionName,
    PlaceholderAuth,
    PlaceholderName,
    PlaceholderPermission,
    ProtocolVersion,
    RequestDataV2,
    RequestDataV3,
    RequestFlags,
    RequestSignature,
    RequestVariantV2,
    RequestVariantV3,
    ResolvedSigningRequest,
    SigningRequest,
    pako,
  } = code)
})
