import { api } from '../api/client'

/**
 * Dismisses a rejected code from 'Forest Spirit Activity'. The server keeps the dismissal, and
 * the live feed takes the code out of the list here and on the wallet's other devices.
 */
export async function dismissReward(rewardId: string): Promise<void> {
  await api.post(`/api/rewards/${encodeURIComponent(rewardId)}/dismiss`)
}
