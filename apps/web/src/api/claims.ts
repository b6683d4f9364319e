import type { ClaimPreview } from '@fernwood/protocol'
import { api } from './client'

/** What the claim link of `code` pays, asked signed out; 404 for a code that pays nothing. */
export function fetchClaimPreview(code: string): Promise<ClaimPreview> {
  return api.get<ClaimPreview>(`/api/claims/${encodeURIComponent(code)}`)
}
