-- The rewards table's triggers (migrations 005 and 027): every writer of rewards (submissions,
-- the worker, payouts, operators) tells the live feed through them, in its own transaction; a
-- change the dashboard does not show says nothing. The event carries the reward as the pending
-- list shows it (reward_shape), as of the change.
CREATE OR REPLACE FUNCTION rewards_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A completed reward leaves the list as its history entry arrives: that is the event.
  IF NEW.status <> 'completed' THEN
    PERFORM append_live_event('reward', NEW.id, NEW.wax_account, NULL,
      TG_OP = 'INSERT' AND NEW.status = 'pending', reward_shape(NEW)::json);
  END IF;
  RETURN NULL;
END $$;
