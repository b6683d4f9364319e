-- `POST /api/v1/grants` for a batch of grants in one statement (partner-api/grant-batches.ts): item
-- i is make_grant's arguments at [i] (`checks` a JSON array, item i's check or null), and
-- results[i] (a JSON array) is make_grant's answer, or `failed` with the SQLSTATE of an error it
-- alone met, in a subtransaction of its own. A batch commits once: grants arriving together share
-- one WAL flush and one turn at the queue of notifications, which every transaction that notifies
-- takes in turn at its commit, and waited on most (bench/grants.ts). The wallets' turns are taken
-- first, all at once and in sorted order (make_grant takes its own again, which holds), so batches
-- running at once never deadlock; an Idempotency-Key's lock is only ever tried. A replay in the
-- batch waits for those turns too, where alone it would take none: rarely long, as a wallet's turn
-- is held only through one batch. Two items under one key meet as two requests one after the other
-- would: the second is answered as the first was (replayed), or finds the key leased.
CREATE OR REPLACE FUNCTION make_grants(
  api_key_ids uuid[], idempotency_keys text[], request_hashes bytea[], lock_tokens uuid[],
  lease_seconds integer, campaign_ids integer[], wax_accounts text[], grant_references text[],
  rejection_reasons jsonb, refusals jsonb, checks jsonb)
RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  answers jsonb[] := '{}';
  lock_key bigint;
  answer record;
BEGIN
  FOR lock_key IN
    SELECT DISTINCT submission_turn_key('wallet', a) FROM unnest(wax_accounts) AS a ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
  FOR i IN 1..cardinality(api_key_ids) LOOP
    -- Two subtransactions an item (this block and make_grant's own): a batch's size (16) keeps
    -- them within PostgreSQL's cache of 64 per backend.
    BEGIN
      answer := make_grant(api_key_ids[i], idempotency_keys[i], request_hashes[i], lock_tokens[i],
                           lease_seconds, campaign_ids[i], wax_accounts[i], grant_references[i],
                           rejection_reasons, refusals,
                           CASE WHEN jsonb_typeof(checks->(i - 1)) = 'object'
                                THEN checks->(i - 1) END);
      answers := answers || to_jsonb(answer);
    EXCEPTION WHEN OTHERS THEN
      answers := answers || jsonb_build_object('failed', SQLSTATE);
    END;
  END LOOP;
  RETURN to_json(answers);
END $$;
