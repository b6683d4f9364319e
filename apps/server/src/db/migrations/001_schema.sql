-- The whole data model of ARCHITECTURE.md. Every write the product makes is one transaction
-- over these tables; constraints, not application checks, are what make races harmless.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  wax_account text CHECK (wax_account ~ '^[a-z1-5.]{1,12}$'),
  -- false only when an operator allowed unverified wallet bindings and one was made
  wax_account_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_wax_account_idx ON users (wax_account) WHERE wax_account IS NOT NULL;

-- Only a SHA-256 of each session token is kept: a leaked table cannot be replayed as cookies.
CREATE TABLE sessions (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- Nonces handed to wallets at login; each is consumed once by a verified binding.
CREATE TABLE wallet_challenges (
  nonce text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX wallet_challenges_user_id_idx ON wallet_challenges (user_id);

-- Identity proofs already accepted, so a captured proof cannot bind a wallet twice.
CREATE TABLE used_identity_proofs (
  proof_digest text PRIMARY KEY,
  wax_account text NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE TABLE campaigns (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]{1,64}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  -- shared: one code, each account redeems it once; unique: each code is redeemed once in total
  kind text NOT NULL CHECK (kind IN ('shared', 'unique')),
  -- the reward as an Antelope asset string, e.g. '10.0000 FERN', paid by token_contract
  reward_quantity text NOT NULL CHECK (reward_quantity ~ '^[0-9]+(\.[0-9]+)? [A-Z]{1,7}$'),
  token_contract text NOT NULL CHECK (token_contract ~ '^[a-z1-5.]{1,12}$'),
  starts_at timestamptz,
  ends_at timestamptz,
  total_cap integer CHECK (total_cap > 0),
  claimed_count integer NOT NULL DEFAULT 0 CHECK (claimed_count >= 0),
  is_welcome boolean NOT NULL DEFAULT false,
  bonus_text text,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at),
  CHECK (total_cap IS NULL OR claimed_count <= total_cap)
);
CREATE UNIQUE INDEX campaigns_one_welcome_idx ON campaigns (is_welcome) WHERE is_welcome;

-- Codes are stored normalised (trimmed, lowercase), exactly as submissions are.
CREATE TABLE codes (
  code text PRIMARY KEY CHECK (code = lower(btrim(code)) AND length(code) BETWEEN 1 AND 64),
  campaign_id integer NOT NULL REFERENCES campaigns (id),
  -- NULL for a shared code; 1 then 0 for a unique code
  uses_left integer CHECK (uses_left >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX codes_campaign_id_idx ON codes (campaign_id);

-- One row per submitted code: the spec's pendingRewards. The unique (wax_account, code) is the
-- whole duplicate rule: no account holds a code twice, whatever state the first one is in.
CREATE TABLE rewards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL,
  wax_account text NOT NULL CHECK (wax_account ~ '^[a-z1-5.]{1,12}$'),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'processing', 'completed', 'rejected')),
  reason text,
  campaign_id integer REFERENCES campaigns (id),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (wax_account, code)
);
CREATE INDEX rewards_user_id_created_at_idx ON rewards (user_id, created_at DESC);
CREATE INDEX rewards_wax_account_created_at_idx ON rewards (wax_account, created_at DESC);
CREATE INDEX rewards_queue_idx ON rewards (next_attempt_at)
  WHERE status IN ('pending', 'processing');

-- The spec's rewardHistory: a paid reward, kept per wax account so it follows the wallet.
CREATE TABLE reward_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reward_id uuid NOT NULL UNIQUE REFERENCES rewards (id),
  wax_account text NOT NULL,
  code text NOT NULL,
  amount text NOT NULL,
  token text NOT NULL,
  transaction_id text NOT NULL CHECK (transaction_id ~ '^[0-9a-f]{64}$'),
  "timestamp" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reward_history_wax_account_timestamp_idx ON reward_history (wax_account, "timestamp" DESC);

-- The spec's completedRewards: what an account has been paid, by code.
CREATE TABLE completed_rewards (
  wax_account text NOT NULL,
  code text NOT NULL,
  reward_id uuid NOT NULL UNIQUE REFERENCES rewards (id),
  completed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (wax_account, code)
);

-- Each on-chain transfer attempt. The signed transaction and its id are stored before it is
-- broadcast, so a crash can always be resolved by re-sending it or looking it up by id.
CREATE TABLE payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reward_id uuid NOT NULL REFERENCES rewards (id),
  transaction_id text NOT NULL UNIQUE CHECK (transaction_id ~ '^[0-9a-f]{64}$'),
  signed_transaction jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'signed'
    CHECK (state IN ('signed', 'broadcast', 'confirmed', 'expired', 'failed')),
  block_num integer,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one transfer per reward may still land: a new one is made only once the last expired.
CREATE UNIQUE INDEX payouts_one_live_per_reward_idx ON payouts (reward_id)
  WHERE state IN ('signed', 'broadcast', 'confirmed');

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL,
  subject text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
