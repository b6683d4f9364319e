-- The rewards engine: why a reward was refused, in a form programs can count (lockouts), and
-- where the worker finds payouts that need an operator.

-- rejected rewards carry a stable code beside the words shown to the visitor
ALTER TABLE rewards ADD COLUMN rejection text
  CHECK (rejection IN ('unknown_code', 'not_started', 'ended', 'fully_claimed'));

-- The lockout counts recent unknown-code refusals per user and per account.
CREATE INDEX rewards_unknown_code_user_idx ON rewards (user_id, updated_at)
  WHERE rejection = 'unknown_code';
CREATE INDEX rewards_unknown_code_account_idx ON rewards (wax_account, updated_at)
  WHERE rejection = 'unknown_code';

CREATE INDEX payouts_reward_id_idx ON payouts (reward_id);
CREATE INDEX payouts_failed_idx ON payouts (updated_at DESC) WHERE state = 'failed';
