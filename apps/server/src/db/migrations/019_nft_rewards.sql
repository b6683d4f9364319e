-- A campaign pays a token amount (reward_quantity from token_contract) or an AtomicAssets NFT:
-- a new asset of a template minted by the payout account (token_contract then names the
-- AtomicAssets contract). A template's schema, name and image are immutable on chain: they are
-- kept here as the campaign was created with them, for lists and previews without a chain read.
ALTER TABLE campaigns ALTER COLUMN reward_quantity DROP NOT NULL;
ALTER TABLE campaigns
  ADD COLUMN nft_collection text CHECK (nft_collection ~ '^[a-z1-5.]{1,12}$'),
  ADD COLUMN nft_schema text CHECK (nft_schema ~ '^[a-z1-5.]{1,12}$'),
  ADD COLUMN nft_template_id integer CHECK (nft_template_id > 0),
  ADD COLUMN nft_name text,
  -- the template's img as the chain holds it: an IPFS hash, or on the devchain a path from its URL
  ADD COLUMN nft_image text,
  ADD CONSTRAINT campaigns_pays_one_reward CHECK ((reward_quantity IS NULL) = (nft_collection IS NOT NULL)),
  ADD CONSTRAINT campaigns_nft_whole CHECK (
    (nft_collection IS NULL) = (nft_schema IS NULL) AND (nft_collection IS NULL) = (nft_template_id IS NULL)
    AND (nft_collection IS NULL) = (nft_name IS NULL) AND (nft_collection IS NULL) = (nft_image IS NULL));

-- A paid NFT has no amount: its history entry names the asset minted instead (found once the mint
-- is irreversible; none when the owner had already sent it on).
ALTER TABLE reward_history ALTER COLUMN amount DROP NOT NULL;
ALTER TABLE reward_history ALTER COLUMN token DROP NOT NULL;
ALTER TABLE reward_history
  ADD COLUMN asset_id text CHECK (asset_id ~ '^[0-9]{1,20}$'),
  ADD CONSTRAINT reward_history_amount_whole CHECK ((amount IS NULL) = (token IS NULL)),
  ADD CONSTRAINT reward_history_asset_or_amount CHECK (asset_id IS NULL OR amount IS NULL);

-- The template's max supply reached (checked before minting), as a reason a reward is refused.
ALTER TABLE rewards DROP CONSTRAINT rewards_rejection_check;
ALTER TABLE rewards ADD CONSTRAINT rewards_rejection_check CHECK (rejection IN (
  'unknown_code', 'not_started', 'ended', 'fully_claimed', 'nft_supply_exhausted', 'nft_pool_empty'));
