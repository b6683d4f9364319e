import { describe, expect, it } from 'vitest'
import { UsageError } from '../src/admin/cli-errors.ts'
import { operatorApp, runAdmin } from './support/operator-app.ts'
import { testDriver } from './support/test-database.ts'
import { connectWithProof } from './support/wallet-proofs.ts'

const tools = operatorApp()
const admin = (...argv: string[]) => runAdmin(tools.testDatabase.database, ...argv)

const TRANSACTION = 'ab'.repeat(32)

/**
 * A campaign whose workers took up `count` plain claims in one statement (one instant: only the
 * reward's id orders them) and, before them, a paid one and one whose code and reason a
 * spreadsheet would misread.
 */
async function campaignWithClaims(slug: string, count: number): Promise<void> {
  const db = tools.testDatabase.database
  const [{ id }] = await db.query<{ id: number }>(
    `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract)
     VALUES ($1, $1, 'unique', '2.5000 FERN', 'fern.token') RETURNING id`,
    [slug],
  )
  const [paid] = await db.query<{ id: string }>(
    `INSERT INTO rewards (code, wax_account, status, campaign_id, created_at)
     VALUES ($2 || '-paid', 'bob.wam', 'completed', $1, now() - interval '2 minutes') RETURNING id`,
    [id, slug],
  )
  await db.query(
    `INSERT INTO reward_history (reward_id, wax_account, code, amount, token, transaction_id)
     VALUES ($1, 'bob.wam', 'x', '2.5000', 'FERN', $2)`,
    [paid.id, TRANSACTION],
  )
  await db.query(
    `INSERT INTO rewards (code, wax_account, status, campaign_id, reason, created_at)
     VALUES ('=hyperlink("http://evil/' || $2 || '")', 'carol.wam', 'processing', $1,
             'late, "very"', now() - interval '1 minute')`,
    [id, slug],
  )
  await db.query(
    `INSERT INTO rewards (code, wax_account, status, campaign_id)
     SELECT $2 || '-' || n, 'dave.wam', 'processing', $1 FROM generate_series(1, $3::int) AS n`,
    [id, slug, count],
  )
}

const HEADER =
  'account,code,status,reward,asset_id,reason,transaction_id,claimed_at,updated_at,completed_at'

describe(`claims export (${testDriver})`, () => {
  it('writes every claim of the campaign as CSV, oldest first, a page at a time, escaped', async () => {
    await campaignWithClaims('autumn', 1_100)
    await campaignWithClaims('winter', 3)
    const lines = await admin('claims', 'export', '--campaign', 'autumn')
    expect(lines[0]).toBe(HEADER)
    expect(lines).toHaveLength(1 + 2 + 1_100)
    expect(lines[1]).toMatch(
      new RegExp(
        `^bob\\.wam,autumn-paid,completed,2\\.5000 FERN,,,${TRANSACTION},[^,]+Z,[^,]+Z,[^,]+Z$`,
      ),
    )
    // Neither a formula nor a broken cell: the code opens as text, the reason in one cell.
    expect(lines[2]).toMatch(
      /^carol\.wam,"'=hyperlink\(""http:\/\/evil\/autumn""\)",processing,2\.5000 FERN,,"late, ""very""",,/,
    )
    // Three pages of claims made in one instant: each once, none of another campaign's.
    const codes = lines.slice(3).map((line) => line.split(',')[1])
    expect(new Set(codes).size).toBe(1_100)
    expect(codes.every((code) => code.startsWith('autumn-'))).toBe(true)
  })

  it("names an NFT campaign's template as its reward and the asset each claim minted", async () => {
    const db = tools.testDatabase.database
    const [{ id }] = await db.query<{ id: number }>(
      `INSERT INTO campaigns (slug, name, kind, token_contract, nft_collection, nft_schema,
                             nft_template_id, nft_name, nft_image)
       VALUES ('relics', 'Relics', 'unique', 'atomicassets', 'fernwoodnfts', 'treasures', 3,
               'Ancient Relic', 'QmRelic') RETURNING id`,
    )
    const [minted] = await db.query<{ id: string }>(
      `INSERT INTO rewards (code, wax_account, status, campaign_id, created_at)
       VALUES ('relic-1', 'bob.wam', 'completed', $1, now() - interval '1 minute') RETURNING id`,
      [id],
    )
    await db.query(
      `INSERT INTO reward_history (reward_id, wax_account, code, asset_id, transaction_id)
       VALUES ($1, 'bob.wam', 'relic-1', '1099511627776', $2)`,
      [minted.id, TRANSACTION],
    )
    await db.query(
      `INSERT INTO rewards (code, wax_account, status, campaign_id)
       VALUES ('relic-2', 'carol.wam', 'processing', $1)`,
      [id],
    )
    const lines = await admin('claims', 'export', '--campaign', 'relics')
    expect(lines.map((line) => line.split(',').slice(0, 6))).toEqual([
      HEADER.split(',').slice(0, 6),
      [
        'bob.wam',
        'relic-1',
        'completed',
        'NFT Ancient Relic (fernwoodnfts:3)',
        '1099511627776',
        '',
      ],
      ['carol.wam', 'relic-2', 'processing', 'NFT Ancient Relic (fernwoodnfts:3)', '', ''],
    ])
  })

  it('the console downloads the same CSV as an attachment', async () => {
    const response = await tools.request('GET', '/api/admin/campaigns/winter/claims.csv')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe('attachment; filename="winter-claims.csv"')
    expect(response.body).toBe(
      `${(await admin('claims', 'export', '--campaign', 'winter')).join('\n')}\n`,
    )
    expect(response.body.split('\n')).toHaveLength(1 + 5 + 1)
  })

  it('refuses a campaign that does not exist, and anyone but an operator', async () => {
    await expect(admin('claims', 'export', '--campaign', 'nowhere')).rejects.toThrow(
      new UsageError('There is no campaign nowhere.'),
    )
    await expect(admin('claims', 'export')).rejects.toThrow(UsageError)
    const missing = await tools.request('GET', '/api/admin/campaigns/nowhere/claims.csv')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.code).toBe('ADMIN_CAMPAIGN_NOT_FOUND')
    const visitor = await connectWithProof(tools.app, 'bob.wam')
    const refused = await tools.request(
      'GET',
      '/api/admin/campaigns/autumn/claims.csv',
      undefined,
      visitor.cookie,
    )
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      error: { code: 'ADMIN_NOT_OPERATOR', message: expect.any(String) },
    })
  })
})
