-- The human check by proof of work (fairness/). A campaign's `human_check` is 'pow' or 'off';
-- NULL follows the deployment's HUMAN_CHECK_DEFAULT, so changing the default reaches every
-- campaign that did not choose.
ALTER TABLE campaigns ADD COLUMN human_check text CHECK (human_check IN ('pow', 'off'));

-- The server's own secret, made by the first server to start on this database: every server
-- derives the same keys from it (the human check signs its challenges with one), so a challenge
-- one server issued is verified by any other. One row.
CREATE TABLE server_secret (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  secret bytea NOT NULL CHECK (length(secret) >= 32)
);

-- Challenges already solved, each kept until it expires: a solution is accepted once, whichever
-- server it reaches. Expired rows are pruned; an expired challenge is refused by its own time.
CREATE TABLE human_check_spent (
  nonce text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX human_check_spent_expiry_idx ON human_check_spent (expires_at);

-- Claims accepted through the check, by client address prefix (IPv4 /24, IPv6 /64): the number
-- of distinct accounts behind one prefix within the last hour is what raises its difficulty.
-- Rows older than the window are pruned.
CREATE TABLE human_check_claims (
  address_prefix text NOT NULL,
  wax_account text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX human_check_claims_prefix_idx ON human_check_claims (address_prefix, claimed_at);
