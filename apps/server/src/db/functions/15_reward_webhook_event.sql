-- The rewards' trigger of partner webhooks (migration 029): a reward refused, on submission or
-- by the worker, is `reward.rejected` for the endpoints following its campaign.
CREATE OR REPLACE FUNCTION reward_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status THEN
    PERFORM enqueue_reward_webhook('reward.rejected', NEW.id, NEW.wax_account, NEW.code,
      NEW.campaign_id, jsonb_build_object('rejection', NEW.rejection, 'reason', NEW.reason));
  END IF;
  RETURN NULL;
END $$;
