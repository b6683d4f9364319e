-- `POST /api/codes` for a batch of submissions in one statement (rewards/submit-codes.ts, batched
-- by rewards/submission-batches.ts): item i is session_hashes[i], codes[i], client_addresses[i]
-- (the rate limits') and address_prefixes[i] (its network, kept on an accepted claim), and
-- results[i] (a JSON array) is its answer: `user` (false without a live session, when nothing is
-- counted), `limited` ('address' or 'user') with `ms_left`, `wallet` (false without one), then
-- what the server reads of submit_reward's answer (`reward`, the new reward as its list shows it,
-- by reward_shape; `locked_for`; `eligibility_required` with the `account` to check), or
-- `failed` with the SQLSTATE of an error it alone met.
-- A null code (unusable) is counted against the limits and submits nothing.
-- An error outside any one submission (a lost connection) fails the whole batch, its
-- counts kept. Each item is counted and decided in its place in the batch, as if sent alone in
-- that order. A procedure, so the counts commit before the submissions start: every submission
-- from one address shares that address's row, and holding its lock until the submissions'
-- commit (a WAL flush) would make them all wait in line. Locks are taken in one sorted order,
-- the counters' by count_hits and the turns' below, so batches running at once (from any
-- number of servers) never deadlock. `checks` (a JSON array, or null) holds item i's eligibility
-- check when the server made one (rewards/eligible-submissions.ts): such an item comes back after
-- answering `eligibility_required`, was counted then, and is not counted again.
DROP PROCEDURE IF EXISTS submit_codes(
  bytea[], text[], text[], float8, integer, integer, integer, integer, json);
DROP PROCEDURE IF EXISTS submit_codes(
  bytea[], text[], text[], float8, integer, integer, integer, integer, jsonb);
CREATE OR REPLACE PROCEDURE submit_codes(
  session_hashes bytea[], codes text[], client_addresses text[], address_prefixes text[],
  window_secs float8,
  per_address integer, per_user integer, lockout_attempts integer, lockout_minutes integer,
  rejection_reasons jsonb, checks jsonb, OUT results json)
LANGUAGE plpgsql AS $$
DECLARE
  user_ids uuid[];
  accounts text[];
  hit_keys text[];
  -- per key: the count after this batch, the time left in its window, and this batch's hits
  counted jsonb;
  seen jsonb := '{}';
  limits text[];
  waits integer[];
  answers jsonb[] := '{}';
  address_key text;
  user_key text;
  lock_key bigint;
  answer record;
BEGIN
  SELECT array_agg(u.id ORDER BY h.i), array_agg(u.wax_account ORDER BY h.i)
    INTO user_ids, accounts
    FROM unnest(session_hashes) WITH ORDINALITY AS h(hash, i)
    LEFT JOIN sessions s ON s.token_hash = h.hash AND s.expires_at > now()
    LEFT JOIN users u ON u.id = s.user_id;
  hit_keys := ARRAY(
    SELECT k.key FROM generate_subscripts(codes, 1) AS i,
           LATERAL (VALUES ('codes-per-address:' || client_addresses[i]),
                           ('codes-per-user:' || user_ids[i])) AS k(key)
     WHERE user_ids[i] IS NOT NULL AND jsonb_typeof(checks->(i - 1)) IS DISTINCT FROM 'object');
  SELECT jsonb_object_agg(c.key, jsonb_build_array(c.hits, c.ms_left,
           (SELECT count(*) FROM unnest(hit_keys) AS k WHERE k = c.key)))
    INTO counted
    FROM count_hits(hit_keys, array_fill(window_secs, ARRAY[cardinality(hit_keys)])) AS c;
  COMMIT;

  limits := array_fill(NULL::text, ARRAY[cardinality(codes)]);
  waits := array_fill(NULL::integer, ARRAY[cardinality(codes)]);
  FOR i IN 1..cardinality(codes) LOOP
    CONTINUE WHEN user_ids[i] IS NULL OR jsonb_typeof(checks->(i - 1)) = 'object';
    address_key := 'codes-per-address:' || client_addresses[i];
    user_key := 'codes-per-user:' || user_ids[i];
    seen := seen || jsonb_build_object(address_key, coalesce((seen->>address_key)::int, 0) + 1);
    seen := seen || jsonb_build_object(user_key, coalesce((seen->>user_key)::int, 0) + 1);
    -- The count as this item left it: the final count less the batch's hits after it.
    IF (counted->address_key->>0)::int - (counted->address_key->>2)::int
       + (seen->>address_key)::int > per_address THEN
      limits[i] := 'address';
      waits[i] := (counted->address_key->>1)::int;
    ELSIF (counted->user_key->>0)::int - (counted->user_key->>2)::int
          + (seen->>user_key)::int > per_user THEN
      limits[i] := 'user';
      waits[i] := (counted->user_key->>1)::int;
    END IF;
  END LOOP;

  -- submit_reward's turns (it takes them again, which holds), all at once and in order; also
  -- without a lockout, so two batches never wait on each other's insert of one wallet's code.
  FOR lock_key IN
    SELECT DISTINCT t.key FROM generate_subscripts(codes, 1) AS i,
           LATERAL (VALUES (submission_turn_key('user', user_ids[i]::text)),
                           (submission_turn_key('wallet', accounts[i]))) AS t(key)
     WHERE accounts[i] IS NOT NULL AND codes[i] IS NOT NULL AND limits[i] IS NULL
     ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;

  FOR i IN 1..cardinality(codes) LOOP
    IF user_ids[i] IS NULL THEN
      answers := answers || jsonb_build_object('user', false);
    ELSIF limits[i] IS NOT NULL THEN
      answers := answers
        || jsonb_build_object('user', true, 'limited', limits[i], 'ms_left', waits[i]);
    ELSIF accounts[i] IS NULL OR codes[i] IS NULL THEN
      answers := answers || jsonb_build_object('user', true, 'wallet', accounts[i] IS NOT NULL);
    ELSE
      -- In a subtransaction of its own: a submission the database refuses fails alone, not its
      -- whole batch. A batch's size (32) keeps them within PostgreSQL's cache of 64 per backend.
      -- Assigned rather than selected from: an expression, with no executor started for a scan
      -- of its one row.
      BEGIN
        answer := submit_reward(codes[i], accounts[i], user_ids[i], lockout_attempts,
                                lockout_minutes, rejection_reasons, checks->(i - 1),
                                address_prefixes[i]);
        answers := answers
          || jsonb_build_object('user', true, 'wallet', true, 'reward', answer.reward,
                                'locked_for', answer.locked_for,
                                'eligibility_required', answer.eligibility_required,
                                -- whom the server must check against the campaign's chain rules
                                'account', CASE WHEN answer.eligibility_required IS NOT NULL
                                                THEN accounts[i] END);
      EXCEPTION WHEN OTHERS THEN
        answers := answers || jsonb_build_object('user', true, 'failed', SQLSTATE);
      END;
    END IF;
  END LOOP;
  results := to_json(answers);
END $$;
