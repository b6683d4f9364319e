-- Kiosk credentials (admin/kiosk-credentials.ts): what a kiosk tablet runs on instead of an
-- operator's session. Each opens one unique campaign's kiosk stream and nothing else, until it
-- expires or an operator revokes it. Its secret is shown once, when issued; only its SHA-256 is
-- kept, so the table (or a backup of it) opens no kiosk. Kept in the database so that a revoke
-- made on one server is refused by every server at once.
CREATE TABLE kiosk_credentials (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  campaign_id integer NOT NULL REFERENCES campaigns (id),
  secret_hash bytea NOT NULL UNIQUE,
  -- who issued and who revoked it, as the audit log names them: 'admin' or 'admin:<wax account>'
  issued_by text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_by text,
  revoked_at timestamptz,
  -- when a kiosk stream last opened with it
  last_used_at timestamptz,
  CHECK (expires_at > issued_at),
  CHECK ((revoked_at IS NULL) = (revoked_by IS NULL))
);
-- The console and `kiosk list` show the ones in force.
CREATE INDEX kiosk_credentials_in_force_idx ON kiosk_credentials (expires_at)
  WHERE revoked_at IS NULL;
