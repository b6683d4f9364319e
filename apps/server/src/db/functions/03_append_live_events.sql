-- Appends events of one kind to the live feed's outbox at once, in the order given, and
-- announces each in that order: the triggers that run once per statement (04, 05) hand it the
-- rows their statement changed, at a fraction of the cost of one append_live_event each.
-- `contents` (the rewards as listed) is optional, as append_live_event's is.
CREATE OR REPLACE FUNCTION append_live_events(
  kind text, subjects uuid[], wax_accounts text[], contents json[] DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event record;
BEGIN
  FOR event IN
    WITH given AS (
      SELECT * FROM unnest(subjects, wax_accounts, contents)
        WITH ORDINALITY AS g (subject, wax_account, content, position)
    ), appended AS (
      INSERT INTO live_events (kind, subject, wax_account)
      SELECT append_live_events.kind, g.subject, g.wax_account FROM given g ORDER BY g.position
      RETURNING id, subject
    )
    SELECT a.id, g.subject, g.wax_account, g.content
      FROM appended a JOIN given g ON g.subject = a.subject
     ORDER BY a.id
  LOOP
    PERFORM pg_notify('fernwood_changes', live_event_notice(
      event.id, kind, event.subject, event.wax_account, NULL, false, event.content));
  END LOOP;
END $$;
