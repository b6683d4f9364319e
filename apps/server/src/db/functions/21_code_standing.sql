-- Where a code stands now: its campaign's standing (campaign_standing) with the code's own expiry
-- (a claim link's, migration 032) ending it as the campaign's end would. `ends_at` is when the
-- code stops paying, the earlier of the two, null with neither. The submission, the worker and a
-- claim link's preview read a code's standing here (campaigns/standing.ts passes it a codes row
-- and its campaigns row). Plain SQL, stable and not strict, so the planner inlines it.
CREATE OR REPLACE FUNCTION code_standing(
  expires_at timestamptz, starts_at timestamptz, campaign_ends_at timestamptz,
  closed_at timestamptz, claimed_count integer, total_cap integer, budget_rewards integer)
RETURNS TABLE (phase text, remaining integer, refusal text, ends_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT s.phase, s.remaining, s.refusal, e.ends_at
    FROM (SELECT least(campaign_ends_at, expires_at) AS ends_at) e
   CROSS JOIN LATERAL campaign_standing(starts_at, e.ends_at, closed_at, claimed_count,
                                        total_cap, budget_rewards) s
$$;
