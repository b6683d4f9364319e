-- Where a campaign stands now, decided here once for the submission, the worker, a claim link's
-- preview, the console, the CLI and the kiosk (campaigns/standing.ts passes it a campaigns row).
-- `phase`: closed first, as an operator's close holds whatever the window says; then scheduled
-- before its start, ended from its end, spent once its claims reach its cap or its budget (a
-- spent budget refuses as a reached cap does), open otherwise. `remaining`: the rewards its cap
-- and budget still allow, the smaller of the two; null with neither. `refusal`: what a claim on
-- it is refused as now, in the protocol's words, which have no 'closed' nor 'spent'; null while
-- open. Plain SQL, stable and not strict, so the planner inlines it into each caller's query.
CREATE OR REPLACE FUNCTION campaign_standing(
  starts_at timestamptz, ends_at timestamptz, closed_at timestamptz,
  claimed_count integer, total_cap integer, budget_rewards integer)
RETURNS TABLE (phase text, remaining integer, refusal text)
LANGUAGE sql STABLE AS $$
  -- least and greatest pass over a null: this one keeps an unlimited campaign's remaining null.
  SELECT p.phase, l.reward_limit - least(claimed_count, l.reward_limit),
         CASE p.phase WHEN 'open' THEN NULL
                      WHEN 'scheduled' THEN 'not_started'
                      WHEN 'spent' THEN 'fully_claimed'
                      ELSE 'ended' END
    FROM (SELECT least(total_cap, budget_rewards) AS reward_limit) l
   CROSS JOIN LATERAL (
     SELECT CASE WHEN closed_at IS NOT NULL THEN 'closed'
                 WHEN starts_at > now() THEN 'scheduled'
                 WHEN ends_at <= now() THEN 'ended'
                 WHEN claimed_count >= l.reward_limit THEN 'spent'
                 ELSE 'open' END AS phase) p
$$;
