-- Partner webhooks' events (migration 029's triggers): a reward of a campaign some endpoint
-- follows was paid for good (its history entry: `reward.completed`, with the transaction and,
-- for an NFT, the asset) or refused (`reward.rejected`, with why), for grants and code claims
-- alike. Each is written to the outbox `webhook_deliveries`, one row per endpoint, in the
-- transaction of the change, so it is delivered if, and once, that commits.
-- (plpgsql: its body is checked when it first runs, once migration 029 made its tables.)
CREATE OR REPLACE FUNCTION enqueue_reward_webhook(
  event text, reward_id uuid, wax_account text, code text, campaign_id integer, details jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (endpoint_id, event, reward_id, data)
  SELECT e.id, enqueue_reward_webhook.event, enqueue_reward_webhook.reward_id,
         jsonb_build_object('rewardId', enqueue_reward_webhook.reward_id, 'campaign', c.slug,
                            'account', enqueue_reward_webhook.wax_account,
                            'grant', g.reward_id IS NOT NULL, 'reference', g.reference)
         || details
    FROM campaigns c
    JOIN webhook_endpoint_campaigns ec ON ec.campaign_id = c.id
    JOIN webhook_endpoints e ON e.id = ec.endpoint_id
    LEFT JOIN grants g ON g.reward_id = enqueue_reward_webhook.reward_id
   WHERE c.id = coalesce(enqueue_reward_webhook.campaign_id,
                         (SELECT k.campaign_id FROM codes k WHERE k.code = enqueue_reward_webhook.code))
     AND e.removed_at IS NULL AND enqueue_reward_webhook.event = ANY (e.events);
END $$;
