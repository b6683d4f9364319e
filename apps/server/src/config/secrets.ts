import { inspect } from 'node:util'

/** What a message shows in place of a secret. */
export const HIDDEN = '[redacted]'

/**
 * The parts of a secret setting's value that must never be shown. A URL's are its password, in
 * its user information or a `password` parameter, so that an operator still sees which server
 * and user a bad DATABASE_URL names; anything else is secret whole. A URL that does not parse
 * (the very one an error message is about) is read loosely, hiding too much rather than too little.
 */
export function secretPartsOf(value: string): string[] {
  const url = /^[a-z][a-z0-9+.-]*:\/\/(.*)$/is.exec(value)
  if (!url) return [value]
  const rest = url[1]
  const userInfo = rest.slice(0, Math.max(rest.lastIndexOf('@'), 0))
  const passwords = [...rest.matchAll(/password=([^&#]*)/gi)].map(([, password]) => password)
  if (userInfo.includes(':')) passwords.push(userInfo.slice(userInfo.indexOf(':') + 1))
  return passwords.filter((password) => password !== '')
}

/**
 * `text` with every secret part of `values` (see `secretPartsOf`) hidden: as written, decoded
 * from a URL, and escaped as a JSON or an inspected string would quote it.
 */
export function hideSecrets(text: string, values: ReadonlyArray<string | undefined>): string {
  const forms = new Set<string>()
  for (const part of values.flatMap((value) => (value ? secretPartsOf(value) : []))) {
    for (const form of [part, decoded(part)]) {
      forms.add(form)
      forms.add(JSON.stringify(form).slice(1, -1))
      forms.add(inspect(form).slice(1, -1))
    }
  }
  // Longest first, so that no shorter secret splits a longer one it is part of.
  const longestFirst = [...forms].filter(Boolean).sort((a, b) => b.length - a.length)
  return longestFirst.reduce((shown, secret) => shown.replaceAll(secret, HIDDEN), text)
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}
