import type { PendingReward, SubmitCodeResponse } from '@fernwood/protocol'
import { ApiError, api } from '../api/client'
import { HUMAN_CHECK_REFUSALS, type HumanCheckProgress, solveHumanCheck } from './human-check'

/**
 * Hands a code to the Forest Spirits; the reward arrives as `pending` on the live feed. A claim
 * its campaign guards with the human check is refused HUMAN_CHECK_REQUIRED at first: the browser
 * then solves a challenge and sends it again with the solution, once more with a fresh one if
 * that solution is refused (expired, say, after the tab slept), and no more. `onProgress` hears
 * while a check runs, until the claim it let through is answered.
 */
export async function submitCode(
  code: string,
  onProgress: (progress: HumanCheckProgress) => void = () => undefined,
): Promise<PendingReward> {
  try {
    return await send(code)
  } catch (error) {
    if (!refusedFor(error, ['HUMAN_CHECK_REQUIRED'])) throw error
  }
  // The progress line stays until the claim is answered: checking, then sending, is one wait.
  try {
    try {
      return await send(code, await solveHumanCheck(code, onProgress))
    } catch (error) {
      if (!refusedFor(error, HUMAN_CHECK_REFUSALS)) throw error
    }
    return await send(code, await solveHumanCheck(code, onProgress))
  } finally {
    onProgress('idle')
  }
}

async function send(code: string, humanCheck?: string): Promise<PendingReward> {
  return (await api.post<SubmitCodeResponse>('/api/codes', { code, humanCheck })).reward
}

const refusedFor = (error: unknown, codes: Iterable<string>) =>
  error instanceof ApiError && new Set(codes).has(error.code)
