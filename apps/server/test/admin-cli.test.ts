import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serverEntries } from '@fernwood/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import { DiscrepanciesFound, UsageError } from '../src/admin/cli-errors.ts'
import { type AdminContext, runAdminCommand } from '../src/admin/commands.ts'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { PayoutChainNode } from '../src/payouts/chain-node.ts'
import { recordSigned } from '../src/payouts/ledger.ts'
import { payoutAccountFrom } from '../src/payouts/settings.ts'
import { type Transfer, WharfkitPayoutSigner } from '../src/payouts/signer.ts'
import { HyperionTransferHistory } from '../src/payouts/transfer-history.ts'
import type { RewardWorker } from '../src/worker/reward-worker.ts'
import { eventually } from './support/rewards.ts'
import { spawnScript } from './support/script-process.ts'
import { createTestChain } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'
import { balanceOf, fernCampaign, testWorker } from './support/worker.ts'

let testDatabase: TestDatabase
let chain: ChainConnection
let outDirectory: string

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  chain = await createTestChain()
  outDirectory = await mkdtemp(path.join(tmpdir(), 'fernwood-admin-'))
  // Its own .wasm, from the package, rather than the library's default download.
  const wasm = await readFile(
    createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
  )
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer }, fireImmediately: true })
})
afterAll(async () => {
  await chain.close()
  await testDatabase.drop()
  await rm(outDirectory, { recursive: true, force: true })
})

function admin(...argv: string[]): Promise<string[]> {
  return adminWith({}, ...argv)
}

async function adminWith(
  environment: Record<string, string>,
  ...argv: string[]
): Promise<string[]> {
  const lines: string[] = []
  const context: AdminContext = {
    database: testDatabase.database,
    env: readEnvironment(environment),
    chainNode: async () => new PayoutChainNode(chain, 2000),
    transferHistory: async () => new HyperionTransferHistory(chain.apiUrl, chain.fetch, 2000),
    print: (line) => lines.push(line),
  }
  await runAdminCommand(argv, context).catch((error: unknown) => {
    if (error instanceof DiscrepanciesFound) throw Object.assign(error, { lines })
    throw error
  })
  return lines
}

/** The text of the QR code in a PNG file, read with the decoder the web app scans with. */
async function readQrImage(file: string): Promise<string | undefined> {
  const [result] = await readBarcodes(new Uint8Array(await readFile(file)), {
    formats: ['QRCode'],
  })
  return result?.text
}

/** What a reconcile run printed before it failed with exit code 1. */
async function failingReconcile(...argv: string[]): Promise<string[]> {
  const failure = await admin('payouts', 'reconcile', ...argv).then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(failure).toBeInstanceOf(DiscrepanciesFound)
  return (failure as DiscrepanciesFound & { lines: string[] }).lines
}

/** A transfer from the payout account signed and sent as an operator might, by hand. */
async function transferByHand(transfer: Partial<Transfer> & { to: string; memo: string }) {
  const signer = new WharfkitPayoutSigner(chain, payoutAccountFrom(readEnvironment({})), {
    expireSeconds: 60,
    timeoutMs: 2000,
  })
  const signed = await signer.sign([
    { tokenContract: 'fern.token', quantity: '1.0000 FERN', ...transfer },
  ])
  expect(await new PayoutChainNode(chain, 2000).send(signed.packed)).toMatchObject({
    landed: true,
  })
  return signed
}

/** Runs a worker until the given rewards are settled. */
async function payWithWorker(ids: string[]) {
  const worker: RewardWorker = testWorker(testDatabase.database, chain)
  await worker.start()
  try {
    await eventually(
      () =>
        testDatabase.database.query<{ status: string }>(
          'SELECT status FROM rewards WHERE id = ANY($1::uuid[])',
          [ids],
        ),
      (rows) => rows.every((row) => row.status === 'completed'),
      20_000,
    )
  } finally {
    await worker.stop()
  }
}

// Runs the CLI as processes: allow for a busy machine.
describe('the admin CLI', { timeout: 120_000 }, () => {
  it('creates, lists and closes campaigns', async () => {
    await admin(
      'campaigns',
      'create',
      '--slug',
      'autumn',
      '--name',
      'Autumn leaves',
      '--kind',
      'shared',
      '--reward',
      '3.0000 FERN',
      '--cap',
      '100',
      '--code',
      ' AutumnLeaves ',
    )
    const listed = await admin('campaigns', 'list')
    expect(listed.find((line) => line.startsWith('autumn\t'))).toMatch(
      /^autumn\tshared\t3\.0000 FERN \(fern\.token\)\t0\/100\t-\t1\t.*\topen\tAutumn leaves$/,
    )
    const [code] = await testDatabase.database.query<{ code: string }>(
      "SELECT k.code FROM codes k JOIN campaigns c ON c.id = k.campaign_id WHERE c.slug = 'autumn'",
    )
    expect(code.code).toBe('autumnleaves')

    await admin('campaigns', 'close', '--slug', 'autumn')
    expect(
      (await admin('campaigns', 'list')).find((line) => line.startsWith('autumn\t')),
    ).toContain('\tclosed\t')
  })

  it('reopens a closed campaign, audited as the CLI; a campaign not closed is refused', async () => {
    await admin(
      'campaigns',
      'create',
      '--slug',
      'winter',
      '--name',
      'Winter',
      '--kind',
      'shared',
      '--reward',
      '1.0000 FERN',
    )
    await admin('campaigns', 'close', '--slug', 'winter')
    expect(await admin('campaigns', 'reopen', '--slug', 'winter')).toEqual([
      'Reopened campaign winter: its codes are accepted again, within its window and cap.',
    ])
    expect(
      (await admin('campaigns', 'list')).find((line) => line.startsWith('winter\t')),
    ).toContain('\topen\t')
    await expect(admin('campaigns', 'reopen', '--slug', 'winter')).rejects.toThrow(
      new UsageError('Campaign winter is not closed: there is nothing to reopen.'),
    )
    await expect(admin('campaigns', 'reopen')).rejects.toThrow('--slug is required')
    const audit = await testDatabase.database.query<{ actor: string; action: string }>(
      "SELECT actor, action FROM audit_log WHERE subject = 'winter' ORDER BY id",
    )
    expect(audit).toEqual([
      { actor: 'admin', action: 'campaign.created' },
      { actor: 'admin', action: 'campaign.closed' },
      { actor: 'admin', action: 'campaign.reopened' },
    ])
  })

  it('refuses to close the welcome campaign, saying why', async () => {
    await seedCatalogueFor(readEnvironment({}), testDatabase.database)
    await expect(admin('campaigns', 'close', '--slug', 'welcome')).rejects.toThrow(
      new UsageError('The welcome campaign cannot be closed: every first visit claims its code.'),
    )
    expect(
      (await admin('campaigns', 'list')).find((line) => line.startsWith('welcome\t')),
    ).toContain('\topen\t')
  })

  it('generates unique codes as a CSV, one QR image per code and a printable sheet', async () => {
    await admin(
      'campaigns',
      'create',
      '--slug',
      'cards',
      '--name',
      'Printed cards',
      '--kind',
      'unique',
      '--reward',
      '1.5000 FERN',
    )
    const out = path.join(outDirectory, 'cards')
    const printed = await admin(
      'codes',
      'generate',
      '--campaign',
      'cards',
      '--count',
      '5',
      '--out',
      out,
    )
    expect(printed[0]).toBe('Generated 5 codes for cards.')
    // Without PUBLIC_ORIGIN the server serves this machine only, at HOST and PORT.
    expect(printed).toContain('  Links:     http://127.0.0.1:3000/c/<code>')

    const csv = (await readFile(path.join(out, 'codes.csv'), 'utf8')).trim().split('\n')
    expect(csv[0]).toBe('code,campaign,reward,link')
    const codes = csv.slice(1).map((line) => line.split(',')[0])
    expect(codes).toHaveLength(5)
    for (const line of csv.slice(1))
      expect(line).toMatch(
        /^(cards-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}),cards,1\.5000 FERN,http:\/\/127\.0\.0\.1:3000\/c\/\1$/,
      )

    // Each QR image holds the code's claim link, as a phone's camera reads it.
    const images = await readdir(path.join(out, 'qr'))
    expect(images.sort()).toEqual(codes.map((code) => `${code}.png`).sort())
    for (const code of codes) {
      expect(await readQrImage(path.join(out, 'qr', `${code}.png`))).toBe(
        `http://127.0.0.1:3000/c/${code}`,
      )
    }
    // The sheet prints the code, to type, and its link under it.
    const sheet = await readFile(path.join(out, 'sheet.html'), 'utf8')
    for (const code of codes) {
      expect(sheet).toContain(
        `<figcaption>${code}<small>http://127.0.0.1:3000/c/${code}</small></figcaption>`,
      )
    }

    const stored = await testDatabase.database.query<{ uses_left: number }>(
      'SELECT uses_left FROM codes WHERE code = ANY($1)',
      [codes],
    )
    expect(stored.map((row) => row.uses_left)).toEqual([1, 1, 1, 1, 1])

    // The console's job, listed there with its files: who asked, for how many, done.
    const [generation] = await testDatabase.database.query<{ id: string }>(
      `SELECT g.id FROM code_generations g JOIN codes k ON k.generation_id = g.id
        WHERE k.code = $1 AND g.requested_by = 'admin' AND g.state = 'done' AND g.made = 5`,
      [codes[0]],
    )
    expect(generation).toBeDefined()
    const [audited] = await testDatabase.database.query<{ actor: string; details: object }>(
      "SELECT actor, details FROM audit_log WHERE action = 'codes.generated' AND subject = 'cards'",
    )
    expect(audited).toEqual({ actor: 'admin', details: { count: 5, generation: generation.id } })
  })

  it('waits its turn as the console does: refused while two generations make codes', async () => {
    const busy = await testDatabase.database.query<{ id: string }>(
      `INSERT INTO code_generations (campaign_id, requested_by, count, origin, lease_holder, lease_expires_at)
       SELECT id, 'admin:alice.wam', 10, 'http://fernwood.test', gen_random_uuid(), now() + interval '1 hour'
         FROM campaigns, generate_series(1, 2) WHERE slug = 'cards'
       RETURNING id`,
    )
    try {
      await expect(
        admin('codes', 'generate', '--campaign', 'cards', '--count', '1', '--out', outDirectory),
      ).rejects.toThrow('2 code generations are running already')
    } finally {
      await testDatabase.database.query(
        "UPDATE code_generations SET state = 'failed', finished_at = now() WHERE id = ANY($1)",
        [busy.map(({ id }) => id)],
      )
    }
  })

  it('claim links lead to PUBLIC_ORIGIN when it is set', async () => {
    const out = path.join(outDirectory, 'cards-public')
    const printed = await adminWith(
      { PUBLIC_ORIGIN: 'https://fernwood.example' },
      'codes',
      'generate',
      '--campaign',
      'cards',
      '--count',
      '1',
      '--out',
      out,
    )
    expect(printed).toContain('  Links:     https://fernwood.example/c/<code>')
    const [, line] = (await readFile(path.join(out, 'codes.csv'), 'utf8')).trim().split('\n')
    const [code, , , link] = line.split(',')
    expect(link).toBe(`https://fernwood.example/c/${code}`)
    expect(await readQrImage(path.join(out, 'qr', `${code}.png`))).toBe(link)
    expect(await readFile(path.join(out, 'sheet.html'), 'utf8')).toContain(`<small>${link}</small>`)
  })

  it('shows the payout account’s balance on the chain', async () => {
    expect(await admin('payouts', 'balance')).toEqual([
      expect.stringMatching(/^fernwoodpays: [0-9]+\.[0-9]{4} FERN \(fern\.token\)$/),
    ])
  })

  it('shows stuck and failed payouts, and retries a failed one', async () => {
    const db = testDatabase.database
    const campaign = await fernCampaign(db, 'stuck', ['stuck-code'])
    const [{ id }] = await db.query<{ id: string }>(
      `INSERT INTO rewards (code, wax_account, status, campaign_id, next_attempt_at, last_error, created_at)
       VALUES ('stuck-code', 'bob.wam', 'processing', $1, 'infinity', 'overdrawn balance', now() - interval '1 hour')
       RETURNING id`,
      [campaign.id],
    )
    await db.query(
      `INSERT INTO payout_transactions (transaction_id, signed_transaction, expires_at, transfers)
       VALUES ($1, '{}', now(), 1)`,
      ['ef'.repeat(32)],
    )
    await db.query(
      `INSERT INTO payouts (reward_id, transaction_id, state, last_error)
       VALUES ($1, $2, 'failed', 'assertion failure with message: overdrawn balance')`,
      [id, 'ef'.repeat(32)],
    )
    // A transfer whose block never becomes irreversible leaves its reward confirming: stuck too.
    const [{ id: confirming }] = await db.query<{ id: string }>(
      `INSERT INTO rewards (code, wax_account, status, campaign_id, created_at)
       VALUES ('stuck-code', 'alice.wam', 'confirming', $1, now() - interval '1 hour')
       RETURNING id`,
      [campaign.id],
    )
    const stuck = await admin('payouts', 'stuck')
    expect(stuck[0]).toBe('2 reward(s) processing or confirming for more than 10 minute(s)')
    expect(stuck.find((line) => line.startsWith(id))).toContain('\tprocessing\t')
    expect(stuck.find((line) => line.startsWith(confirming))).toContain('\tconfirming\t')
    await db.query("UPDATE rewards SET status = 'rejected' WHERE id = $1", [confirming])
    const failed = await admin('payouts', 'failed')
    expect(failed[0]).toBe('1 failed payout(s)')
    expect(failed[1]).toContain('overdrawn balance')

    await admin('payouts', 'retry', id)
    const [row] = await db.query<{ due: boolean }>(
      'SELECT next_attempt_at <= now() AS due FROM rewards WHERE id = $1',
      [id],
    )
    expect(row.due).toBe(true)
    await expect(admin('payouts', 'retry', '00000000-0000-0000-0000-000000000000')).rejects.toThrow(
      UsageError,
    )
  })

  it('payouts retry of a refused payout whose transfer landed after all does not pay again', async () => {
    const db = testDatabase.database
    await fernCampaign(db, 'refused-then-landed', ['landed-late'])
    const [campaign] = await db.query<{ id: number }>(
      "SELECT id FROM campaigns WHERE slug = 'refused-then-landed'",
    )
    const [{ id }] = await db.query<{ id: string }>(
      `INSERT INTO rewards (code, wax_account, status, campaign_id, next_attempt_at, last_error)
       VALUES ('landed-late', 'carol.wam', 'processing', $1, 'infinity', 'a node refused it')
       RETURNING id`,
      [campaign.id],
    )
    const before = await balanceOf(chain, 'carol.wam')
    // One node refused the transfer and the reward was parked; another node took it meanwhile.
    const landed = await transferByHand({ to: 'carol.wam', memo: `Fernwood reward ${id}` })
    const payout = await recordSigned(db, [id], landed)
    await db.query(
      "UPDATE payouts SET state = 'failed', last_error = 'a node refused it' WHERE transaction_id = $1",
      [payout.transactionId],
    )

    await admin('payouts', 'retry', id)
    await payWithWorker([id])

    expect(await balanceOf(chain, 'carol.wam')).toBeCloseTo(before + 1, 4)
    const payouts = await db.query<{ transaction_id: string; state: string }>(
      'SELECT transaction_id, state FROM payouts WHERE reward_id = $1',
      [id],
    )
    expect(payouts).toEqual([{ transaction_id: landed.transactionId, state: 'confirmed' }])
  })

  it('payouts reconcile finds every paid reward once on chain, and names a reward paid again by hand', async () => {
    const db = testDatabase.database
    await fernCampaign(db, 'reconciled', ['reconcile-a', 'reconcile-b'])
    const ids = await Promise.all(
      ['reconcile-a', 'reconcile-b'].map(async (code) => {
        const [{ id }] = await db.query<{ id: string }>(
          "INSERT INTO rewards (code, wax_account) VALUES ($1, 'alice.wam') RETURNING id",
          [code],
        )
        return id
      }),
    )
    await payWithWorker(ids)

    const clean = await admin('payouts', 'reconcile')
    expect(clean).toHaveLength(1)
    expect(clean[0]).toMatch(
      /^No discrepancy: \d+ transfer\(s\) from fernwoodpays on chain and \d+ completed reward\(s\) checked in \d+ ms$/,
    )

    const [history] = await db.query<{ transaction_id: string }>(
      'SELECT transaction_id FROM reward_history WHERE reward_id = $1',
      [ids[0]],
    )
    const again = await transferByHand({ to: 'alice.wam', memo: `Fernwood reward ${ids[0]}` })
    const gift = await transferByHand({ to: 'bob.wam', memo: 'a gift from the forest' })
    // History sources index blocks: wait until the last transfer is in one.
    await eventually(
      () => chain.client.v1.chain.get_transaction_status(gift.transactionId),
      (status) => status.state !== 'LOCALLY_APPLIED',
    )
    const lines = await failingReconcile()
    expect(lines).toContain(
      `reward ${ids[0]} (alice.wam) paid 2 times on chain: ${history.transaction_id}, ${again.transactionId}`,
    )
    expect(lines).toContain(
      `transfer ${gift.transactionId}: 1.0000 FERN to bob.wam with memo "a gift from the forest" names no known reward`,
    )
    expect(lines.filter((line) => line.includes(ids[1]))).toEqual([])
    expect(lines.at(-1)).toMatch(/^2 discrepancies: /)

    // Nothing happened after this moment: nothing to report since then.
    expect(await admin('payouts', 'reconcile', '--since', '2100-01-01T00:00:00Z')).toEqual([
      expect.stringMatching(/^No discrepancy: 0 transfer\(s\) .* since 2100-01-01T00:00:00.000Z/),
    ])
  })

  it('refuses a bad call with a message naming what is wrong', async () => {
    await expect(admin('campaigns', 'explode')).rejects.toThrow(
      'Unknown command: campaigns explode',
    )
    await expect(
      admin(
        'campaigns',
        'create',
        '--slug',
        'x',
        '--name',
        'x',
        '--kind',
        'weird',
        '--reward',
        '1.0000 FERN',
      ),
    ).rejects.toThrow('--kind must be shared or unique')
    await expect(
      admin('codes', 'generate', '--campaign', 'cards', '--count', '0', '--out', outDirectory),
    ).rejects.toThrow('--count must be a whole number')
  })

  it('runs as `npm run admin` does: usage for --help, a bad command refused with exit code 2', async () => {
    const help = spawnScript(serverEntries.admin, {}, ['--help'])
    expect(await help.exited).toBe(0)
    expect(help.output()).toContain('Usage: npm run admin -- <command>')

    const dataDir = path.join(outDirectory, 'data')
    const wrong = spawnScript(serverEntries.admin, { DATA_DIR: dataDir, DATABASE_URL: '' }, [
      'campaigns',
      'explode',
    ])
    expect(await wrong.exited).toBe(2)
    expect(wrong.output()).toContain('Unknown command: campaigns explode')
  })
})
