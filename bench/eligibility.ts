/**
 * What a campaign's rule adds to a claim, per database driver, asserting nothing: a code
 * submission's time through the HTTP API (p50/p99, one visitor at a time on a quiet server) for
 * a campaign without rules, next to one with each kind of rule:
 *
 * - a chain rule (a minimum balance, an NFT held), uncached: each claim by a wallet the server
 *   has not asked about, so its node read (embedded devchain, in process) is paid each time;
 * - the same rule cached: one wallet claiming code after code, its answer reused (10 s);
 * - the rules the database answers alone: an allowlist of 100,000 accounts, a group's limit.
 *
 *   npm run eligibility -w @fernwood/bench
 *   TEST_DATABASE_URL=postgres://fernwood:fernwood@127.0.0.1:5432/fernwood_test npm run eligibility -w @fernwood/bench
 *
 * A chain rule costs a claim a second round trip to the database besides its reads (see
 * rewards/eligible-submissions.ts); on WAX a node read is a network round trip, not the
 * in-process call measured here, so the uncached figure is a floor there.
 */
import { NFT_COLLECTION } from '@fernwood/devchain'
import { addCodes, createCampaign } from '@fernwood/server/catalogue'
import type { RunningServer } from '@fernwood/server/server'
import { enter, freshAccount } from './accounts.ts'
import { benchDrivers, startBenchServer } from './bench-server.ts'
import { p50p99 } from './figures.ts'
import { submitCode } from './visitor.ts'

const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 300)
const ALLOWLIST_ACCOUNTS = 100_000
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)

/** A shared campaign of CLAIMS codes, `<slug>-<n>`, with `rules` set as `campaigns create` sets them. */
async function campaign(server: RunningServer, slug: string, rules: string) {
  const created = await createCampaign(server.database, {
    slug,
    name: slug,
    kind: 'shared',
    rewardQuantity: '0.0001 FERN',
    tokenContract: 'fern.token',
  })
  await addCodes(
    server.database,
    created,
    Array.from({ length: CLAIMS }, (_, index) => `${slug}-${index}`),
  )
  if (rules) await server.database.query(rules, [created.id])
  return (index: number) => `${slug}-${index}`
}

/** The claims from `from` to `to` (exclusive), each timed, by the wallets `wallets` names. */
async function timeClaims(
  server: RunningServer,
  code: (index: number) => string,
  wallets: (index: number) => string,
  from: number,
  to: number,
): Promise<number[]> {
  const visitors = []
  for (let index = from; index < to; index++) visitors.push(await enter(server, wallets(index)))
  const times: number[] = []
  for (let index = from; index < to; index++) {
    const started = performance.now()
    await submitCode(server.url, visitors[index - from].cookie, code(index))
    times.push(performance.now() - started)
  }
  return times
}

for (const driver of benchDrivers()) {
  const bench = await startBenchServer(driver, {
    SIGN_INS_PER_MINUTE: '1000000',
    // Claims are timed alone: no payouts running beside them.
    WORKER_ENABLED: 'false',
  })
  const { server } = bench
  try {
    const chainRule = (rule: object) =>
      `UPDATE campaigns SET rules = '${JSON.stringify({ all: [rule] })}' WHERE id = $1`
    // Balances of 0 pass a rule of 0: every claim is accepted, as without rules.
    const balance = chainRule({
      rule: 'min_balance',
      amount: '0',
      token: 'WAX',
      contract: 'eosio.token',
    })
    const nft = chainRule({ rule: 'holds_nft', collection: NFT_COLLECTION })
    const one = () => 'alice.wam'
    const fresh = () => freshAccount()
    const listed = Array.from({ length: ALLOWLIST_ACCOUNTS }, () => freshAccount())
    const allowlist = await campaign(
      server,
      'listed',
      `UPDATE campaigns SET rules = '{"all": [{"rule": "allowlist"}]}' WHERE id = $1`,
    )
    await server.database.query(
      `INSERT INTO campaign_allowlists (campaign_id, account)
       SELECT c.id, a FROM campaigns c, unnest($1::text[]) AS a WHERE c.slug = 'listed'`,
      [listed],
    )
    await server.database.query(
      `INSERT INTO campaign_groups (name, claims_per_wallet, period) VALUES ('bench', 1000, '1 day')`,
    )
    const grouped = `UPDATE campaigns SET claim_group = 'bench' WHERE id = $1`
    const variants: Array<[string, (index: number) => string, (index: number) => string]> = [
      ['no rules', await campaign(server, 'plain', ''), fresh],
      ['min balance, uncached', await campaign(server, 'balance-cold', balance), fresh],
      ['min balance, cached', await campaign(server, 'balance-warm', balance), one],
      ['holds NFT, uncached', await campaign(server, 'nft-cold', nft), fresh],
      ['holds NFT, cached', await campaign(server, 'nft-warm', nft), one],
      [
        `allowlist (${ALLOWLIST_ACCOUNTS.toLocaleString('en')})`,
        allowlist,
        (index) => listed[index],
      ],
      ['group limit', await campaign(server, 'grouped', grouped), fresh],
    ]
    // The machine's load wanders: the variants take turns, a slice of their claims at a time.
    const times = variants.map((): number[] => [])
    const slice = Math.ceil(CLAIMS / ROUNDS)
    for (let from = 0; from < CLAIMS; from += slice) {
      for (const [index, [, code, wallets]] of variants.entries()) {
        const to = Math.min(CLAIMS, from + slice)
        times[index].push(...(await timeClaims(server, code, wallets, from, to)))
      }
    }

    console.log(`\n${driver}: a claim's time through POST /api/codes, ${CLAIMS} each (p50 / p99)`)
    for (const [index, [label]] of variants.entries()) {
      console.log(`  ${label.padEnd(28)} ${p50p99(times[index])}`)
    }
  } finally {
    await bench.close()
  }
}
