-- A code submission in one round trip.

-- Counting a rate-limit window, in one home: the store behind every limit
-- (http/rate-limit-store.ts) and the code submission below both count through it. Keys are taken
-- in their sorted order, so two statements sharing keys never deadlock.
CREATE FUNCTION count_hits(hit_keys text[], hit_secs float8[])
RETURNS TABLE (key text, hits integer, ms_left integer) LANGUAGE sql AS $$
  INSERT INTO rate_limit_windows AS w (key, hits, ends_at)
  SELECT hit.key, 1, now() + make_interval(secs => hit.secs)
    FROM unnest(hit_keys, hit_secs) AS hit(key, secs)
   ORDER BY hit.key
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN w.ends_at <= now() THEN 1 ELSE w.hits + 1 END,
    ends_at = CASE WHEN w.ends_at <= now() THEN excluded.ends_at ELSE w.ends_at END
  RETURNING w.key, w.hits, ceil(extract(epoch FROM w.ends_at - now()) * 1000)::int
$$;

-- `POST /api/codes` in one statement: the session, the client address's and the user's limits,
-- then the submission (submit_reward, with its turns and lockout). A procedure, so the counts
-- commit before the submission starts: every submission from one address shares that
-- address's row, and holding its lock until the submission's commit (a WAL flush) would make
-- them all wait in line. Nothing is counted for a request without a live session. Says, in this
-- order of checks: no user (not signed in); the limit that is over ('address' or 'user') and
-- when it lifts; a user without a wallet; then submit_reward's answer. A null code (unusable)
-- is counted against the limits and submits nothing.
CREATE PROCEDURE submit_code(
  session_hash bytea, code text, client_address text, window_secs float8,
  per_address integer, per_user integer, lockout_attempts integer, lockout_minutes integer,
  OUT user_id uuid, OUT wax_account text, OUT limited text, OUT limited_ms_left integer,
  OUT reward_id uuid, OUT status text, OUT reason text, OUT created_at timestamptz,
  OUT locked_for float8)
LANGUAGE plpgsql AS $$
DECLARE
  address_key text := 'codes-per-address:' || client_address;
BEGIN
  SELECT u.id, u.wax_account INTO user_id, wax_account
    FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.token_hash = session_hash AND s.expires_at > now();
  IF user_id IS NULL THEN
    RETURN;
  END IF;
  SELECT CASE WHEN hit.key = address_key THEN 'address' ELSE 'user' END, hit.ms_left
    INTO limited, limited_ms_left
    FROM count_hits(ARRAY[address_key, 'codes-per-user:' || user_id],
                    ARRAY[window_secs, window_secs]) AS hit
   WHERE hit.hits > CASE WHEN hit.key = address_key THEN per_address ELSE per_user END
   ORDER BY hit.key = address_key DESC
   LIMIT 1;
  COMMIT;
  IF limited IS NOT NULL OR submit_code.code IS NULL OR wax_account IS NULL THEN
    RETURN;
  END IF;
  SELECT r.reward_id, r.status, r.reason, r.created_at, r.locked_for
    INTO reward_id, status, reason, created_at, locked_for
    FROM submit_reward(submit_code.code, wax_account, user_id, lockout_attempts,
                       lockout_minutes) AS r;
END $$;
