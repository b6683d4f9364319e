/**
 * Antelope names (accounts, permissions, contracts, collections) as the chain spells them. The
 * chain packs a name into 64 bits where '.' is zero, so trailing dots vanish: 'alice.wam',
 * 'alice.wam.' and 'alice.wam..' are one account. Only the chain's own spelling is accepted (at
 * most 12 characters, no trailing dot), so one account is never stored, compared, limited or
 * allowed under two spellings. Kept free of TypeBox: the login screen's bundle imports it.
 */
export const ANTELOPE_NAME = '[a-z1-5.]{0,11}[a-z1-5]'

/** The pattern of a whole field holding one name, for schemas and settings. */
export const ANTELOPE_NAME_PATTERN = `^${ANTELOPE_NAME}$`

const NAME = new RegExp(ANTELOPE_NAME_PATTERN)

/** Whether `text` is an Antelope name in the chain's spelling. */
export function isAntelopeName(text: string): boolean {
  return NAME.test(text)
}
