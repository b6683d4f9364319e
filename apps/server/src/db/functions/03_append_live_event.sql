-- Appends an event to the live feed's outbox (live_events) and announces it on the changes
-- channel, which delivers it when the transaction commits.
CREATE OR REPLACE FUNCTION append_live_event(
  kind text, subject uuid, wax_account text, user_id uuid, due boolean, content json DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint;
BEGIN
  INSERT INTO live_events (kind, subject, wax_account, user_id)
  VALUES (kind, subject, wax_account, user_id) RETURNING id INTO event_id;
  PERFORM pg_notify('fernwood_changes',
    live_event_notice(event_id, kind, subject, wax_account, user_id, due, content));
END $$;
