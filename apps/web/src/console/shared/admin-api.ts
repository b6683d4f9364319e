import type {
  CampaignEditRequest,
  CampaignResponse,
  CodeGenerationResponse,
  IssuedKioskCredentialResponse,
  NewCampaignRequest,
  NftTemplatePreview,
  OperatorResponse,
} from '@fernwood/protocol/admin'
import { api } from '../../api/client'

/** The console's calls to `/api/admin/*`; what it shows otherwise arrives on its live stream. */
export const adminApi = {
  operator: () => api.get<OperatorResponse>('/api/admin/operator'),
  createCampaign: (draft: NewCampaignRequest) =>
    api.post<CampaignResponse>('/api/admin/campaigns', draft),
  /** The template `nft` ('<collection>:<template id>') names, as the chain has it now. */
  nftTemplate: (nft: string) =>
    api.get<NftTemplatePreview>(`/api/admin/nft-template?nft=${encodeURIComponent(nft)}`),
  closeCampaign: (slug: string) =>
    api.post<CampaignResponse>(`/api/admin/campaigns/${encodeURIComponent(slug)}/close`),
  editCampaign: (slug: string, edit: CampaignEditRequest) =>
    api.post<CampaignResponse>(`/api/admin/campaigns/${encodeURIComponent(slug)}/edit`, edit),
  reopenCampaign: (slug: string) =>
    api.post<CampaignResponse>(`/api/admin/campaigns/${encodeURIComponent(slug)}/reopen`),
  /** Starts a generation; its progress and its files arrive on the live overview. */
  generateCodes: (slug: string, count: number) =>
    api.post<CodeGenerationResponse>(`/api/admin/campaigns/${encodeURIComponent(slug)}/codes`, {
      count,
    }),
  retryPayout: (rewardId: string) =>
    api.post<void>(`/api/admin/payouts/${encodeURIComponent(rewardId)}/retry`),
  /** Issues a kiosk link for `slug`, holding `hours` (the server's default when undefined). */
  issueKioskCredential: (slug: string, hours: number | undefined) =>
    api.post<IssuedKioskCredentialResponse>(
      `/api/admin/campaigns/${encodeURIComponent(slug)}/kiosk-credentials`,
      { hours },
    ),
  revokeKioskCredential: (id: string) =>
    api.delete(`/api/admin/kiosk-credentials/${encodeURIComponent(id)}`),
}
