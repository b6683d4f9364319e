import type { PublicConfig } from '@fernwood/protocol'
import { api } from './client'

export function fetchPublicConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('/api/config')
}
