-- One record of the network each claim came from (IPv4 /24, IPv6 /64: fairness/address-prefix.ts),
-- on the claim itself: submit_reward writes it with the reward, in the submission's own statement.
-- It replaces two records of the same fact, each a statement of its own on the hot path:
-- `claim_addresses` (the farm report's, written by submit_codes beside every accepted claim) and
-- `human_check_claims` (the human check's, written in a round trip after each checked claim).
-- The human check's difficulty counts the accounts behind a network in the last hour through the
-- index; the farm report reads a campaign's claims through its codes. Null for a claim not made
-- from a browser (a partner's grant) and for one refused at submission.
-- Both old tables stay for the previous release's servers through a rolling deploy: they write
-- and read them, through the submit_codes those servers call (its old signature, no longer in
-- db/functions, left as that release defined it). The next release drops all three.
ALTER TABLE rewards ADD COLUMN address_prefix text;
UPDATE rewards r SET address_prefix = a.address_prefix
  FROM claim_addresses a WHERE a.reward_id = r.id;
CREATE INDEX rewards_address_prefix_idx ON rewards (address_prefix, created_at)
  INCLUDE (wax_account) WHERE address_prefix IS NOT NULL;
