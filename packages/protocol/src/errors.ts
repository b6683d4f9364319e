import { type Static, Type } from 'typebox'

/** Every refused request answers with this body and a 4xx or 5xx status. */
export const ErrorBodySchema = Type.Object({
  error: Type.Object({
    code: Type.String({ description: 'stable, for programs to branch on' }),
    message: Type.String({ description: 'for people; the spec’s exact text where it has one' }),
    field: Type.Optional(
      Type.String({
        description:
          'when the refusal concerns one property of the request body (a form field), its name',
      }),
    ),
  }),
})
export type ErrorBody = Static<typeof ErrorBodySchema>
