import type { SessionResponse, User, UserResponse, WelcomeClaimResponse } from '@fernwood/protocol'
import { api } from './client'

/** The signed-in user, or null when the cookie is missing or no longer valid. */
export async function fetchSession(): Promise<User | null> {
  return (await api.get<SessionResponse>('/api/session')).user
}

/** Signs in anonymously; the server sets the session cookie. */
export async function createSession(): Promise<User> {
  return (await api.post<UserResponse>('/api/session')).user
}

export async function deleteSession(): Promise<void> {
  await api.delete('/api/session')
}

/** Asks whether this tab is the one to show 'Claim Complete!' (true once per session). */
export async function claimWelcomePopup(): Promise<boolean> {
  return (await api.post<WelcomeClaimResponse>('/api/session/welcome-claim')).show
}
