-- A page of the Activity list (the account's rewards not yet paid and not dismissed) reads this
-- index alone, however many rewards the account has been paid: the rows of completed and
-- dismissed rewards are not in it.
CREATE INDEX rewards_activity_idx ON rewards (wax_account, created_at DESC, id DESC)
  WHERE status <> 'completed' AND dismissed_at IS NULL;
