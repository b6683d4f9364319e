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

-- As in 005, but for the lookup above. A code unknown when submitted is looked up again while
-- it waits, as before: an operator may add it to the catalogue meanwhile.
CREATE OR REPLACE FUNCTION submit_reward(
  code text, wax_account text, user_id uuid, lockout_attempts integer, lockout_minutes integer,
  OUT reward_id uuid, OUT status text, OUT reason text, OUT created_at timestamptz,
  OUT locked_for float8)
LANGUAGE plpgsql AS $$
DECLARE
  failures integer;
BEGIN
  IF lockout_attempts IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('codes:user:' || user_id, 0));
    PERFORM pg_advisory_xact_lock(hashtextextended('codes:wallet:' || wax_account, 0));
    SELECT count(*)::int,
           extract(epoch FROM min(recent.updated_at) + make_interval(mins => lockout_minutes) - now())::float8
      INTO failures, locked_for
      FROM (SELECT r.updated_at FROM rewards r
             WHERE (r.user_id = submit_reward.user_id OR r.wax_account = submit_reward.wax_account)
               AND (r.rejection = 'unknown_code'
                    OR (r.status = 'pending' AND r.code_unknown
                        AND NOT EXISTS (SELECT 1 FROM codes k WHERE k.code = r.code)))
               AND r.updated_at > now() - make_interval(mins => lockout_minutes)
             ORDER BY r.updated_at DESC LIMIT lockout_attempts) AS recent;
    IF failures >= lockout_attempts AND locked_for > 0 THEN
      RETURN;
    END IF;
    locked_for := NULL;
  END IF;
  INSERT INTO rewards AS r (code, wax_account, user_id, code_unknown)
  VALUES (submit_reward.code, submit_reward.wax_account, submit_reward.user_id,
          NOT EXISTS (SELECT 1 FROM codes k WHERE k.code = submit_reward.code))
  ON CONFLICT ON CONSTRAINT rewards_wax_account_code_key DO NOTHING
  RETURNING r.id, r.status, r.reason, r.created_at INTO reward_id, status, reason, created_at;
END $$;
