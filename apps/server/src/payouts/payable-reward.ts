/** A reward the worker has claimed and the catalogue has accepted: what to pay, to whom. */
export interface PayableReward {
  id: string
  code: string
  waxAccount: string
  userId: string | null
  rewardQuantity: string
  tokenContract: string
  /** processing until its transfer is executed, then confirming until that is irreversible */
  status: 'processing' | 'confirming'
  /** how many times a worker has taken it to pay, this time included (finality checks aside) */
  attempts: number
}
