-- Claim links made on demand (POST /api/v1/claim-links) may expire: past `expires_at` a code is
-- refused as its campaign's end refuses it (`ended`), on submission and on its claim page, while
-- a reward claimed before then is paid as any other. NULL: the campaign's own window alone.
ALTER TABLE codes ADD COLUMN expires_at timestamptz;
