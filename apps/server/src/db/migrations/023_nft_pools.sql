-- An NFT campaign mints a new asset of its template per claim, or (a pool) sends one of the
-- template's assets the payout account already holds.
ALTER TABLE campaigns
  ADD COLUMN nft_pool boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT campaigns_pool_is_nft CHECK (NOT nft_pool OR nft_collection IS NOT NULL);

-- Which held asset each unpaid pool reward takes: chosen before its transaction is signed and kept
-- while it may still land, so that two rewards (or two workers) never send the same asset, and a
-- transaction signed again sends the same one. The primary key is what makes two workers choosing
-- at once safe: the second's insert of a taken asset does nothing, and it chooses again. A row
-- goes once its reward is completed (its history entry then names the asset), so an asset that
-- comes back to the payout account can be handed out again.
CREATE TABLE nft_pool_takes (
  asset_id text PRIMARY KEY CHECK (asset_id ~ '^[0-9]{1,20}$'),
  reward_id uuid NOT NULL UNIQUE REFERENCES rewards (id),
  taken_at timestamptz NOT NULL DEFAULT now()
);
