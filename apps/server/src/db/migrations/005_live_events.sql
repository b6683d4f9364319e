-- The live feed's outbox: one row per change a visitor's dashboard shows, written in the
-- transaction that makes the change and announced on the changes channel when it commits. Its id
-- is the SSE `id:` a reconnecting browser sends back as Last-Event-ID, so a stream resumes with
-- only what it missed.
CREATE TABLE live_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- reward: a reward not yet paid changed (rewards.id); paid: a history entry appeared
  -- (reward_history.id); user: a visitor's own record changed (users.id)
  kind text NOT NULL CHECK (kind IN ('reward', 'paid', 'user')),
  subject uuid NOT NULL,
  -- whose feed carries it: an account's rewards and history, a user's own record
  wax_account text,
  user_id uuid,
  -- Ids are taken before commit, so a transaction may commit after one with a higher id. Any
  -- such straggler was running when this row was written: its xid is at least `horizon`. A
  -- resume after this event re-reads those too, rather than locking every writer into id order.
  txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  horizon xid8 NOT NULL DEFAULT pg_snapshot_xmin(pg_current_snapshot()),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'user') = (user_id IS NOT NULL)),
  CHECK ((kind = 'user') <> (wax_account IS NOT NULL))
);
CREATE INDEX live_events_account_idx ON live_events (wax_account, id) WHERE wax_account IS NOT NULL;
CREATE INDEX live_events_user_idx ON live_events (user_id, id) WHERE user_id IS NOT NULL;
CREATE INDEX live_events_created_at_idx ON live_events (created_at);

-- Appends an event and announces it. `due` marks a reward that now waits for a worker: the only
-- notification workers wake for, and it is this same one.
CREATE FUNCTION append_live_event(kind text, subject uuid, wax_account text, user_id uuid, due boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint;
BEGIN
  INSERT INTO live_events (kind, subject, wax_account, user_id)
  VALUES (kind, subject, wax_account, user_id) RETURNING id INTO event_id;
  PERFORM pg_notify('fernwood_changes', json_build_object(
    'k', CASE WHEN due THEN 'due' ELSE 'event' END,
    'i', event_id::text, 'e', kind, 's', subject, 'a', wax_account, 'u', user_id)::text);
END $$;

-- Every writer of rewards (submissions, the worker, payouts, operators) tells the feed through
-- these triggers, in its own transaction; a change the dashboard does not show says nothing.
CREATE FUNCTION rewards_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A completed reward leaves the list as its history entry arrives: that is the event.
  IF NEW.status <> 'completed' THEN
    PERFORM append_live_event('reward', NEW.id, NEW.wax_account, NULL,
                              TG_OP = 'INSERT' AND NEW.status = 'pending');
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER rewards_live_event_on_insert AFTER INSERT ON rewards
  FOR EACH ROW EXECUTE FUNCTION rewards_live_event();
CREATE TRIGGER rewards_live_event_on_update AFTER UPDATE OF status, reason ON rewards
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.reason IS DISTINCT FROM NEW.reason)
  EXECUTE FUNCTION rewards_live_event();

CREATE FUNCTION reward_history_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM append_live_event('paid', NEW.id, NEW.wax_account, NULL, false);
  RETURN NULL;
END $$;
CREATE TRIGGER reward_history_live_event AFTER INSERT ON reward_history
  FOR EACH ROW EXECUTE FUNCTION reward_history_live_event();

-- The lockout counts codes still waiting for the worker's verdict: only pending ones are, and
-- these find them without reading an account's whole past.
CREATE INDEX rewards_pending_user_idx ON rewards (user_id, updated_at) WHERE status = 'pending';
CREATE INDEX rewards_pending_account_idx ON rewards (wax_account, updated_at) WHERE status = 'pending';

-- A code submission in one round trip: the submitter's and the wallet's turn, the unknown-code
-- lockout, and the insert (whose trigger announces it). A volatile function reads with a fresh
-- snapshot per statement, so once its turn comes the count sees every submission committed
-- before. Always user, then wallet: no two submissions wait on each other in a circle. Returns
-- the new reward, or none when the account holds the code already, or the seconds the
-- submitter must still wait.
CREATE FUNCTION submit_reward(
  code text, wax_account text, user_id uuid, lockout_attempts integer, lockout_minutes integer,
  OUT reward_id uuid, OUT status text, OUT reason text, OUT created_at timestamptz,
  OUT locked_for float8)
LANGUAGE plpgsql AS $$
DECLARE
  failures integer;
BEGIN
  IF lockout_attempts IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('codes:user:' || user_id, 0));
    PERFORM pg_advisory_xact_lock(hashtextextended('codes:wallet:' || wax_account, 0));
    SELECT count(*)::int,
           extract(epoch FROM min(recent.updated_at) + make_interval(mins => lockout_minutes) - now())::float8
      INTO failures, locked_for
      FROM (SELECT r.updated_at FROM rewards r
             WHERE (r.user_id = submit_reward.user_id OR r.wax_account = submit_reward.wax_account)
               AND (r.rejection = 'unknown_code'
                    OR (r.status = 'pending'
                        AND NOT EXISTS (SELECT 1 FROM codes k WHERE k.code = r.code)))
               AND r.updated_at > now() - make_interval(mins => lockout_minutes)
             ORDER BY r.updated_at DESC LIMIT lockout_attempts) AS recent;
    IF failures >= lockout_attempts AND locked_for > 0 THEN
      RETURN;
    END IF;
    locked_for := NULL;
  END IF;
  INSERT INTO rewards AS r (code, wax_account, user_id)
  VALUES (submit_reward.code, submit_reward.wax_account, submit_reward.user_id)
  ON CONFLICT ON CONSTRAINT rewards_wax_account_code_key DO NOTHING
  RETURNING r.id, r.status, r.reason, r.created_at INTO reward_id, status, reason, created_at;
END $$;
