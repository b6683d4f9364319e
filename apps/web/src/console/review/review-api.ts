import type { FarmReport, RejectionResult } from '@fernwood/protocol/admin'
import { api } from '../../api/client'

const campaignPath = (slug: string) => `/api/admin/campaigns/${encodeURIComponent(slug)}`

/** The review's calls: a campaign's farm report, read on demand, and a cluster's rejection. */
export const reviewApi = {
  farmReport: (slug: string) => api.get<FarmReport>(`${campaignPath(slug)}/farm-report`),
  /** Rejects those of `rewardIds` still pending; the rest are kept, and said so. */
  rejectClaims: (slug: string, rewardIds: string[]) =>
    api.post<RejectionResult>(`${campaignPath(slug)}/rejections`, { selection: { rewardIds } }),
}
