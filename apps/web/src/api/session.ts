import type { User, UserResponse } from '@fernwood/protocol'
import { ApiError, api } from './client'

/** The signed-in user, or null when the cookie is missing or no longer valid. */
export async function fetchSession(): Promise<User | null> {
  try {
    return (await api.get<UserResponse>('/api/session')).user
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/** Signs in anonymously; the server sets the session cookie. */
export async function createSession(): Promise<User> {
  return (await api.post<UserResponse>('/api/session')).user
}

export async function deleteSession(): Promise<void> {
  await api.delete('/api/session')
}
