-- Alerts a campaign's cap reached or budget spent by the claim that takes its last reward, in
-- that claim's transaction: once per crossing, whichever worker or path took it. An operator who
-- raises the limit later is alerted again when the new one is reached. The trigger
-- campaigns_limit_alerts (migration 022) runs it after each change of a campaign's claimed_count.
CREATE OR REPLACE FUNCTION campaign_limit_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.total_cap IS NOT NULL AND NEW.claimed_count >= NEW.total_cap
     AND OLD.claimed_count < NEW.total_cap THEN
    INSERT INTO alerts (event, data) VALUES ('campaign.cap_reached', jsonb_build_object(
      'campaign', NEW.slug, 'name', NEW.name, 'claimed', NEW.claimed_count, 'cap', NEW.total_cap));
  END IF;
  IF NEW.budget_rewards IS NOT NULL AND NEW.claimed_count >= NEW.budget_rewards
     AND OLD.claimed_count < NEW.budget_rewards THEN
    INSERT INTO alerts (event, data) VALUES ('campaign.budget_spent', jsonb_build_object(
      'campaign', NEW.slug, 'name', NEW.name, 'claimed', NEW.claimed_count,
      'budget', NEW.budget_rewards, 'reward', NEW.reward_quantity));
  END IF;
  RETURN NULL;
END $$;
