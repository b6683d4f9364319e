-- One code submission: the submitter's and the wallet's turn, the unknown-code lockout, and the
-- insert (whose trigger announces it). A volatile function reads with a fresh snapshot per
-- statement, so once its turn comes the count sees every submission committed before. Always
-- user, then wallet: no two submissions wait on each other in a circle. Returns the new reward,
-- or none when the account holds the code already, or the seconds the submitter must still
-- wait. Whether a code is in the catalogue is looked up once, as it is submitted
-- (code_unknown), so the lockout reads only the rewards whose code was unknown then; one still
-- waiting for the worker is looked up again, as an operator may add it to the catalogue
-- meanwhile.
CREATE OR REPLACE FUNCTION submit_reward(
  code text, wax_account text, user_id uuid, lockout_attempts integer, lockout_minutes integer,
  OUT reward_id uuid, OUT status text, OUT reason text, OUT created_at timestamptz,
  OUT locked_for float8)
LANGUAGE plpgsql AS $$
DECLARE
  failures integer;
BEGIN
  IF lockout_attempts IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(submission_turn_key('user', user_id::text));
    PERFORM pg_advisory_xact_lock(submission_turn_key('wallet', wax_account));
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
