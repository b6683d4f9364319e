-- Rules that combine (fair claims): a campaign's rules become one tree, stored as data
-- (campaigns/rule-trees.ts, the protocol's RuleTreeSchema): `all` / `any` groups of conditions
-- (the allowlist, a balance, NFTs held, an account's age), nested. Each campaign's rules so far,
-- its allowlist and its list of chain rules, all of which a claim had to meet, become one `all`
-- group of them, in that order.
ALTER TABLE campaigns ADD COLUMN rules jsonb;
UPDATE campaigns
   SET rules = jsonb_build_object('all',
         CASE WHEN has_allowlist THEN '[{"rule": "allowlist"}]'::jsonb ELSE '[]'::jsonb END
         || coalesce(chain_rules, '[]'::jsonb))
 WHERE has_allowlist OR chain_rules IS NOT NULL;
-- `chain_rules` stays, as it was, for the previous release's servers through a rolling deploy
-- (they read it); nothing writes it now, and the next release drops it. `has_allowlist` comes back
-- below, derived from the tree, under the same name those servers read.
ALTER TABLE campaigns DROP COLUMN has_allowlist;

-- What a claim needs to know of the tree, derived from it so the two never disagree and read as
-- columns, so a campaign without rules pays nothing for them on the submission's hot path
-- (claim_rules_verdict): whether the tree asks for the allowlist; whether no claim meets it off
-- the allowlist (then the database refuses an unlisted account at once, before any chain read:
-- the allowlist is a member of its top-level `all` group, or every condition is the allowlist);
-- and whether the chain answers part of it (then the server checks the wallet against the whole
-- tree first: rewards/eligible-submissions.ts).
ALTER TABLE campaigns
  ADD COLUMN has_allowlist boolean NOT NULL GENERATED ALWAYS AS (
    coalesce(rules @? '$.** ? (@.rule == "allowlist")', false)) STORED,
  ADD COLUMN allowlist_required boolean NOT NULL GENERATED ALWAYS AS (
    coalesce(rules @? '$.** ? (@.rule == "allowlist")'
             AND (rules @? '$.all[*] ? (@.rule == "allowlist")'
                  OR NOT rules @? '$.** ? (@.rule != "allowlist")'), false)) STORED,
  ADD COLUMN rules_on_chain boolean NOT NULL GENERATED ALWAYS AS (
    coalesce(rules @? '$.** ? (@.rule != "allowlist")', false)) STORED;
