-- Who may claim a campaign (an allowlist, rules read from the chain) and how often one wallet
-- may claim across a group of campaigns. Read by submit_reward (db/functions) at submission.

-- Campaigns sharing a per-wallet limit: at most `claims_per_wallet` claims (rewards not
-- rejected) by one wallet in any `period`, across all the group's campaigns.
CREATE TABLE campaign_groups (
  name text PRIMARY KEY CHECK (name ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  claims_per_wallet integer NOT NULL CHECK (claims_per_wallet > 0),
  period interval NOT NULL CHECK (period > interval '0')
);

ALTER TABLE campaigns
  ADD COLUMN claim_group text REFERENCES campaign_groups (name),
  -- whether only the accounts of campaign_allowlists may claim
  ADD COLUMN has_allowlist boolean NOT NULL DEFAULT false,
  -- the rules the chain answers (campaigns/eligibility.ts): a minimum balance, an NFT held, an
  -- account's age; checked by the server before a submission, as the database cannot reach a node
  ADD COLUMN chain_rules jsonb;

-- One row per allowed account: a claim looks its account up, so the list's length (up to
-- 100,000) costs nothing at claim time.
CREATE TABLE campaign_allowlists (
  campaign_id integer NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  account text NOT NULL CHECK (account ~ '^[a-z1-5.]{1,12}$'),
  PRIMARY KEY (campaign_id, account)
);

-- What a refusal for a rule says beyond its code: the rule that failed, or when the wallet's
-- next claim opens, for clients to word in their language.
ALTER TABLE rewards ADD COLUMN rejection_detail jsonb;
ALTER TABLE rewards DROP CONSTRAINT rewards_rejection_check;
ALTER TABLE rewards ADD CONSTRAINT rewards_rejection_check CHECK (rejection IN (
  'unknown_code', 'not_started', 'ended', 'fully_claimed', 'not_eligible', 'wallet_limit_reached',
  'nft_supply_exhausted', 'nft_pool_empty'));
