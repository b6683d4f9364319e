-- A reward's update is announced per statement rather than per row (rewards_live_events_updated,
-- in db/functions): the worker's moves update fifty rewards at a time, and their events now cost
-- one insert into the outbox instead of fifty function calls, each with its own insert. Which
-- rows changed what the dashboard shows is read from the statement's transition tables. The
-- function's body is applied after the migrations; this placeholder only lets the trigger name
-- it, and announces no update made before then.
CREATE FUNCTION rewards_live_events_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END $$;
DROP TRIGGER rewards_live_event_on_update ON rewards;
CREATE TRIGGER rewards_live_events_on_update AFTER UPDATE ON rewards
  REFERENCING OLD TABLE AS previous_rewards NEW TABLE AS updated_rewards
  FOR EACH STATEMENT EXECUTE FUNCTION rewards_live_events_updated();
