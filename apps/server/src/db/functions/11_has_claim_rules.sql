-- Whether a campaign has any of the rules claim_rules_verdict (11_claim_rules_verdict.sql) looks
-- at, from its campaigns row: said once, beside the verdict, so that a rule added to one is added
-- to the other. Plain SQL, inlined where it is called (submit_reward calls the verdict only when
-- this holds).
CREATE OR REPLACE FUNCTION has_claim_rules(
  allowlist_required boolean, rules_on_chain boolean, check_url text, claim_group text)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT allowlist_required OR rules_on_chain OR check_url IS NOT NULL OR claim_group IS NOT NULL
$$;
