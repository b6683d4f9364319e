-- A reward as its visitor's dashboard lists it, in the protocol's PendingReward
-- (packages/protocol/src/rewards.ts): the one definition behind the pending list's rows, the
-- submission's answer and the live feed's reward event, which an update announces when this
-- changes (rewards_live_events_updated), so a column shown here reaches the feed with no new
-- trigger. Keys with nothing to say are left out, as the protocol's optional fields are. It takes
-- a record (a rewards row, before or after a change) rather than the rewards type, as each file
-- here stands without the schema's tables; only plpgsql takes one.
--
-- With `read_others` false it reads no other table: what the transfer and the payment shown come
-- from (the status and the campaign) stands in for them. Two versions of a row at one moment
-- read the same payouts and campaigns, so their shapes differ only when this differs: the
-- update's trigger compares this, at a fraction of the cost of reading them twice per row.
CREATE OR REPLACE FUNCTION reward_shape(reward record, read_others boolean DEFAULT true)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  shape jsonb;
  transfer text;
  quantity text;
  template jsonb;
BEGIN
  shape := jsonb_build_object(
    'id', reward.id, 'code', reward.code, 'status', reward.status, 'reason', reward.reason,
    -- milliseconds, as a JavaScript Date writes it
    'createdAt', to_char(reward.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  IF reward.rejection IS NOT NULL THEN
    shape := shape || jsonb_build_object('rejection', reward.rejection);
  END IF;
  -- What a refusal for a rule says beyond its code (claim_rules_verdict): the rule it failed, or
  -- when the wallet's next claim opens.
  IF reward.rejection = 'not_eligible' AND reward.rejection_detail IS NOT NULL THEN
    shape := shape || jsonb_build_object('failedRule', reward.rejection_detail);
  ELSIF reward.rejection = 'wallet_limit_reached'
        AND jsonb_typeof(reward.rejection_detail->'nextClaimAt') = 'string' THEN
    shape := shape || jsonb_build_object('nextClaimAt', reward.rejection_detail->'nextClaimAt');
  END IF;
  IF reward.dismissed_at IS NOT NULL THEN
    shape := shape || '{"dismissed": true}';
  END IF;
  -- Only a reward waiting to be paid is delayed by a pause; one in flight goes on.
  IF reward.delayed AND reward.status IN ('pending', 'processing') THEN
    shape := shape || '{"delayed": true}';
  END IF;
  IF NOT read_others THEN
    RETURN shape || jsonb_build_object('campaign', reward.campaign_id);
  END IF;
  -- A confirming reward shows the transfer it waits on.
  IF reward.status = 'confirming' THEN
    SELECT p.transaction_id INTO transfer FROM payouts p
     WHERE p.reward_id = reward.id AND p.state IN ('broadcast', 'confirmed') LIMIT 1;
    IF transfer IS NOT NULL THEN
      shape := shape || jsonb_build_object('transactionId', transfer);
    END IF;
  END IF;
  -- An accepted reward shows what it pays ('10.0000 FERN'), or the NFT's template as the
  -- campaign was created with it. An NFT's art shows from the start, for the visitor to watch it
  -- come: a pending reward the submission found paying one (pays_nft) reads its code's campaign.
  -- Any other pending reward reads nothing here, as every claim's answer and event comes here.
  IF reward.campaign_id IS NOT NULL THEN
    SELECT c.reward_quantity,
           nft_template_shape(c.nft_collection, c.nft_schema, c.nft_template_id, c.nft_name,
                              c.nft_image)
      INTO quantity, template
      FROM campaigns c WHERE c.id = reward.campaign_id;
  ELSIF reward.pays_nft AND reward.status = 'pending' THEN
    SELECT nft_template_shape(c.nft_collection, c.nft_schema, c.nft_template_id, c.nft_name,
                              c.nft_image)
      INTO template
      FROM codes k JOIN campaigns c ON c.id = k.campaign_id WHERE k.code = reward.code;
  END IF;
  IF quantity IS NOT NULL THEN
    shape := shape || jsonb_build_object('reward', jsonb_build_object(
      'amount', split_part(quantity, ' ', 1), 'token', split_part(quantity, ' ', 2)));
  ELSIF template IS NOT NULL AND reward.status <> 'rejected' THEN
    shape := shape || jsonb_build_object('nft', template);
  END IF;
  RETURN shape;
END $$;
