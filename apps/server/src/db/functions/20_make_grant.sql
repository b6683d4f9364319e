-- A partner's grant under its Idempotency-Key, in one statement (make_grants, for a batch of them:
-- partner-api/grant-batches.ts): the key taken, the account's grants counted against the campaign's
-- `grants_per_account`, a single-use code made for the grant and submitted through submit_reward as
-- a visitor's code would be (the same catalogue, rules, limits and budgets), the grant recorded,
-- and its answer stored with the key, all committed together. So a server killed at any point
-- either committed the grant and its answer, which a retry gets again, or nothing, and the retry
-- grants anew (with its batch).
--
-- A key answered before gives its stored `status` and `body`, `replayed`; one stored with another
-- `request_hash` is `reused`. Requests that would write under one key take turns on an advisory
-- lock: one that finds it held (by another batch) is told the key is `in_use` at once rather than
-- waiting, as is one that finds the key leased to another request whose lease is not over. A
-- second request under the key in the same batch holds the lock already, and finds the first's
-- answer or lease.
--
-- A campaign whose chain rules (or check URL) submit_reward must first see checked answers
-- `eligibility_required`: nothing is granted, and the key is leased to `lock_token` for
-- `lease_seconds`, committed, while the server checks the chain (which no transaction should
-- wait on), then calls again with the same token and `checked`. A campaign without rules is
-- granted in the first call and never leased.
--
-- A refusal (the limit, or the catalogue's: submit_reward's rejection) grants nothing, not even a
-- rejected reward, and is stored as the key's answer: `refusals` is the server's error catalogue,
-- each refusal's code to its {status, body}, so no wording lives here.
CREATE OR REPLACE FUNCTION make_grant(
  api_key_id uuid, idempotency_key text, request_hash bytea, lock_token uuid,
  lease_seconds integer, campaign_id integer, wax_account text, reference text,
  rejection_reasons jsonb, refusals jsonb, checked jsonb,
  OUT status integer, OUT body jsonb, OUT replayed boolean, OUT refusal text,
  OUT eligibility_required integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  held record;
  allowed integer;
  granted integer;
  submitted record;
  -- 128 random bits, as a claim link's code has
  grant_code text := 'grant-' || replace(gen_random_uuid()::text, '-', '');
BEGIN
  replayed := false;
  -- Read once as is: an answered key (a replay, of which many may come at once) or one another
  -- request holds needs no turn. Otherwise read again once this request's turn is taken, which
  -- sees whatever the key's last holder committed (a fresh snapshot per statement).
  FOR attempt IN 1..2 LOOP
    SELECT i.request_hash, i.lock_token, i.locked_until, i.response_status, i.response_body
      INTO held
      FROM idempotency_keys i
     WHERE i.api_key_id = make_grant.api_key_id AND i.key = make_grant.idempotency_key;
    IF FOUND THEN
      IF held.request_hash <> make_grant.request_hash THEN
        refusal := 'reused';
        RETURN;
      END IF;
      IF held.response_status IS NOT NULL THEN
        status := held.response_status;
        body := held.response_body;
        replayed := true;
        RETURN;
      END IF;
      -- Leased to this request (back from its chain check), or to one whose server died.
      IF held.lock_token IS DISTINCT FROM make_grant.lock_token AND held.locked_until > now() THEN
        refusal := 'in_use';
        RETURN;
      END IF;
    END IF;
    EXIT WHEN attempt = 2;
    IF NOT pg_try_advisory_xact_lock(hashtextextended(
         'idempotency:' || make_grant.api_key_id || ':' || make_grant.idempotency_key, 0)) THEN
      refusal := 'in_use';
      RETURN;
    END IF;
  END LOOP;

  -- The account's grants take turns with its claims (the wallet's submission turn), so the
  -- count sees every grant committed before and the limit is never exceeded.
  PERFORM pg_advisory_xact_lock(submission_turn_key('wallet', make_grant.wax_account));
  SELECT c.grants_per_account INTO allowed FROM campaigns c WHERE c.id = make_grant.campaign_id;
  -- Counted only under a limit: an account may hold thousands of a game's unlimited grants.
  IF allowed IS NOT NULL THEN
    SELECT count(*)::integer INTO granted
      FROM grants g JOIN rewards r ON r.id = g.reward_id
     WHERE g.campaign_id = make_grant.campaign_id AND g.wax_account = make_grant.wax_account
       AND r.status <> 'rejected';
    IF granted >= allowed THEN
      status := (refusals->'GRANTS_PER_ACCOUNT_REACHED'->>'status')::integer;
      body := refusals->'GRANTS_PER_ACCOUNT_REACHED'->'body';
    END IF;
  END IF;

  IF status IS NULL THEN
    -- A block of its own: what it wrote is undone (by raising) when the submission is refused
    -- or must come back checked, while the key's lease or answer, written after it, stays.
    BEGIN
      INSERT INTO codes (code, campaign_id, uses_left)
      VALUES (grant_code, make_grant.campaign_id, 1);
      submitted := submit_reward(grant_code, make_grant.wax_account, NULL, NULL, NULL,
                                 make_grant.rejection_reasons, make_grant.checked);
      IF submitted.eligibility_required IS NOT NULL OR submitted.rejection IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'FWG01';
      END IF;
      IF submitted.reward_id IS NULL THEN
        RAISE EXCEPTION 'a grant''s fresh code % was held already', grant_code;
      END IF;
      INSERT INTO grants (reward_id, api_key_id, campaign_id, wax_account, reference)
      VALUES (submitted.reward_id, make_grant.api_key_id, make_grant.campaign_id,
              make_grant.wax_account, make_grant.reference);
    EXCEPTION WHEN SQLSTATE 'FWG01' THEN
      NULL;
    END;
    IF submitted.eligibility_required IS NOT NULL THEN
      INSERT INTO idempotency_keys AS i (api_key_id, key, request_hash, lock_token, locked_until)
      VALUES (make_grant.api_key_id, make_grant.idempotency_key, make_grant.request_hash,
              make_grant.lock_token, now() + make_interval(secs => make_grant.lease_seconds))
      ON CONFLICT (api_key_id, key) DO UPDATE
         SET lock_token = EXCLUDED.lock_token, locked_until = EXCLUDED.locked_until;
      eligibility_required := submitted.eligibility_required;
      RETURN;
    ELSIF submitted.rejection IS NOT NULL THEN
      status := (refusals->submitted.rejection->>'status')::integer;
      body := refusals->submitted.rejection->'body';
    ELSE
      status := 201;
      body := jsonb_build_object('grant', grant_shape(submitted.reward_id));
    END IF;
  END IF;

  INSERT INTO idempotency_keys AS i (api_key_id, key, request_hash, response_status, response_body)
  VALUES (make_grant.api_key_id, make_grant.idempotency_key, make_grant.request_hash,
          make_grant.status, make_grant.body)
  ON CONFLICT (api_key_id, key) DO UPDATE
     SET lock_token = NULL, locked_until = NULL,
         response_status = EXCLUDED.response_status, response_body = EXCLUDED.response_body;
END $$;
