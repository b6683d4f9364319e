-- One claim per NFT (migration 030), for submit_reward once every other rule let `code` through:
-- for a campaign that counts each qualifying asset once, takes for `reward_id` (the reward about
-- to be inserted) the first of the wallet's qualifying assets (`checked`'s `assets`, read from
-- the chain by the server: rewards/eligible-submissions.ts) that no claim of the campaign, or of
-- its group, has taken. The primary key decides, not a read: a conflict (another claim took the
-- asset, committed or not, on any server) waits for that claim and moves on to the next asset.
-- The server offers the assets of the holds-NFT conditions through which the wallet meets the
-- campaign's rule tree (campaigns/rule-verdict.ts). Returns the refusal when none is left, naming
-- the tree's first holds-NFT condition; null when one was taken or the campaign does not count
-- assets.
CREATE OR REPLACE FUNCTION take_qualifying_asset(code text, checked jsonb, reward_id uuid)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  campaign record;
  asset text;
  taken text;
BEGIN
  SELECT c.id, c.claim_group, r.rule
    INTO campaign
    FROM codes k JOIN campaigns c ON c.id = k.campaign_id
    CROSS JOIN LATERAL jsonb_path_query_first(c.rules, '$.** ? (@.rule == "holds_nft")') AS r (rule)
   WHERE k.code = take_qualifying_asset.code AND c.once_per_asset;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  FOR asset IN
    SELECT jsonb_array_elements_text(coalesce(checked->'assets', '[]'))
  LOOP
    INSERT INTO claim_qualifying_assets (scope, asset_id, campaign_id, reward_id)
    VALUES (CASE WHEN campaign.claim_group IS NULL THEN 'campaign:' || campaign.id
                 ELSE 'group:' || campaign.claim_group END,
            asset, campaign.id, take_qualifying_asset.reward_id)
    ON CONFLICT DO NOTHING
    RETURNING asset_id INTO taken;
    IF taken IS NOT NULL THEN
      RETURN NULL;
    END IF;
  END LOOP;
  RETURN campaign.rule || '{"rule": "once_per_asset"}';
END $$;
