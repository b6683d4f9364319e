import { type Challenge, type Solution, solveChallengeWorkers } from 'altcha-lib'

// A phone's cores beyond four add little, and the page keeps one for itself.
const MOST_WORKERS = 4

/**
 * Solves a human-check challenge in Web Workers, sharing its attempts among them: null when its
 * time runs out first. Loaded with the first challenge, never with the login screen.
 */
export function solveInWorkers(challenge: Challenge): Promise<Solution | null> {
  const { expiresAt } = challenge.parameters
  return solveChallengeWorkers({
    challenge,
    concurrency: Math.max(1, Math.min(MOST_WORKERS, (navigator.hardwareConcurrency || 2) - 1)),
    createWorker: () =>
      new Worker(new URL('./human-check-worker.ts', import.meta.url), { type: 'module' }),
    timeout: expiresAt ? Math.max(1, expiresAt * 1000 - Date.now()) : undefined,
  })
}
