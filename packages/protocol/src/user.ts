import { type Static, Type } from 'typebox'

export const WaxAccountSchema = Type.String({ pattern: '^[a-z1-5.]{1,12}$' })

export const UserSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  waxAccount: Type.Union([WaxAccountSchema, Type.Null()]),
})
export type User = Static<typeof UserSchema>

export const UserResponseSchema = Type.Object({ user: UserSchema })
export type UserResponse = Static<typeof UserResponseSchema>
