import type {
  ChallengeResponse,
  User,
  UserResponse,
  WalletBindingRequest,
} from '@fernwood/protocol'
import { api } from '../api/client'

/** A fresh single-use nonce for the next wallet login. */
export function requestWalletChallenge(): Promise<ChallengeResponse> {
  return api.post<ChallengeResponse>('/api/wallet/challenge')
}

/** Asks the server to bind the logged-in account; it checks the proof against the chain. */
export async function bindWallet(binding: WalletBindingRequest): Promise<User> {
  return (await api.post<UserResponse>('/api/wallet', binding)).user
}
