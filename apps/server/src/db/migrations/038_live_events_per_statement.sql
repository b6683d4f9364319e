-- Rewards updated and history entries added are announced per statement rather than per row
-- (rewards_live_events_updated, reward_history_live_event and paid_webhook_event, in
-- db/functions): the worker moves and completes fifty rewards at a time, and their events now
-- cost one insert into the outbox instead of fifty function calls, each with its own insert.
-- What changed is read from the statement's transition tables. The functions' bodies are
-- applied after the migrations; these placeholders only let the triggers name them (the old
-- bodies read a row the new triggers do not give), and announce nothing written before then.
CREATE FUNCTION rewards_live_events_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION reward_history_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION paid_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
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

DROP TRIGGER reward_history_webhook_event ON reward_history;
CREATE TRIGGER reward_history_webhook_event AFTER INSERT ON reward_history
  REFERENCING NEW TABLE AS added_history
  FOR EACH STATEMENT EXECUTE FUNCTION paid_webhook_event();
