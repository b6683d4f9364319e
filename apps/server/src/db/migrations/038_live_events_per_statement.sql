-- Rewards updated and history entries added are announced per statement rather than per row
-- (rewards_live_events_updated and reward_history_live_event, in db/functions): the worker moves
-- and completes fifty rewards at a time, and their events now cost one insert into the outbox
-- instead of fifty function calls, each with its own insert. What changed is read from the
-- statement's transition tables. The new function's body is applied after the migrations; this
-- placeholder only lets the trigger name it, and announces no update made before then.
CREATE FUNCTION rewards_live_events_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END $$;
DROP TRIGGER rewards_live_event_on_update ON rewards;
CREATE TRIGGER rewards_live_events_on_update AFTER UPDATE ON rewards
  REFERENCING OLD TABLE AS previous_rewards NEW TABLE AS updated_rewards
  FOR EACH STATEMENT EXECUTE FUNCTION rewards_live_events_updated();

DROP TRIGGER reward_history_live_event ON reward_history;
CREATE TRIGGER reward_history_live_event AFTER INSERT ON reward_history
  REFERENCING NEW TABLE AS added_history
  FOR EACH STATEMENT EXECUTE FUNCTION reward_history_live_event();
