-- Whether a code is in the catalogue is looked up once, as it is submitted, instead of again for
-- every pending reward of the submitter on each of their next submissions: the lockout used to
-- read all of a visitor's rewards still waiting for the worker, however many valid ones there
-- were, and now reads only those whose code was unknown when they came.
ALTER TABLE rewards ADD COLUMN code_unknown boolean NOT NULL DEFAULT false;
UPDATE rewards r SET code_unknown = true
 WHERE r.status = 'pending' AND NOT EXISTS (SELECT 1 FROM codes k WHERE k.code = r.code);

DROP INDEX rewards_pending_user_idx;
DROP INDEX rewards_pending_account_idx;
CREATE INDEX rewards_pending_unknown_user_idx ON rewards (user_id, updated_at)
  WHERE status = 'pending' AND code_unknown;
CREATE INDEX rewards_pending_unknown_account_idx ON rewards (wax_account, updated_at)
  WHERE status = 'pending' AND code_unknown;
