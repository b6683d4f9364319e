import type { Rejection } from './rewards.ts'

/**
 * Each rejection in English (apart from the schemas, so that the web app's first screen does not
 * carry TypeBox to read them): the `reason` the server keeps on a refused reward (for the operator
 * and older clients), and the web app's English wording, which the other languages translate.
 */
export const REJECTION_REASONS: Record<Rejection, string> = {
  unknown_code: 'This code does not exist.',
  not_started: 'This campaign has not started yet.',
  ended: 'This campaign has ended.',
  fully_claimed: 'This reward has been fully claimed.',
  nft_supply_exhausted: 'Every NFT of this reward has been minted.',
  nft_pool_empty: 'Every NFT of this reward has been handed out.',
  not_eligible: 'This wallet does not meet the rules of this reward.',
  wallet_limit_reached: 'This wallet has claimed as often as this reward allows for now.',
  rejected_by_operator: 'The organiser of this reward turned this claim down.',
}
