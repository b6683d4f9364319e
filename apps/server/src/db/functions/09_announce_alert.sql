-- Wakes the alert senders (alerts/alert-sender.ts) when an alert is written (the trigger
-- alerts_announce of migration 022), on commit, through the one changes channel every process
-- listens on (events/channel.ts); they poll as well, so a notification missed while one
-- reconnects only delays it.
CREATE OR REPLACE FUNCTION announce_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fernwood_changes', '{"k":"alert"}');
  RETURN NULL;
END $$;
