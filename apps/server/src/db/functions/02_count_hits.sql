-- Counting a rate-limit window, in one home: the store behind every limit
-- (http/rate-limit-store.ts) and the code submission (submit_codes) both count through it. Keys
-- are taken in their sorted order, so two statements sharing keys never deadlock. A key given
-- several times is counted once per time; `hits` is the count after all of them. In PL/pgSQL:
-- PostgreSQL before 18 parses and plans a SQL function's body again on every call, while
-- PL/pgSQL keeps each statement's plan for the session (pgbench, the submission's two keys:
-- 0.36 ms of PostgreSQL's CPU per call as SQL, 0.17 ms as PL/pgSQL). The conflict target is
-- named by its constraint because `key` is also an output column here.
CREATE OR REPLACE FUNCTION count_hits(hit_keys text[], hit_secs float8[])
RETURNS TABLE (key text, hits integer, ms_left integer) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  INSERT INTO rate_limit_windows AS w (key, hits, ends_at)
  SELECT hit.key, count(*), now() + make_interval(secs => max(hit.secs))
    FROM unnest(hit_keys, hit_secs) AS hit(key, secs)
   GROUP BY hit.key
   ORDER BY hit.key
  ON CONFLICT ON CONSTRAINT rate_limit_windows_pkey DO UPDATE SET
    hits = CASE WHEN w.ends_at <= now() THEN excluded.hits ELSE w.hits + excluded.hits END,
    ends_at = CASE WHEN w.ends_at <= now() THEN excluded.ends_at ELSE w.ends_at END
  RETURNING w.key, w.hits, ceil(extract(epoch FROM w.ends_at - now()) * 1000)::int;
END $$;
