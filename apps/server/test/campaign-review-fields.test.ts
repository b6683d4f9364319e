import { describe, expect, it } from 'vitest'
import { UsageError } from '../src/admin/cli-errors.ts'
import { readOperatorCheckSecret } from '../src/fairness/operator-check.ts'
import { campaignTools, operatorApp } from './support/operator-app.ts'
import { signInVisitor, submitCode } from './support/rewards.ts'
import { testDriver } from './support/test-database.ts'
import { fernCampaign } from './support/worker.ts'

const tools = operatorApp()
const { admin, create, edit, shown, audited, draft } = campaignTools(tools)
const reviewOf = async (slug: string) => {
  const { checkUrl, checkSecret, payoutDelay } = await shown(slug)
  return { checkUrl, checkSecret, payoutDelay }
}
const secretOf = async (slug: string) => {
  const [{ id }] = await tools.testDatabase.database.query<{ id: number }>(
    'SELECT id FROM campaigns WHERE slug = $1',
    [slug],
  )
  return readOperatorCheckSecret(tools.testDatabase.database, id)
}
// Addresses written as such: the guard looks no name up, and TEST-NET-3 is public to it.
const PUBLIC_URL = 'https://203.0.113.5/check'

/** `account` claims the shared `code`, as a visitor does (every injected request is 127.0.0.1). */
async function claim(account: string, code: string): Promise<string> {
  const visitor = await signInVisitor(tools.app, tools.testDatabase.database, account)
  const response = await submitCode(tools.app, visitor, { code })
  expect(response.statusCode).toBe(201)
  return response.json().reward.id
}

describe(`a campaign's own check and review window, and the review operations (${testDriver})`, () => {
  it('a new campaign has no check, pays at once, and shows no secret', async () => {
    expect((await create(draft('plain'))).statusCode).toBe(201)
    expect(await reviewOf('plain')).toEqual({
      checkUrl: null,
      checkSecret: undefined,
      payoutDelay: 0,
    })
  })

  it('the API sets both at creation and in an edit, shows the check’s secret, and audits each change', async () => {
    const created = await create(draft('acorn', { checkUrl: PUBLIC_URL, payoutDelay: 3600 }))
    expect(created.statusCode).toBe(201)
    const secret = await secretOf('acorn')
    expect(secret).toMatch(/^whsec_/)
    expect(created.json().campaign).toMatchObject({
      checkUrl: PUBLIC_URL,
      checkSecret: secret,
      payoutDelay: 3600,
    })
    const edited = await edit('acorn', { checkUrl: null, payoutDelay: 0 })
    expect(edited.statusCode).toBe(200)
    expect(await reviewOf('acorn')).toEqual({
      checkUrl: null,
      checkSecret: undefined,
      payoutDelay: 0,
    })
    const [made, changed] = await audited('acorn')
    expect(made.details).toMatchObject({ checkUrl: PUBLIC_URL, payoutDelay: 3600 })
    expect(changed.details).toEqual({
      before: { checkUrl: PUBLIC_URL, payoutDelay: 3600 },
      after: { checkUrl: null, payoutDelay: 0 },
    })
  })

  it('refuses a URL the server may not ask, saying why, and keeps what the campaign had', async () => {
    await create(draft('cedar', { checkUrl: PUBLIC_URL }))
    for (const [checkUrl, why] of [
      ['http://203.0.113.5/check', 'not HTTPS'],
      ['https://10.1.2.3/check', 'a private network address'],
      ['https://192.168.0.10/check', 'a private network address'],
      ['check.example', 'not a URL'],
      [`https://203.0.113.5/${'a'.repeat(2048)}`, 'longer than 2048 characters'],
    ]) {
      const refused = await edit('cedar', { checkUrl })
      expect(refused.statusCode, checkUrl).toBe(400)
      expect(refused.json().error).toEqual({
        code: 'ADMIN_CHECK_URL_REFUSED',
        message: `The check URL is refused: ${why}.`,
        field: 'checkUrl',
      })
    }
    const atCreation = await create(draft('spruce', { checkUrl: 'https://10.0.0.1/' }))
    expect(atCreation.json().error.code).toBe('ADMIN_CHECK_URL_REFUSED')
    expect(await shown('spruce')).toBeUndefined()
    expect((await reviewOf('cedar')).checkUrl).toBe(PUBLIC_URL)
  })

  it('refuses wrong types without coercing them, and a window out of range beside its field', async () => {
    await create(draft('larch'))
    for (const payload of [
      { payoutDelay: '60' },
      { payoutDelay: 1.5 },
      { payoutDelay: null },
      { checkUrl: 42 },
      { checkUrl: [PUBLIC_URL] },
    ]) {
      const refused = await edit('larch', payload)
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400)
      expect(refused.json().error.code).toBe('INVALID_REQUEST')
    }
    for (const payoutDelay of [-1, 30 * 86_400 + 1]) {
      const refused = await edit('larch', { payoutDelay })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error).toEqual({
        code: 'ADMIN_PAYOUT_DELAY_INVALID',
        message: 'The review window must be a whole number of seconds from 0 to 30 days.',
        field: 'payoutDelay',
      })
    }
    expect((await edit('larch', { payoutDelay: 30 * 86_400 })).statusCode).toBe(200)
  })

  it('the CLI sets both with its flags, prints the check’s secret, lists them, and clears the URL with none', async () => {
    const createdLines = await admin(
      'campaigns',
      'create',
      '--slug',
      'birch',
      '--name',
      'Birch',
      '--kind',
      'unique',
      '--reward',
      '1.0000 FERN',
      '--check-url',
      PUBLIC_URL,
      '--payout-delay',
      '90m',
    )
    const secret = await secretOf('birch')
    expect(createdLines).toContain(`Signing secret for its check: ${secret}`)
    expect(await reviewOf('birch')).toEqual({
      checkUrl: PUBLIC_URL,
      checkSecret: secret,
      payoutDelay: 5400,
    })
    const [heading, ...rows] = await admin('campaigns', 'list')
    const columns = heading.split('\t')
    const birch = rows.map((row) => row.split('\t')).find((cells) => cells[0] === 'birch')
    expect([birch?.[columns.indexOf('check')], birch?.[columns.indexOf('review')]]).toEqual([
      PUBLIC_URL,
      '90m',
    ])
    const editedLines = await admin(
      'campaigns',
      'edit',
      'birch',
      '--check-url',
      'none',
      '--payout-delay',
      '2d',
    )
    expect(editedLines.join('\n')).not.toContain('whsec_')
    expect(await reviewOf('birch')).toEqual({
      checkUrl: null,
      checkSecret: undefined,
      payoutDelay: 2 * 86_400,
    })
    await admin('campaigns', 'edit', 'birch', '--payout-delay', '0')
    expect((await reviewOf('birch')).payoutDelay).toBe(0)
  })

  it('the CLI refuses a window it cannot read and a URL the server may not ask, naming why', async () => {
    const refusal = (...argv: string[]) =>
      admin('campaigns', 'edit', 'birch', ...argv).then(
        () => undefined,
        (error) => (error instanceof UsageError ? error.message : error),
      )
    for (const written of ['1w', '60', '1h30m', '1.5h']) {
      expect(await refusal('--payout-delay', written)).toBe(
        '--payout-delay must be 0 or a whole number of s, m, h or d, e.g. 1h',
      )
    }
    expect(await refusal('--payout-delay', '31d')).toBe(
      'The review window must be a whole number of seconds from 0 to 30 days.',
    )
    expect(await refusal('--check-url', 'http://203.0.113.5/')).toBe(
      'The check URL is refused: not HTTPS.',
    )
  })

  it('the API rejects a pending claim of a campaign with a window, audited, and keeps the rest', async () => {
    const { database } = tools.testDatabase
    await fernCampaign(database, 'held', ['held'])
    expect((await edit('held', { payoutDelay: 3600 })).statusCode).toBe(200)
    const farmed = await claim('farmone.wam', 'held')
    const kept = await claim('honest.wam', 'held')
    const rejected = await tools.request('POST', '/api/admin/campaigns/held/rejections', {
      selection: { rewardIds: [farmed] },
    })
    expect(rejected.statusCode).toBe(200)
    expect(rejected.json()).toEqual({
      rejected: [{ id: farmed, account: 'farmone.wam' }],
      kept: [],
    })
    const rows = await database.query<{ id: string; status: string; rejection: string | null }>(
      'SELECT id::text, status, rejection FROM rewards WHERE id = ANY($1::uuid[]) ORDER BY status',
      [[farmed, kept]],
    )
    expect(rows).toEqual([
      { id: kept, status: 'pending', rejection: null },
      { id: farmed, status: 'rejected', rejection: 'rejected_by_operator' },
    ])
    expect(await audited(farmed)).toEqual([
      {
        action: 'reward.rejected_by_operator',
        actor: 'admin:alice.wam',
        details: { campaign: 'held' },
      },
    ])
    // Rejected already: no longer the operator's to reject, so kept and said so.
    const again = await tools.request('POST', '/api/admin/campaigns/held/rejections', {
      selection: { accounts: ['farmone.wam'] },
    })
    expect(again.json()).toEqual({
      rejected: [],
      kept: [{ id: farmed, account: 'farmone.wam', status: 'rejected' }],
    })
    for (const selection of [{}, { rewardIds: [] }, { accounts: ['NOT AN ACCOUNT'] }]) {
      const refused = await tools.request('POST', '/api/admin/campaigns/held/rejections', {
        selection,
      })
      expect(refused.json().error.code, JSON.stringify(selection)).toBe('INVALID_REQUEST')
    }
    const unknown = await tools.request('POST', '/api/admin/campaigns/nowhere/rejections', {
      selection: { accounts: ['farmone.wam'] },
    })
    expect(unknown.json().error.code).toBe('ADMIN_CAMPAIGN_NOT_FOUND')
  })

  it('the CLI prints a farm report’s cluster, and rejects a cluster’s claims by account', async () => {
    const { database } = tools.testDatabase
    await fernCampaign(database, 'farmed', ['farmed'])
    const rewards = [await claim('farmtwo.wam', 'farmed'), await claim('farmthr.wam', 'farmed')]
    const lines = await admin('claims', 'farm-report', '--campaign', 'farmed')
    expect(lines.slice(0, 4)).toEqual([
      '1 cluster(s) among the accounts that claimed farmed',
      '',
      'network 127.0.0.0/24: 2 accounts, 2 claim(s)',
      'account\treward\tstatus\tclaimed at',
    ])
    expect(lines.slice(4, 6).map((line) => line.split('\t').slice(0, 3))).toEqual([
      ['farmtwo.wam', rewards[0], 'pending'],
      ['farmthr.wam', rewards[1], 'pending'],
    ])
    // This CLI is given no history source: it says so rather than show no origin clusters.
    const noOrigins = [
      '',
      'Creators, creation times and first funds not read: no history source (HISTORY_API_URL).',
    ]
    expect(lines.slice(6)).toEqual(noOrigins)
    expect(
      await admin('claims', 'farm-report', '--campaign', 'farmed', '--min-accounts', '3'),
    ).toEqual(['0 cluster(s) among the accounts that claimed farmed', ...noOrigins])
    const api = await tools.request('GET', '/api/admin/campaigns/farmed/farm-report?minAccounts=2')
    expect(api.statusCode).toBe(200)
    expect(api.json().sameAddress[0]).toMatchObject({ addressPrefix: '127.0.0.0/24', accounts: 2 })
    const badCount = await tools.request(
      'GET',
      '/api/admin/campaigns/farmed/farm-report?minAccounts=two',
    )
    expect(badCount.json().error.code).toBe('INVALID_REQUEST')

    const refusal = (...argv: string[]) =>
      admin('claims', 'reject', '--campaign', 'farmed', ...argv).then(
        () => undefined,
        (error) => (error instanceof UsageError ? error.message : error),
      )
    expect(await refusal('--reward', 'not-an-id')).toBe(
      '--reward must be reward ids, separated by commas',
    )
    expect(await refusal('--account', 'Farm Two')).toBe(
      '--account must be account names, separated by commas',
    )
    // Neither flag: the CLI names the last of the two as the one missing.
    expect(await refusal()).toMatch(/^--(reward|account) is required$/)
    const rejectLines = await admin(
      'claims',
      'reject',
      '--campaign',
      'farmed',
      '--account',
      'farmtwo.wam,farmthr.wam',
    )
    expect(rejectLines).toEqual([
      'Rejected 2 claim(s), kept 0.',
      ...[...rewards]
        .sort()
        .map((id) => `rejected\t${id}\t${id === rewards[0] ? 'farmtwo.wam' : 'farmthr.wam'}`),
    ])
  })
})
