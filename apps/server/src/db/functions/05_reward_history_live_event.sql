-- The reward_history table's trigger (migrations 005 and 038): a paid reward's history entry is
-- the event that takes it off the pending list. A payout completes fifty rewards in one insert,
-- and their events are appended in one insert too, announced in their order.
CREATE OR REPLACE FUNCTION reward_history_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  announced bigint;
BEGIN
  WITH appended AS (
    INSERT INTO live_events (kind, subject, wax_account)
    SELECT 'paid', h.id, h.wax_account FROM added_history h ORDER BY h.id
    RETURNING id, subject, wax_account
  )
  SELECT count(*) INTO announced FROM (
    SELECT pg_notify('fernwood_changes',
             live_event_notice(a.id, 'paid', a.subject, a.wax_account, NULL, false, NULL))
      FROM appended a
     ORDER BY a.id) notices;
  RETURN NULL;
END $$;
