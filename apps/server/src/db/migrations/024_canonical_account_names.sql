-- One account, one spelling. The chain packs a name into 64 bits where '.' is zero, so it reads
-- 'alice.wam.' and 'alice.wam..' as alice.wam; the server used to keep names as typed, so one
-- account could bind, claim, and be limited and signed out under several spellings, while every
-- payout went to the one account. Names are now refused unless spelled as the chain spells them
-- (no trailing dot: @fernwood/protocol/names); this merges what was kept under other spellings
-- into the account's own, and lets no such spelling in again.

-- What was merged, for the operator: one entry per account, naming the spellings it had.
INSERT INTO audit_log (actor, action, subject, details)
SELECT 'migration', 'account.spellings_merged', account,
       jsonb_build_object('spellings', jsonb_agg(DISTINCT spelling ORDER BY spelling))
  FROM (SELECT wax_account AS spelling, rtrim(wax_account, '.') AS account
          FROM users WHERE wax_account LIKE '%.'
        UNION
        SELECT wax_account, rtrim(wax_account, '.') FROM rewards WHERE wax_account LIKE '%.')
       AS spellings
 GROUP BY account;

-- A code the account claimed under two spellings leaves two rewards of one account and one code,
-- which an account may hold once. The one kept as the account's claim is the paid one if any,
-- else the earliest; another that was paid, or whose payout may be on its way, stays (the money
-- went) as a duplicate of it, not the account's hold on the code; one never paid goes, as the
-- duplicate submission it was would have been refused.
ALTER TABLE rewards ADD COLUMN duplicate_of uuid REFERENCES rewards (id);

WITH merged AS (
  SELECT id, first_value(id) OVER claim AS kept, row_number() OVER claim AS place
    FROM rewards
   WHERE rtrim(wax_account, '.') IN (SELECT rtrim(wax_account, '.') FROM rewards
                                      WHERE wax_account LIKE '%.')
  WINDOW claim AS (PARTITION BY rtrim(wax_account, '.'), code
                   ORDER BY status = 'completed' DESC, status <> 'rejected' DESC, created_at, id)
)
UPDATE rewards r SET duplicate_of = merged.kept
  FROM merged WHERE r.id = merged.id AND merged.place > 1;

DELETE FROM rewards r
 WHERE r.duplicate_of IS NOT NULL
   AND r.status IN ('pending', 'rejected')
   AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.reward_id = r.id)
   AND NOT EXISTS (SELECT 1 FROM nft_pool_takes t WHERE t.reward_id = r.id);

DELETE FROM completed_rewards c USING rewards r
 WHERE c.reward_id = r.id AND r.duplicate_of IS NOT NULL;

ALTER TABLE rewards DROP CONSTRAINT rewards_wax_account_code_key;

UPDATE rewards SET wax_account = rtrim(wax_account, '.') WHERE wax_account LIKE '%.';
UPDATE completed_rewards SET wax_account = rtrim(wax_account, '.') WHERE wax_account LIKE '%.';
UPDATE reward_history SET wax_account = rtrim(wax_account, '.') WHERE wax_account LIKE '%.';
UPDATE live_events SET wax_account = rtrim(wax_account, '.') WHERE wax_account LIKE '%.';
UPDATE used_identity_proofs SET wax_account = rtrim(wax_account, '.') WHERE wax_account LIKE '%.';
-- Users keep their rows (each is a visitor's own session and record): bound to one spelling,
-- their sessions end together with 'Sign out everywhere' and their claims count as one account's.
UPDATE users SET wax_account = rtrim(wax_account, '.') WHERE wax_account LIKE '%.';
UPDATE users SET wax_permission = rtrim(wax_permission, '.') WHERE wax_permission LIKE '%.';

-- The submission's duplicate rule (submit_reward's ON CONFLICT), for every claim but the
-- duplicates kept above.
CREATE UNIQUE INDEX rewards_account_code_idx ON rewards (wax_account, code)
  WHERE duplicate_of IS NULL;

-- An allowlist holds each account once.
DELETE FROM campaign_allowlists a
 WHERE a.account LIKE '%.'
   AND EXISTS (SELECT 1 FROM campaign_allowlists b
                WHERE b.campaign_id = a.campaign_id
                  AND rtrim(b.account, '.') = rtrim(a.account, '.')
                  AND length(b.account) < length(a.account));
UPDATE campaign_allowlists SET account = rtrim(account, '.') WHERE account LIKE '%.';

-- The operator's names of contracts and collections, as the chain reads them.
UPDATE campaigns SET token_contract = rtrim(token_contract, '.') WHERE token_contract LIKE '%.';
UPDATE campaigns SET nft_collection = rtrim(nft_collection, '.') WHERE nft_collection LIKE '%.';
UPDATE campaigns SET nft_schema = rtrim(nft_schema, '.') WHERE nft_schema LIKE '%.';
UPDATE campaigns
   SET chain_rules = (
         SELECT jsonb_agg(CASE
                  WHEN rule ? 'contract'
                    THEN jsonb_set(rule, '{contract}', to_jsonb(rtrim(rule ->> 'contract', '.')))
                  WHEN rule ? 'collection'
                    THEN jsonb_set(rule, '{collection}', to_jsonb(rtrim(rule ->> 'collection', '.')))
                  ELSE rule END ORDER BY position)
           FROM jsonb_array_elements(chain_rules) WITH ORDINALITY AS rules (rule, position))
 WHERE chain_rules IS NOT NULL;

-- From here on, only the chain's spelling is stored.
ALTER TABLE users
  DROP CONSTRAINT users_wax_account_check,
  ADD CONSTRAINT users_wax_account_check CHECK (wax_account ~ '^[a-z1-5.]{0,11}[a-z1-5]$'),
  DROP CONSTRAINT users_wax_permission_check,
  ADD CONSTRAINT users_wax_permission_check CHECK (wax_permission ~ '^[a-z1-5.]{0,11}[a-z1-5]$');
ALTER TABLE rewards
  DROP CONSTRAINT rewards_wax_account_check,
  ADD CONSTRAINT rewards_wax_account_check CHECK (wax_account ~ '^[a-z1-5.]{0,11}[a-z1-5]$');
ALTER TABLE reward_history
  ADD CONSTRAINT reward_history_wax_account_check CHECK (wax_account ~ '^[a-z1-5.]{0,11}[a-z1-5]$');
ALTER TABLE completed_rewards
  ADD CONSTRAINT completed_rewards_wax_account_check
  CHECK (wax_account ~ '^[a-z1-5.]{0,11}[a-z1-5]$');
ALTER TABLE campaign_allowlists
  DROP CONSTRAINT campaign_allowlists_account_check,
  ADD CONSTRAINT campaign_allowlists_account_check CHECK (account ~ '^[a-z1-5.]{0,11}[a-z1-5]$');
ALTER TABLE campaigns
  DROP CONSTRAINT campaigns_token_contract_check,
  ADD CONSTRAINT campaigns_token_contract_check
  CHECK (token_contract ~ '^[a-z1-5.]{0,11}[a-z1-5]$'),
  DROP CONSTRAINT campaigns_nft_collection_check,
  ADD CONSTRAINT campaigns_nft_collection_check
  CHECK (nft_collection ~ '^[a-z1-5.]{0,11}[a-z1-5]$'),
  DROP CONSTRAINT campaigns_nft_schema_check,
  ADD CONSTRAINT campaigns_nft_schema_check CHECK (nft_schema ~ '^[a-z1-5.]{0,11}[a-z1-5]$');
