import type { NftReward } from '../campaigns/nft-reward.ts'

/** A reward the worker has claimed and the catalogue has accepted: what to pay, to whom. */
export interface PayableReward {
  id: string
  code: string
  waxAccount: string
  userId: string | null
  /** what a token reward pays; null for an NFT */
  rewardQuantity: string | null
  /** the contract that pays: the token's, or AtomicAssets */
  tokenContract: string
  /** the NFT minted instead of a token amount */
  nft: NftReward | null
  /** processing until its transfer is executed, then confirming until that is irreversible */
  status: 'processing' | 'confirming'
  /**
   * taken from pending by this claim: never taken to pay before, so no transaction carries its
   * transfer yet
   */
  firstTaken: boolean
  /** how many times a worker has taken it to pay, this time included (finality checks aside) */
  attempts: number
}
