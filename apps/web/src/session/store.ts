import type { User } from '@fernwood/protocol'
import { useSyncExternalStore } from 'react'
import { ApiError } from '../api/client'
import { createSession, deleteSession, fetchSession } from '../api/session'

/** Where the visitor stands; the app shows one screen per status. */
export type SessionState =
  | { status: 'checking' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: User }

type Listener = () => void

let state: SessionState = { status: 'checking' }
const listeners = new Set<Listener>()

function setState(next: SessionState): void {
  state = next
  for (const listener of listeners) listener()
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getSessionState(): SessionState {
  return state
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSessionState)
}

/**
 * Asks the server who the session cookie belongs to. A failed check leaves the visitor signed
 * out (and rethrows) so the login screen can still offer a fresh sign-in.
 */
export async function checkSession(): Promise<void> {
  try {
    const user = await fetchSession()
    setState(user ? { status: 'signedIn', user } : { status: 'signedOut' })
  } catch (error) {
    setState({ status: 'signedOut' })
    throw error
  }
}

/** The server's latest word on the signed-in user (a bound wallet, a live snapshot). */
export function updateUser(user: User): void {
  setState({ status: 'signedIn', user })
}

export async function signIn(): Promise<User> {
  const user = await createSession()
  setState({ status: 'signedIn', user })
  return user
}

export async function signOut(): Promise<void> {
  try {
    await deleteSession()
  } catch (error) {
    // A 401 means the session had already ended on the server: the visitor is signed out.
    if (!(error instanceof ApiError && error.status === 401)) throw error
  }
  setState({ status: 'signedOut' })
}
