-- The rewards table's triggers (migrations 005 and 007): every writer of rewards (submissions,
-- the worker, payouts, operators) tells the live feed through them, in its own transaction; a
-- change the dashboard does not show says nothing. The event carries the reward as the pending
-- list shows it (the columns of the pending list in rewards/reward-lists.ts), as of the change.
CREATE OR REPLACE FUNCTION rewards_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A completed reward leaves the list as its history entry arrives: that is the event.
  IF NEW.status <> 'completed' THEN
    PERFORM append_live_event('reward', NEW.id, NEW.wax_account, NULL,
      TG_OP = 'INSERT' AND NEW.status = 'pending',
      json_build_object(
        'id', NEW.id, 'code', NEW.code, 'status', NEW.status, 'reason', NEW.reason,
        'rejection', NEW.rejection, 'rejection_detail', NEW.rejection_detail,
        'created_at', NEW.created_at,
        'dismissed', NEW.dismissed_at IS NOT NULL, 'delayed', NEW.delayed,
        -- A confirming reward shows the transfer it waits on; an accepted one what it pays.
        'transaction_id', CASE WHEN NEW.status = 'confirming' THEN
          (SELECT p.transaction_id FROM payouts p
            WHERE p.reward_id = NEW.id AND p.state IN ('broadcast', 'confirmed') LIMIT 1) END,
        'reward_quantity',
          (SELECT c.reward_quantity FROM campaigns c WHERE c.id = NEW.campaign_id)));
  END IF;
  RETURN NULL;
END $$;
