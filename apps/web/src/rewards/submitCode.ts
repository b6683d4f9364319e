import type { PendingReward, SubmitCodeResponse } from '@fernwood/protocol'
import { api } from '../api/client'

/**
 * The spec's form of a code (trimmed, lowercase); undefined when nothing is left to send. The
 * server normalises again: this only spares a request that could not succeed.
 */
export function normalizeCode(raw: string): string | undefined {
  const code = raw.trim().toLowerCase()
  return code === '' ? undefined : code
}

/** Hands a code to the Forest Spirits; the reward arrives as `pending` on the live feed. */
export async function submitCode(code: string): Promise<PendingReward> {
  return (await api.post<SubmitCodeResponse>('/api/codes', { code })).reward
}
