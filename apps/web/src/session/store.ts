import type { User } from '@fernwood/protocol'
import { ApiError, api } from '../api/client'
import { createSession, deleteSession, fetchSession } from '../api/session'
import { createStore, useStore } from '../store'

/** Where the visitor stands; the app shows one screen per status. */
export type SessionState =
  | { status: 'checking' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: User }

const session = createStore<SessionState>({ status: 'checking' })

export const subscribe = session.subscribe
export const getSessionState = session.get

export function useSession(): SessionState {
  return useStore(session)
}

/**
 * Asks the server who the session cookie belongs to. A failed check leaves the visitor signed
 * out (and rethrows) so the login screen can still offer a fresh sign-in.
 */
export async function checkSession(): Promise<void> {
  try {
    const user = await fetchSession()
    session.set(user ? { status: 'signedIn', user } : { status: 'signedOut' })
  } catch (error) {
    session.set({ status: 'signedOut' })
    throw error
  }
}

/** The server's latest word on the signed-in user (a bound wallet, a live snapshot). */
export function updateUser(user: User): void {
  session.set({ status: 'signedIn', user })
}

export async function signIn(): Promise<User> {
  const user = await createSession()
  session.set({ status: 'signedIn', user })
  return user
}

export async function signOut(): Promise<void> {
  try {
    await deleteSession()
  } catch (error) {
    // A 401 means the session had already ended on the server: the visitor is signed out.
    if (!(error instanceof ApiError && error.status === 401)) throw error
  }
  session.set({ status: 'signedOut' })
}

/**
 * Ends every session bound to this visitor's wallet, on every device (the server ends their
 * live streams, and their pages fall back to the login screen), this one included.
 */
export async function signOutEverywhereOnServer(): Promise<void> {
  await api.post<void>('/api/session/sign-out-everywhere')
  session.set({ status: 'signedOut' })
}
