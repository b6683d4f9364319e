-- The rewards table's triggers (migration 005 for a reward inserted, 038 for rewards updated:
-- rewards_live_events_updated): every writer of rewards (submissions, the worker, payouts,
-- operators) tells the live feed through them, in its own transaction; a change the dashboard
-- does not show says nothing. The event carries the reward as the pending list shows it
-- (reward_shape), as of the change.
--
-- A reward submitted: pending (due, which wakes the workers) or refused on the spot.
CREATE OR REPLACE FUNCTION rewards_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'completed' THEN
    PERFORM append_live_event('reward', NEW.id, NEW.wax_account, NULL,
      NEW.status = 'pending', reward_shape(NEW)::json);
  END IF;
  RETURN NULL;
END $$;
