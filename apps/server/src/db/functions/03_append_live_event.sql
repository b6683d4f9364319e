-- Appends an event to the live feed's outbox (live_events) and announces it on the changes
-- channel, which delivers it when the transaction commits. `due` marks a reward that now waits
-- for a worker: the only notification workers wake for, and it is this same one. A reward's
-- event carries the reward as the dashboard lists it (`content`), so the live feed sends it
-- without reading it back, and in commit order; were it ever too long for a notification
-- (8000 bytes), it goes without, and the feed reads it.
CREATE OR REPLACE FUNCTION append_live_event(
  kind text, subject uuid, wax_account text, user_id uuid, due boolean, content json DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint;
  notice jsonb;
BEGIN
  INSERT INTO live_events (kind, subject, wax_account, user_id)
  VALUES (kind, subject, wax_account, user_id) RETURNING id INTO event_id;
  notice := jsonb_build_object(
    'k', CASE WHEN due THEN 'due' ELSE 'event' END,
    'i', event_id::text, 'e', kind, 's', subject, 'a', wax_account, 'u', user_id);
  IF content IS NOT NULL AND octet_length(content::text) < 7000 THEN
    notice := notice || jsonb_build_object('r', content);
  END IF;
  PERFORM pg_notify('fernwood_changes', notice::text);
END $$;
