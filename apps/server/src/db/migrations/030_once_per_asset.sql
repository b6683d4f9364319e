-- One claim per NFT (fair claims): a holders-only campaign may count each qualifying asset once,
-- so one NFT handed from wallet to wallet qualifies one claim, not one per wallet.
ALTER TABLE campaigns ADD COLUMN once_per_asset boolean NOT NULL DEFAULT false;

-- The asset that qualified each claim of such a campaign. `scope` is what an asset qualifies
-- once: the campaign's group when it has one ('group:<name>'), else the campaign
-- ('campaign:<id>'), as it stood when the claim was made. The unique index is what keeps two
-- claims on any number of servers from taking one asset: submit_reward inserts the row in the
-- transaction of the reward and takes another asset when it conflicts. The reward's row is
-- inserted after its asset's, in the same transaction: hence the deferred key.
CREATE TABLE claim_qualifying_assets (
  scope text NOT NULL,
  asset_id text NOT NULL,
  campaign_id integer NOT NULL REFERENCES campaigns (id),
  reward_id uuid NOT NULL UNIQUE REFERENCES rewards (id) DEFERRABLE INITIALLY DEFERRED,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, asset_id)
);

-- A claim refused after it was accepted gives its asset back: a placeholder, defined in
-- db/functions (18_).
CREATE FUNCTION release_qualifying_asset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RETURN NULL; END $$;
CREATE TRIGGER rewards_release_qualifying_asset AFTER UPDATE OF status ON rewards
  FOR EACH ROW WHEN (NEW.status = 'rejected' AND OLD.status <> 'rejected')
  EXECUTE FUNCTION release_qualifying_asset();
