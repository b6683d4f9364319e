-- The partner API (/api/v1): operators' API keys, the grants made through them, the stored
-- answers of their Idempotency-Keys, and the partners' webhook endpoints with their outbox.

-- How many grants one account may receive from the campaign; NULL: as many as asked.
ALTER TABLE campaigns ADD COLUMN grants_per_account integer DEFAULT 1
  CHECK (grants_per_account > 0);

-- A partner's key. Only a SHA-256 of its secret is kept; the secret names the key's id, so a
-- request finds its key by id and compares the hashes in constant time.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  secret_hash bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);

-- The campaigns a key may grant from and make claim links of.
CREATE TABLE api_key_campaigns (
  api_key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  campaign_id integer NOT NULL REFERENCES campaigns (id),
  PRIMARY KEY (api_key_id, campaign_id)
);

-- A reward granted through a key: the reward row (paid by the worker as any claim is) and who
-- asked for it. Its id is the reward's.
CREATE TABLE grants (
  reward_id uuid PRIMARY KEY REFERENCES rewards (id),
  api_key_id uuid NOT NULL REFERENCES api_keys (id),
  campaign_id integer NOT NULL REFERENCES campaigns (id),
  wax_account text NOT NULL,
  reference text CHECK (length(reference) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX grants_account_idx ON grants (campaign_id, wax_account);
CREATE INDEX grants_reference_idx ON grants (api_key_id, reference, created_at, reward_id)
  WHERE reference IS NOT NULL;

-- An Idempotency-Key of a key's request: in flight while `lock_token` is set (until
-- `locked_until`, after which a retry takes it over: its server died), then the first answer.
CREATE TABLE idempotency_keys (
  api_key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash bytea NOT NULL,
  lock_token uuid,
  locked_until timestamptz,
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (api_key_id, key),
  CHECK ((lock_token IS NULL) = (response_status IS NOT NULL))
);
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);

-- A partner's webhook endpoint: the events it takes of its campaigns' rewards, and the secret
-- its deliveries are signed with (Standard Webhooks), shown once at registration.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  url text NOT NULL CHECK (url ~ '^https?://'),
  events text[] NOT NULL,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz
);

CREATE TABLE webhook_endpoint_campaigns (
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  campaign_id integer NOT NULL REFERENCES campaigns (id),
  PRIMARY KEY (endpoint_id, campaign_id)
);
CREATE INDEX webhook_endpoint_campaigns_campaign_idx ON webhook_endpoint_campaigns (campaign_id);

-- The outbox of partner webhooks: one row per event and endpoint, written by the rewards' and
-- history's triggers in the transaction of the change, delivered (at least once) by
-- partner-webhooks/webhook-sender.ts with the alerts' retry policy.
CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event text NOT NULL,
  reward_id uuid NOT NULL,
  data jsonb NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  gave_up_at timestamptz,
  last_error text
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
  WHERE sent_at IS NULL AND gave_up_at IS NULL;
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, at DESC);

-- Placeholders, defined in db/functions (14_ to 16_).
CREATE FUNCTION reward_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RETURN NULL; END $$;
CREATE FUNCTION paid_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RETURN NULL; END $$;
CREATE TRIGGER rewards_webhook_event AFTER INSERT OR UPDATE OF status ON rewards
  FOR EACH ROW WHEN (NEW.status = 'rejected') EXECUTE FUNCTION reward_webhook_event();
CREATE TRIGGER reward_history_webhook_event AFTER INSERT ON reward_history
  FOR EACH ROW EXECUTE FUNCTION paid_webhook_event();
