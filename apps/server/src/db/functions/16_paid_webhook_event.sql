-- The history's trigger of partner webhooks (migrations 029 and 038): a reward paid for good is
-- `reward.completed`, with its transaction and amount (or NFT asset). A payout completes fifty
-- rewards in one insert: with no endpoint at all, as on most installations, one look says so
-- rather than one lookup per entry.
CREATE OR REPLACE FUNCTION paid_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhook_endpoints WHERE removed_at IS NULL) THEN
    PERFORM enqueue_reward_webhook('reward.completed', r.id, r.wax_account, r.code, r.campaign_id,
      jsonb_build_object('transactionId', h.transaction_id, 'amount', h.amount,
                         'token', h.token, 'assetId', h.asset_id))
      FROM added_history h JOIN rewards r ON r.id = h.reward_id;
  END IF;
  RETURN NULL;
END $$;
