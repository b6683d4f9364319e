-- submit_code (012), the one-submission procedure submit_codes replaced, stayed a release for the
-- servers of the one before, which called it while a rolling deploy replaced them; nothing calls
-- it now. A database created since the stored functions left the migrations never had it.
DROP PROCEDURE IF EXISTS submit_code(
  bytea, text, text, float8, integer, integer, integer, integer);
