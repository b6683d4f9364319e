-- Kiosk codes (admin/kiosk.ts): one-use codes a kiosk screen shows, one at a time, each until it
-- is claimed or replaced. `kiosk_until` is when its kiosk replaces it at the latest: a code still
-- unused past it belongs to a kiosk that stopped without retiring it (a crash), and the next
-- kiosk code made for the campaign retires it.
ALTER TABLE codes ADD COLUMN kiosk_until timestamptz;
CREATE INDEX codes_kiosk_unused_idx ON codes (campaign_id, kiosk_until)
  WHERE kiosk_until IS NOT NULL AND uses_left > 0;

-- The claims export reads a campaign's rewards a page at a time, in the order they came.
CREATE INDEX rewards_campaign_export_idx ON rewards (campaign_id, created_at, id)
  WHERE campaign_id IS NOT NULL;
