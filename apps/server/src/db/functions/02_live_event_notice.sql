-- What the changes channel says of a live event (events/channel.ts reads it): the event, whose
-- feed carries it, and the reward as the dashboard lists it (`content`), so the live feed sends it
-- without reading it back, and in commit order; were it ever too long for a notification (8000
-- bytes), it goes without, and the feed reads it. `due` marks a reward that now waits for a
-- worker: the only notification workers wake for, and it is this same one.
CREATE OR REPLACE FUNCTION live_event_notice(
  event_id bigint, kind text, subject uuid, wax_account text, user_id uuid, due boolean,
  content json)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT (jsonb_build_object(
      'k', CASE WHEN due THEN 'due' ELSE 'event' END,
      'i', event_id::text, 'e', kind, 's', subject, 'a', wax_account, 'u', user_id)
    || CASE WHEN content IS NOT NULL AND octet_length(content::text) < 7000
            THEN jsonb_build_object('r', content) ELSE '{}' END)::text
$$;
