-- A partner's grant as the partner API answers it (GrantSchema, partner-api/schemas.ts): the one
-- definition behind a grant's first answer, stored with its Idempotency-Key by make_grant, and
-- the grants read back by id or reference, so a replay and a read never word a grant apart.
-- Keys with nothing to say (rejection, nft) are left out, as the schema's optional fields are.
-- plpgsql, whose body is only read when called: each file here stands without the tables.
CREATE OR REPLACE FUNCTION grant_shape(grant_id uuid)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object(
             'id', g.reward_id, 'campaign', c.slug, 'account', g.wax_account,
             'reference', g.reference, 'status', r.status,
             -- an NFT's campaign has no quantity: its `nft` says what it pays
             'reward', CASE WHEN c.reward_quantity IS NOT NULL THEN jsonb_build_object(
                         'amount', split_part(c.reward_quantity, ' ', 1),
                         'token', split_part(c.reward_quantity, ' ', 2)) END,
             -- paid for good (the history), or the transfer a confirming reward waits on
             'transactionId', coalesce(h.transaction_id, reward_shape(r)->>'transactionId'),
             -- milliseconds, as a JavaScript Date writes it
             'createdAt', to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'updatedAt', to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
           || CASE WHEN r.rejection IS NOT NULL
                   THEN jsonb_build_object('rejection', r.rejection) ELSE '{}' END
           || CASE WHEN c.nft_collection IS NOT NULL
                   THEN jsonb_build_object('nft', jsonb_build_object(
                          'collection', c.nft_collection, 'schema', c.nft_schema,
                          'templateId', c.nft_template_id, 'name', c.nft_name,
                          'image', c.nft_image, 'pool', c.nft_pool))
                   ELSE '{}' END
      FROM grants g
      JOIN rewards r ON r.id = g.reward_id
      JOIN campaigns c ON c.id = g.campaign_id
      LEFT JOIN reward_history h ON h.reward_id = r.id
     WHERE g.reward_id = grant_id);
END $$;
