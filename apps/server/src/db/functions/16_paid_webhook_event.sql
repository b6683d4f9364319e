-- The history's trigger of partner webhooks (migration 029): a reward paid for good is
-- `reward.completed`, with its transaction and amount (or NFT asset).
CREATE OR REPLACE FUNCTION paid_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_reward_webhook('reward.completed', r.id, r.wax_account, r.code, r.campaign_id,
    jsonb_build_object('transactionId', NEW.transaction_id, 'amount', NEW.amount,
                       'token', NEW.token, 'assetId', NEW.asset_id))
    FROM rewards r WHERE r.id = NEW.reward_id;
  RETURN NULL;
END $$;
