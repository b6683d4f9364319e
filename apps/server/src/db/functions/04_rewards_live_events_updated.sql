-- Rewards updated, by one statement (migration 038): the worker moves fifty at a time, a pause
-- marks every waiting one. Their events are appended together, for the rows whose shape changed
-- (reward_shape without reading other tables, which is what differs between two versions of a
-- row at one moment). A completed reward leaves the list as its history entry arrives: that is
-- its event. A row whose status changed is known to differ without that comparison, as the shape
-- carries the status: the worker's moves, each of fifty rows, skip its two shapes a row.
CREATE OR REPLACE FUNCTION rewards_live_events_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One pass over the rows: the three arrays list them in the same order.
  PERFORM append_live_events('reward', array_agg(c.id), array_agg(c.wax_account),
                             array_agg(c.content))
     FROM (SELECT n.id, n.wax_account, reward_shape(n)::json AS content
             FROM updated_rewards n JOIN previous_rewards o ON o.id = n.id
            WHERE n.status <> 'completed'
              AND (n.status <> o.status
                   OR reward_shape(o, false) IS DISTINCT FROM reward_shape(n, false))) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
