-- Whether payouts are paused for the payout account's resources (migration 018): the default of
-- rewards.delayed, so that a code submitted during a pause shows 'delayed' from the start.
CREATE OR REPLACE FUNCTION payouts_paused() RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM payout_pause WHERE resource IS NOT NULL);
END $$;
