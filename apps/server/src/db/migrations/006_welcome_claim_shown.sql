-- When the 'Claim Complete!' popup was shown to this anonymous visitor. An anonymous session is
-- its own user (each sign-in makes a new one), so the spec's "once per session" is once per user,
-- whichever tab or device asks; the flag goes with the user at sign-out.
ALTER TABLE users ADD COLUMN welcome_claim_shown_at timestamptz;
