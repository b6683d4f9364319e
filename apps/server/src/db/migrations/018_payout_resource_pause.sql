-- Payouts paused because the payout account ran out of CPU, NET or RAM (payouts/resource-pause.ts).
-- One row that every worker and server on this database reads, so that one worker's refusal
-- stops them all instead of each sending until refused; `resource` is null while payouts run.
-- The row outlives a pause: a pause soon after a resumption continues its backoff (`checks`)
-- instead of starting again at the shortest wait.
CREATE TABLE payout_pause (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  resource text CHECK (resource IN ('cpu', 'net', 'ram')),
  error text,
  paused_at timestamptz,
  resumed_at timestamptz,
  checks integer NOT NULL DEFAULT 0,
  next_check_at timestamptz
);
INSERT INTO payout_pause DEFAULT VALUES;

-- Defined in db/functions, applied after the migrations: this placeholder lets the column's
-- default name it.
CREATE FUNCTION payouts_paused() RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN false;
END $$;

-- A reward waiting while payouts are paused: its visitor sees 'delayed', not an error. Set on
-- every waiting reward when a pause begins (and on those submitted during it), cleared when it
-- ends; a change the dashboards show, announced by the same trigger as a change of status.
ALTER TABLE rewards ADD COLUMN delayed boolean NOT NULL DEFAULT payouts_paused();
-- The end of a pause clears the few delayed rewards without reading every reward ever paid.
CREATE INDEX rewards_delayed_idx ON rewards (id) WHERE delayed;

DROP TRIGGER rewards_live_event_on_update ON rewards;
CREATE TRIGGER rewards_live_event_on_update
  AFTER UPDATE OF status, reason, dismissed_at, delayed ON rewards
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.reason IS DISTINCT FROM NEW.reason
        OR OLD.dismissed_at IS DISTINCT FROM NEW.dismissed_at
        OR OLD.delayed IS DISTINCT FROM NEW.delayed)
  EXECUTE FUNCTION rewards_live_event();
