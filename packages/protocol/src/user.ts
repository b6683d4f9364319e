import { type Static, Type } from 'typebox'
import { ANTELOPE_NAME_PATTERN } from './names.ts'

/** A WAX account, in the chain's own spelling only (names.ts). */
export const WaxAccountSchema = Type.String({ pattern: ANTELOPE_NAME_PATTERN })

export const UserSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  waxAccount: Type.Union([WaxAccountSchema, Type.Null()]),
})
export type User = Static<typeof UserSchema>

export const UserResponseSchema = Type.Object({ user: UserSchema })
export type UserResponse = Static<typeof UserResponseSchema>

/** `GET /api/session`: the signed-in user, or null for a visitor who is signed out. */
export const SessionResponseSchema = Type.Object({ user: Type.Union([UserSchema, Type.Null()]) })
export type SessionResponse = Static<typeof SessionResponseSchema>

/**
 * `POST /api/session/welcome-claim`: whether this caller is the one to show 'Claim Complete!'.
 * true once per anonymous session, to the first tab that asks; false ever after.
 */
export const WelcomeClaimResponseSchema = Type.Object({ show: Type.Boolean() })
export type WelcomeClaimResponse = Static<typeof WelcomeClaimResponseSchema>
