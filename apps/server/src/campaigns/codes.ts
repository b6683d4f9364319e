import { randomInt } from 'node:crypto'

// Letters and digits people do not confuse when they type a printed code.
const UNIQUE_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** A fresh unique code for printing, e.g. `spring-7kq2-mx9d-ht4p` for campaign `spring`. */
export function generateUniqueCode(prefix: string): string {
  const group = () =>
    Array.from(
      { length: 4 },
      () => UNIQUE_CODE_ALPHABET[randomInt(UNIQUE_CODE_ALPHABET.length)],
    ).join('')
  return `${prefix}-${group()}-${group()}-${group()}`
}

/** Splits an Antelope asset such as '10.0000 FERN' into the history's amount and token. */
export function splitQuantity(quantity: string): { amount: string; token: string } {
  const [amount, token] = quantity.split(' ')
  return { amount, token }
}
