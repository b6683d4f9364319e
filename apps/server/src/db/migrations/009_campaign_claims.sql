-- The operator console's chart counts each campaign's claims by minute, read again after every
-- claim while a console watches: this finds one campaign's claims without reading every reward.
CREATE INDEX rewards_campaign_claims_idx ON rewards (campaign_id, created_at)
  WHERE campaign_id IS NOT NULL AND status <> 'rejected';
