-- Rewards updated, by one statement: the worker moves fifty at a time, a pause marks every
-- waiting one. Their events are appended in one insert rather than one per row, for the rows
-- whose shape changed (reward_shape without reading other tables, which is what differs between
-- two versions of a row at one moment). A completed reward leaves the list as its history entry
-- arrives: that is its event. Announced in the events' order.
CREATE OR REPLACE FUNCTION rewards_live_events_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  announced bigint;
BEGIN
  WITH changed AS (
    SELECT n.id, n.wax_account, reward_shape(n)::json AS content
      FROM updated_rewards n JOIN previous_rewards o ON o.id = n.id
     WHERE n.status <> 'completed'
       AND reward_shape(o, false) IS DISTINCT FROM reward_shape(n, false)
  ), appended AS (
    INSERT INTO live_events (kind, subject, wax_account)
    SELECT 'reward', c.id, c.wax_account FROM changed c ORDER BY c.id
    RETURNING id, subject
  )
  SELECT count(*) INTO announced FROM (
    SELECT pg_notify('fernwood_changes',
             live_event_notice(a.id, 'reward', c.id, c.wax_account, NULL, false, c.content))
      FROM appended a JOIN changed c ON c.id = a.subject
     ORDER BY a.id) notices;
  RETURN NULL;
END $$;
