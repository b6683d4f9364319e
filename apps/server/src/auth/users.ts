import type { Queryable } from '../db/database.ts'

/** The anonymous visitor as the API shows them. */
export interface User {
  id: string
  waxAccount: string | null
}

interface UserRow {
  id: string
  wax_account: string | null
}

export const toUser = (row: UserRow): User => ({ id: row.id, waxAccount: row.wax_account })

export async function findUser(db: Queryable, userId: string): Promise<User | undefined> {
  const [row] = await db.query<UserRow>('SELECT id, wax_account FROM users WHERE id = $1', [userId])
  return row && toUser(row)
}
