-- A campaign's own rules, for submit_reward once the catalogue has accepted `code`: its rule
-- tree (migration 034), then its group's per-wallet limit. The allowlist is a lookup here when
-- the tree cannot be met off it (`allowlist_required`); a tree the chain answers part of is
-- checked whole by the server beforehand, as the database cannot reach a node (`checked` is that
-- check, see rewards/eligible-submissions.ts). submit_reward calls it only for a campaign with
-- rules. Returns the refusal (`verdict`, with `detail` for the client to word), or
-- `eligibility_required`, the campaign whose chain rules this wallet has yet to be checked
-- against, or nothing when the claim may go ahead. The limit counts under the wallet's turn
-- (submission_turn_key), so two claims of one wallet, from any number of servers, take turns:
-- the second sees the first committed, and a limit is never exceeded.
CREATE OR REPLACE FUNCTION claim_rules_verdict(
  code text, wax_account text, checked jsonb,
  OUT verdict text, OUT detail jsonb, OUT eligibility_required integer)
LANGUAGE plpgsql AS $$
DECLARE
  campaign record;
  claims integer;
  next_claim_at timestamptz;
BEGIN
  SELECT c.id, c.allowlist_required, c.rules_on_chain, c.check_url, g.name AS group_name,
         g.claims_per_wallet, g.period
    INTO campaign
    FROM codes k JOIN campaigns c ON c.id = k.campaign_id
    LEFT JOIN campaign_groups g ON g.name = c.claim_group
   WHERE k.code = claim_rules_verdict.code;
  IF campaign.allowlist_required AND NOT EXISTS (
       SELECT 1 FROM campaign_allowlists a
        WHERE a.campaign_id = campaign.id AND a.account = claim_rules_verdict.wax_account) THEN
    verdict := 'not_eligible';
    detail := jsonb_build_object('rule', 'allowlist');
    RETURN;
  END IF;
  -- The operator's own check (fairness/operator-check.ts) is asked by the server as the chain is.
  IF campaign.rules_on_chain OR campaign.check_url IS NOT NULL THEN
    IF (checked->>'campaign')::integer IS DISTINCT FROM campaign.id THEN
      eligibility_required := campaign.id;
      RETURN;
    END IF;
    IF jsonb_typeof(checked->'failed') = 'object' THEN
      verdict := 'not_eligible';
      detail := checked->'failed';
      RETURN;
    END IF;
  END IF;
  IF campaign.group_name IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(submission_turn_key('wallet', claim_rules_verdict.wax_account));
    -- The wallet's latest claims in the period, up to the limit: once the oldest of them leaves
    -- the period, a claim opens again.
    SELECT count(*)::integer, min(recent.created_at) + campaign.period
      INTO claims, next_claim_at
      FROM (SELECT r.created_at FROM rewards r
              JOIN codes k ON k.code = r.code
              JOIN campaigns c ON c.id = k.campaign_id
             WHERE r.wax_account = claim_rules_verdict.wax_account
               AND c.claim_group = campaign.group_name
               AND r.status <> 'rejected'
               AND r.created_at > now() - campaign.period
             ORDER BY r.created_at DESC LIMIT campaign.claims_per_wallet) AS recent;
    IF claims >= campaign.claims_per_wallet THEN
      verdict := 'wallet_limit_reached';
      detail := jsonb_build_object('group', campaign.group_name,
        'nextClaimAt', to_char(next_claim_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
    END IF;
  END IF;
END $$;
