/**
 * The benchmarks' visitors with a wallet: signed in through the API, their wax account bound
 * through the database (a wallet's proof of ownership is not what they measure).
 */
import type { RunningServer } from '@fernwood/server/server'
import { signInAnonymously } from './visitor.ts'

let accounts = 0
/** A fresh wax account name: 'bench' and seven letters (wax names allow a-z and 1-5). */
export function freshAccount(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  let number = accounts++
  let name = ''
  for (let index = 0; index < 7; index++) {
    name += letters[number % 26]
    number = Math.floor(number / 26)
  }
  return `bench${name}`
}

/** A visitor who entered and whose wallet is bound to `waxAccount`. */
export async function enter(server: RunningServer, waxAccount: string) {
  const { cookie, userId } = await signInAnonymously(server.url)
  await server.database.query('UPDATE users SET wax_account = $2 WHERE id = $1', [
    userId,
    waxAccount,
  ])
  return { cookie, userId, waxAccount }
}
