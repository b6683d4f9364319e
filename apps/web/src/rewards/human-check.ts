import type { Challenge } from 'altcha-lib'
import { ApiError, api } from '../api/client'

/** The server's challenge for a claim (POST /api/claims/challenge). */
interface ChallengeResponse {
  challenge: Challenge
  /** in base difficulties: 1 for a visitor at home */
  difficulty: number
}

/** Whether the browser is solving a check, for the progress line; `long` when it is a hard one. */
export type HumanCheckProgress = 'idle' | 'solving' | 'long'

// From this difficulty a mid-range phone takes half a minute or more: the line says so.
const LONG_DIFFICULTY = 30

/** Refusals answered by solving a (fresh) challenge and sending the claim again. */
export const HUMAN_CHECK_REFUSALS = new Set([
  'HUMAN_CHECK_INVALID',
  'HUMAN_CHECK_EXPIRED',
  'HUMAN_CHECK_REPLAYED',
])

/**
 * The human check's answer for a claim of `code`: a challenge from the server, solved in Web
 * Workers (loaded now, the first time), as the base64 of ALTCHA's `{challenge, solution}`.
 * `onProgress` hears when the solving starts; nothing asks the visitor for anything.
 */
export async function solveHumanCheck(
  code: string,
  onProgress: (progress: HumanCheckProgress) => void,
): Promise<string> {
  const { challenge, difficulty } = await api.post<ChallengeResponse>('/api/claims/challenge', {
    code,
  })
  onProgress(difficulty >= LONG_DIFFICULTY ? 'long' : 'solving')
  const { solveInWorkers } = await import('./human-check-solver')
  const solution = await solveInWorkers(challenge)
  // Not solved in its time: worded as the server words an expired one.
  if (!solution) throw new ApiError(0, 'HUMAN_CHECK_EXPIRED', 'The browser check expired.')
  return btoa(JSON.stringify({ challenge, solution }))
}
