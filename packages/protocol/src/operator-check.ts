import { type Static, Type } from 'typebox'

/** The longest reason of an operator's check a visitor is shown, in characters. */
export const OPERATOR_REASON_MAX_LENGTH = 200

/**
 * A claim the campaign's operator turned down through their own check endpoint (`not_eligible`):
 * the reason their endpoint gave, when it gave one, as plain text (control characters removed,
 * cut to OPERATOR_REASON_MAX_LENGTH); clients show it as text, never as markup.
 */
export const OperatorCheckRefusalSchema = Type.Object({
  rule: Type.Literal('operator_check'),
  reason: Type.Optional(Type.String({ maxLength: OPERATOR_REASON_MAX_LENGTH })),
})
export type OperatorCheckRefusal = Static<typeof OperatorCheckRefusalSchema>
