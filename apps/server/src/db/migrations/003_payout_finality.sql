-- Payout finality: a reward whose transfer the chain has executed is 'confirming' until the
-- block holding it is irreversible; only then is it 'completed', with its history entry. A
-- confirming reward stays in the workers' queue: they come back to check its finality.
ALTER TABLE rewards DROP CONSTRAINT rewards_status_check;
ALTER TABLE rewards ADD CONSTRAINT rewards_status_check
  CHECK (status IN ('pending', 'processing', 'confirming', 'completed', 'rejected'));

DROP INDEX rewards_queue_idx;
CREATE INDEX rewards_queue_idx ON rewards (next_attempt_at)
  WHERE status IN ('pending', 'processing', 'confirming');

-- From here on payouts.block_num is the block the node said it executed the transfer in (a
-- hint: a fork or a producer may put it elsewhere) until the payout is confirmed, and then the
-- irreversible block that holds it. A 'failed' payout (refused by a node) is not proof that it
-- never landed: it is settled like any other before a new transfer is signed.
