-- An operator's request for a batch of a unique campaign's codes: a job the console follows.
-- The codes are made in steps, each committed with the job's progress (`made`), by the one
-- process holding the job's lease; a process that dies lets its lease lapse and another resumes
-- the job from its progress. Rows stay: a generation's files can be downloaded again later.
CREATE TABLE code_generations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  campaign_id integer NOT NULL REFERENCES campaigns (id),
  -- who asked, as the audit log names them: 'admin' (the CLI) or 'admin:<wax account>'
  requested_by text NOT NULL,
  count integer NOT NULL CHECK (count > 0),
  made integer NOT NULL DEFAULT 0 CHECK (made >= 0 AND made <= count),
  -- where the codes' claim links open, fixed when asked so every download holds the same links
  origin text NOT NULL,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'failed')),
  error text,
  lease_holder uuid,
  lease_expires_at timestamptz,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK ((state = 'running') = (finished_at IS NULL))
);
-- How many run at once (a limit across every server), and which ones lost their process.
CREATE INDEX code_generations_running_idx ON code_generations (lease_expires_at)
  WHERE state = 'running';
CREATE INDEX code_generations_started_idx ON code_generations (started_at DESC);

-- The generation that made a code (NULL for shared codes and codes made before jobs): its
-- downloads read its codes in code order, a page at a time.
ALTER TABLE codes ADD COLUMN generation_id uuid REFERENCES code_generations (id);
CREATE INDEX codes_generation_idx ON codes (generation_id, code) WHERE generation_id IS NOT NULL;
