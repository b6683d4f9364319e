-- The reward_history table's trigger (migration 005): a paid reward's history entry is the
-- event that takes it off the pending list.
CREATE OR REPLACE FUNCTION reward_history_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM append_live_event('paid', NEW.id, NEW.wax_account, NULL, false);
  RETURN NULL;
END $$;
