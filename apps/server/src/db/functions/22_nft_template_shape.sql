-- The NFT a campaign pays, in the protocol's NftTemplate (packages/protocol/src/nfts.ts), from
-- the campaign's columns as it was created with them; null for a token campaign. The one
-- definition behind a pending reward's art (reward_shape) and a paid one's history entry
-- (campaigns/references.ts, paidNftOf). Plain SQL, so the planner inlines it.
CREATE OR REPLACE FUNCTION nft_template_shape(
  collection text, schema_name text, template_id integer, name text, image text)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN collection IS NOT NULL THEN jsonb_build_object(
    'collection', collection, 'schema', schema_name, 'templateId', template_id, 'name', name,
    'image', image) END
$$;
