-- The reward_history table's trigger (migrations 005 and 038): a paid reward's history entry is
-- the event that takes it off the pending list. A payout completes fifty rewards in one insert,
-- and their events are appended together.
CREATE OR REPLACE FUNCTION reward_history_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM append_live_events('paid', array_agg(h.id), array_agg(h.wax_account))
     FROM added_history h
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
