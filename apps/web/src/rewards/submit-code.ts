import type { PendingReward, SubmitCodeResponse } from '@fernwood/protocol'
import { api } from '../api/client'

/** Hands a code to the Forest Spirits; the reward arrives as `pending` on the live feed. */
export async function submitCode(code: string): Promise<PendingReward> {
  return (await api.post<SubmitCodeResponse>('/api/codes', { code })).reward
}
