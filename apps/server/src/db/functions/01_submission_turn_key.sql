-- The advisory lock a code submission waits its turn on: one per user (`kind` 'user', `holder`
-- the user's id) and one per wallet ('wallet', the WAX account). submit_reward takes both for
-- its submission, submit_codes all of a batch's at once; both name them here. The keys are the
-- ones earlier releases spelled out in each function, so a submission still running an earlier
-- definition while a deploy replaces it takes the same turns.
CREATE OR REPLACE FUNCTION submission_turn_key(kind text, holder text)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT hashtextextended('codes:' || kind || ':' || holder, 0)
$$;
