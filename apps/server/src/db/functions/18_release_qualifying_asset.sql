-- The trigger of a reward refused after it was accepted (a cap reached, a pool emptied: migration
-- 030): it paid nothing, so the asset that qualified it (take_qualifying_asset) qualifies a claim
-- again.
CREATE OR REPLACE FUNCTION release_qualifying_asset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM claim_qualifying_assets WHERE reward_id = NEW.id;
  RETURN NULL;
END $$;
