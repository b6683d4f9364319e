-- Fair claims: the operator's own check and a review window (fairness/operator-check.ts,
-- fairness/review.ts).
--
-- `check_url`: where each claim of the campaign is sent for the operator's yes or no before it is
-- accepted (null: none). Its requests are signed with a key derived from the server's secret for
-- the campaign, never stored (operatorCheckSecret).
ALTER TABLE campaigns ADD COLUMN check_url text CHECK (length(check_url) <= 2048);

-- `payout_delay_seconds`: how long a claim waits, pending, before a worker may pay it, so the
-- operator can reject a farm's claims first. A claim's wait is set once, when it is submitted
-- (submit_reward makes it due then), so the workers' queue needs no look at campaigns.
ALTER TABLE campaigns ADD COLUMN payout_delay_seconds integer NOT NULL DEFAULT 0
  CHECK (payout_delay_seconds >= 0);

ALTER TABLE rewards DROP CONSTRAINT rewards_rejection_check;
ALTER TABLE rewards ADD CONSTRAINT rewards_rejection_check CHECK (rejection IN (
  'unknown_code', 'not_started', 'ended', 'fully_claimed', 'not_eligible', 'wallet_limit_reached',
  'nft_supply_exhausted', 'nft_pool_empty', 'rejected_by_operator'));

-- Where each accepted claim came from, for the campaign's farm report (fairness/farm-report.ts):
-- the client's network as the human check counts it (IPv4 /24, IPv6 /64), never its address.
-- Written by submit_codes beside the reward, in the same round trip; kept as long as the reward.
CREATE TABLE claim_addresses (
  reward_id uuid PRIMARY KEY REFERENCES rewards (id) ON DELETE CASCADE,
  campaign_id integer NOT NULL REFERENCES campaigns (id),
  address_prefix text NOT NULL
);
CREATE INDEX claim_addresses_campaign_idx ON claim_addresses (campaign_id, address_prefix);
