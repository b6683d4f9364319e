-- Budgets: a campaign may reserve, at creation, the rewards it will ever pay (an amount of its
-- token becomes the number of its rewards that amount pays). The worker refuses a claim past it
-- as fully claimed, as it does past the cap, under the same lock; this check makes overspending
-- impossible whatever the code.
ALTER TABLE campaigns
  ADD COLUMN budget_rewards integer CHECK (budget_rewards > 0),
  ADD CONSTRAINT campaigns_within_budget
    CHECK (budget_rewards IS NULL OR claimed_count <= budget_rewards);

-- The operators' alerts, an outbox: each is written in the transaction of what it reports (a
-- payout parked, a cap reached) or of the check that found it (a low balance), so none is lost
-- to a crash, and delivered to ALERT_WEBHOOK_URL by whichever process takes it first (SKIP
-- LOCKED), retried with backoff until `next_attempt_at` gives up on it.
CREATE TABLE alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event text NOT NULL CHECK (event ~ '^[a-z_]+\.[a-z_]+$'),
  data jsonb NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz,
  gave_up_at timestamptz
);
CREATE INDEX alerts_due_idx ON alerts (next_attempt_at)
  WHERE sent_at IS NULL AND gave_up_at IS NULL;

-- Conditions alerted once per crossing (a balance gone low), not once per check: the last state
-- each was found in, shared by every process that checks.
CREATE TABLE alert_conditions (
  name text PRIMARY KEY,
  active boolean NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);

-- The triggers that write alerts and wake their senders. Their functions' bodies are in
-- functions/09_announce_alert.sql and functions/10_campaign_limit_alerts.sql, applied after the
-- migrations; these placeholders only let the triggers be created first.
CREATE FUNCTION announce_alert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE TRIGGER alerts_announce AFTER INSERT ON alerts
  FOR EACH STATEMENT EXECUTE FUNCTION announce_alert();
CREATE FUNCTION campaign_limit_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RETURN NULL; END $$;
CREATE TRIGGER campaigns_limit_alerts AFTER UPDATE OF claimed_count ON campaigns
  FOR EACH ROW EXECUTE FUNCTION campaign_limit_alerts();
