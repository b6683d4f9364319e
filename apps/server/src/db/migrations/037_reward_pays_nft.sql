-- Whether a claim pays an NFT, recorded by the submission that accepts it (submit_reward), which
-- reads the campaign for its verdict anyway: a pending reward's shape shows the NFT's art from the
-- start, and only such a reward reads its campaign for it, so a token claim's answer and live
-- event cost what they did before NFTs had art. Claims waiting now are marked here.
ALTER TABLE rewards ADD COLUMN pays_nft boolean NOT NULL DEFAULT false;

UPDATE rewards r SET pays_nft = true
  FROM codes k JOIN campaigns c ON c.id = k.campaign_id
 WHERE r.status = 'pending' AND k.code = r.code AND c.nft_collection IS NOT NULL;
