-- A reward's event carries the reward as the dashboard lists it: append_live_event (defined in
-- db/functions) takes it as a sixth argument, and its five-argument form goes. A database
-- created since the stored functions left the migrations never had that form.
DROP FUNCTION IF EXISTS append_live_event(text, uuid, text, uuid, boolean);
