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

-- Every writer of rewards (submissions, the worker, payouts, operators) tells the feed through
-- these triggers, in its own transaction. Their functions, like every stored function, are
-- defined in db/functions and applied after the migrations: these placeholders only let the
-- triggers name them, and refuse to run should anything write before then.
CREATE FUNCTION rewards_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rewards_live_event is defined in db/functions, applied after the migrations';
END $$;
CREATE TRIGGER rewards_live_event_on_insert AFTER INSERT ON rewards
  FOR EACH ROW EXECUTE FUNCTION rewards_live_event();
CREATE TRIGGER rewards_live_event_on_update AFTER UPDATE OF status, reason ON rewards
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.reason IS DISTINCT FROM NEW.reason)
  EXECUTE FUNCTION rewards_live_event();

CREATE FUNCTION reward_history_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'reward_history_live_event is defined in db/functions, applied after the migrations';
END $$;
CREATE TRIGGER reward_history_live_event AFTER INSERT ON reward_history
  FOR EACH ROW EXECUTE FUNCTION reward_history_live_event();

-- The lockout counts codes still waiting for the worker's verdict: only pending ones are, and
-- these find them without reading an account's whole past.
CREATE INDEX rewards_pending_user_idx ON rewards (user_id, updated_at) WHERE status = 'pending';
CREATE INDEX rewards_pending_account_idx ON rewards (wax_account, updated_at) WHERE status = 'pending';
