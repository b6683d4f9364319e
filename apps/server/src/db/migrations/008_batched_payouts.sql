-- Batched payouts: one signed transaction pays several rewards, one transfer action each. The
-- signed transaction is stored once, here; every reward it pays keeps its own payouts row, whose
-- state moves with the transaction's (all rows of a transaction at once). So "at most one
-- transfer per reward may still land" stays a unique index, and whatever reads a reward's payout
-- (the pending list, reconcile, failed payouts) reads it as before.
CREATE TABLE payout_transactions (
  transaction_id text PRIMARY KEY CHECK (transaction_id ~ '^[0-9a-f]{64}$'),
  signed_transaction jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  -- how many transfers (rewards) it carries
  transfers integer NOT NULL CHECK (transfers > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO payout_transactions (transaction_id, signed_transaction, expires_at, transfers, created_at)
  SELECT transaction_id, signed_transaction, expires_at, 1, created_at FROM payouts;

ALTER TABLE payouts DROP CONSTRAINT payouts_transaction_id_key;
ALTER TABLE payouts DROP COLUMN signed_transaction;
ALTER TABLE payouts DROP COLUMN expires_at;
ALTER TABLE payouts ADD CONSTRAINT payouts_transaction_id_fkey
  FOREIGN KEY (transaction_id) REFERENCES payout_transactions (transaction_id);
ALTER TABLE payouts ADD CONSTRAINT payouts_transaction_reward_key UNIQUE (transaction_id, reward_id);
