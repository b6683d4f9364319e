-- A reward's event carries the reward as the dashboard lists it (the columns of the pending
-- list in rewards/repository.ts), as of the change: the live feed sends it without reading it
-- back, and in commit order. Were it ever too long for a notification (8000 bytes), it goes
-- without, and the feed reads it as before.
DROP FUNCTION append_live_event(text, uuid, text, uuid, boolean);
CREATE FUNCTION append_live_event(
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

CREATE OR REPLACE FUNCTION rewards_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A completed reward leaves the list as its history entry arrives: that is the event.
  IF NEW.status <> 'completed' THEN
    PERFORM append_live_event('reward', NEW.id, NEW.wax_account, NULL,
      TG_OP = 'INSERT' AND NEW.status = 'pending',
      json_build_object(
        'id', NEW.id, 'code', NEW.code, 'status', NEW.status, 'reason', NEW.reason,
        'rejection', NEW.rejection, 'created_at', NEW.created_at,
        'dismissed', NEW.dismissed_at IS NOT NULL,
        -- A confirming reward shows the transfer it waits on.
        'transaction_id', CASE WHEN NEW.status = 'confirming' THEN
          (SELECT p.transaction_id FROM payouts p
            WHERE p.reward_id = NEW.id AND p.state IN ('broadcast', 'confirmed') LIMIT 1) END));
  END IF;
  RETURN NULL;
END $$;
