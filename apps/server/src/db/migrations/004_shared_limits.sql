-- Rate limits shared by every server on one database: one row per limited key and window.
-- UNLOGGED: counters are written on every limited request and worth nothing after a database
-- crash (PostgreSQL empties the table then, which only restarts the windows).
CREATE UNLOGGED TABLE rate_limit_windows (
  -- the limit's name and whose requests it counts, e.g. 'sign-in:203.0.113.7'
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits > 0),
  ends_at timestamptz NOT NULL
);
-- Ended windows are swept by this index, never by scanning the table.
CREATE INDEX rate_limit_windows_ends_at_idx ON rate_limit_windows (ends_at);
