import { createHash, randomBytes } from 'node:crypto'

/** A fresh 256-bit session token for the cookie, and the only form of it the database keeps. */
export function createSessionToken(): { token: string; tokenHash: Buffer } {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashSessionToken(token) }
}

export function hashSessionToken(token: string): Buffer {
  return createHash('sha256').update(token).digest()
}
