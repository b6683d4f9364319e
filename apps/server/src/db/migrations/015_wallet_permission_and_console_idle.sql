-- The permission a wallet binding was proven under (the identity proof's signer; `active` for a
-- WAX Cloud Wallet proof). Only WALLET_PERMISSIONS bind, and the console opens only to a binding
-- whose permission is still listed. Bindings made before this column existed proved a permission
-- nobody recorded: they stay NULL, so they open the console for no one until connected again.
ALTER TABLE users ADD COLUMN wax_permission text CHECK (wax_permission ~ '^[a-z1-5.]{1,12}$');

-- When the session last proved its wallet or used the console: an operator idle longer than
-- ADMIN_IDLE_MINUTES must connect their wallet again. NULL (sessions older than this column, or
-- that never bound a wallet) counts as idle.
ALTER TABLE sessions ADD COLUMN console_active_at timestamptz;
