-- Where each claimant's account came from, as the farm report reads it from the chain's history
-- (fairness/claimant-origins.ts): who created it and when, and who sent its first tokens. None of
-- it ever changes, so it is read once per account, whichever campaign's report asks, and kept:
-- a report of thousands of claimants then costs the history source only its new accounts.
-- `first_funder` is null while the account had received no tokens at its last read; such a row
-- is read again (its funds alone) by the next report.
CREATE TABLE account_origins (
  wax_account text PRIMARY KEY,
  creator text NOT NULL,
  created_at timestamptz NOT NULL,
  first_funder text,
  first_funded_at timestamptz,
  read_at timestamptz NOT NULL DEFAULT now()
);
