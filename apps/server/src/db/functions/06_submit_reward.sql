-- One code submission: the submitter's and the wallet's turn, the unknown-code lockout, and the
-- insert (whose trigger announces it). A volatile function reads with a fresh snapshot per
-- statement, so once its turn comes the count sees every submission committed before. Always
-- user, then wallet: no two submissions wait on each other in a circle. Returns the new reward
-- (with its shape as the dashboard lists it, taken from the inserted row rather than read back),
-- or none when the account holds the code already, or the seconds the submitter must still
-- wait. A code the catalogue refuses as it stands (unknown, its campaign not started or over, or
-- the campaign's own rules unmet: claim_rules_verdict) is refused on the spot: the reward is
-- inserted rejected, with its rejection and the reason of `rejection_reasons` (the catalogue's,
-- by rejection), so the submitter's answer says why at once; only a cap, taken by the worker
-- under its locks, can still refuse a code accepted here. A campaign with chain rules not yet
-- `checked` for this wallet answers `eligibility_required` and inserts nothing.
-- Whether a code was in the catalogue is also kept (code_unknown) for rewards an older server
-- left waiting, which the lockout looks up again, as an operator may add their code meanwhile.
-- `address_prefix`, the network a visitor's claim came from (null for a partner's grant), is kept
-- on the claim it accepts, for the human check's difficulty and the campaign's farm report.
DROP FUNCTION IF EXISTS submit_reward(text, text, uuid, integer, integer);
DROP FUNCTION IF EXISTS submit_reward(text, text, uuid, integer, integer, jsonb);
-- Its OUT columns gained the reward's shape: a new result type, which REPLACE cannot give.
DROP FUNCTION IF EXISTS submit_reward(text, text, uuid, integer, integer, jsonb, jsonb);
CREATE OR REPLACE FUNCTION submit_reward(
  code text, wax_account text, user_id uuid, lockout_attempts integer, lockout_minutes integer,
  rejection_reasons jsonb, checked jsonb, address_prefix text DEFAULT NULL,
  OUT reward_id uuid, OUT status text, OUT rejection text, OUT reason text,
  OUT created_at timestamptz, OUT locked_for float8, OUT rejection_detail jsonb,
  OUT eligibility_required integer, OUT reward jsonb)
LANGUAGE plpgsql AS $$
-- The duplicate rule's ON CONFLICT names the columns code and wax_account, as the parameters are
-- named: every other use of a parameter here is qualified (submit_reward.code).
#variable_conflict use_column
DECLARE
  failures integer;
  verdict text;
  -- the reward's id, known before its insert: one claim per NFT records its asset for it first
  new_reward uuid := gen_random_uuid();
  -- the campaign's review window: an accepted claim is due to the workers once it has passed
  review_seconds integer;
  -- the campaign counts each qualifying NFT once: read with the verdict, so a campaign that does
  -- not pays no statement for it
  counts_assets boolean;
  -- the campaign pays an NFT: kept on the reward, whose shape shows its art while it waits
  pays_nft boolean;
  -- the campaign has rules of its own (has_claim_rules): read with the verdict, so that a
  -- campaign without any pays no call for them
  has_rules boolean;
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
  -- The catalogue's verdict as the worker's redeemCodes (campaigns/catalogue.ts) would reach it,
  -- from the code's standing, short of what remains: the worker counts that under the
  -- campaign's lock, which a submission does not take, so a spent campaign is its to refuse.
  SELECT CASE WHEN c.id IS NULL THEN 'unknown_code'
              WHEN s.refusal <> 'fully_claimed' THEN s.refusal END,
         c.payout_delay_seconds, c.once_per_asset, c.nft_collection IS NOT NULL,
         has_claim_rules(c.allowlist_required, c.rules_on_chain, c.check_url, c.claim_group)
    INTO verdict, review_seconds, counts_assets, pays_nft, has_rules
    FROM (SELECT 1) AS one
    LEFT JOIN codes k ON k.code = submit_reward.code
    LEFT JOIN campaigns c ON c.id = k.campaign_id
    -- the code's standing: its campaign's, ended at a claim link's own expiry (code_standing)
    LEFT JOIN LATERAL code_standing(k.expires_at, c.starts_at, c.ends_at, c.closed_at,
                                    c.claimed_count, c.total_cap, c.budget_rewards) s ON true;
  -- Then the campaign's own rules (claim_rules_verdict): nothing is inserted while its chain
  -- rules are yet to be checked, so the submission can come back checked.
  IF verdict IS NULL AND has_rules THEN
    SELECT v.verdict, v.detail, v.eligibility_required
      INTO verdict, rejection_detail, eligibility_required
      FROM claim_rules_verdict(submit_reward.code, submit_reward.wax_account, checked) AS v;
    IF eligibility_required IS NOT NULL THEN
      RETURN;
    END IF;
  END IF;
  -- Last, one claim per NFT takes the asset that qualifies it (take_qualifying_asset).
  IF verdict IS NULL AND counts_assets THEN
    rejection_detail := take_qualifying_asset(submit_reward.code, checked, new_reward);
    IF rejection_detail IS NOT NULL THEN
      verdict := 'not_eligible';
    END IF;
  END IF;
  INSERT INTO rewards AS r (id, code, wax_account, user_id, code_unknown, status, rejection, reason,
                            rejection_detail, next_attempt_at, address_prefix, pays_nft)
  VALUES (new_reward, submit_reward.code, submit_reward.wax_account, submit_reward.user_id,
          verdict IS NOT DISTINCT FROM 'unknown_code', CASE WHEN verdict IS NULL THEN 'pending' ELSE 'rejected' END,
          verdict, rejection_reasons->>verdict, submit_reward.rejection_detail,
          now() + make_interval(secs => coalesce(review_seconds, 0)),
          CASE WHEN verdict IS NULL THEN submit_reward.address_prefix END,
          verdict IS NULL AND pays_nft)
  ON CONFLICT (wax_account, code) WHERE duplicate_of IS NULL DO NOTHING
  RETURNING r.id, r.status, r.rejection, r.reason, r.created_at, r.rejection_detail, reward_shape(r)
       INTO reward_id, status, rejection, reason, created_at, rejection_detail, reward;
  -- The account held the code already: the asset taken for the reward not inserted goes back.
  IF reward_id IS NULL AND counts_assets THEN
    DELETE FROM claim_qualifying_assets q WHERE q.reward_id = new_reward;
  END IF;
END $$;
