import path from 'node:path'
import { parseArgs } from 'node:util'
import { CLAIM_LINK_PATH, normalizeCode } from '@fernwood/protocol'
import { audit } from '../audit/audit-log.ts'
import {
  addCodes,
  type CampaignKind,
  closeCampaign,
  createCampaign,
  findCampaign,
  listCampaigns,
} from '../campaigns/catalogue.ts'
import { generateUniqueCode } from '../campaigns/codes.ts'
import type { Environment } from '../config/environment.ts'
import type { Database } from '../db/database.ts'
import { configuredOrigin } from '../http/own-origin.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'
import { reconcilePayouts } from '../payouts/reconcile.ts'
import { listFailedPayouts } from '../payouts/repository.ts'
import { payoutAccountFrom } from '../payouts/settings.ts'
import type { TransferHistory } from '../payouts/transfer-history.ts'
import { retryParkedReward } from '../rewards/lifecycle.ts'
import { writeCodeSheet } from './code-sheet.ts'

export interface AdminContext {
  database: Database
  env: Environment
  /** the chain, opened only by the commands that need it */
  chainNode(): Promise<PayoutChainNode>
  /** where the payout account's past transfers are read, opened only by reconcile */
  transferHistory(): Promise<TransferHistory>
  print(line: string): void
}

/** A mistake in how the command was called: shown with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** Reconciliation found the chain and the database disagreeing (each disagreement printed): exit code 1. */
export class DiscrepanciesFound extends Error {
  override name = 'DiscrepanciesFound'
}

export const USAGE = `Usage: npm run admin -- <command>

  campaigns list
  campaigns create --slug <slug> --name <name> --kind shared|unique --reward "<amount> <TOKEN>"
                   [--contract <account>] [--starts <ISO time>] [--ends <ISO time>] [--cap <n>]
                   [--code <code>]   (the code of a shared campaign)
  campaigns close --slug <slug>
  codes generate --campaign <slug> --count <n> --out <directory>
                   (unique campaigns: codes.csv, qr/<code>.png and a printable sheet.html;
                   each QR code holds the code's claim link, PUBLIC_ORIGIN/c/<code>)
  payouts balance              the payout account's balance of the reward token
  payouts stuck [--minutes <n>] rewards processing or confirming for longer than n minutes (default 10)
  payouts failed               payouts the chain refused, with its error
  payouts retry <reward id>    pay a parked reward again (after fixing the cause); its refused
                               transfer is settled first, in case it landed after all
  payouts reconcile [--since <ISO time>]
                               compare the payout account's transfers on chain with the rewards:
                               one line per discrepancy, a summary, exit code 1 on any`

const MAX_GENERATED_CODES = 10_000

const COMMANDS = [
  'campaigns list',
  'campaigns create',
  'campaigns close',
  'codes generate',
  'payouts balance',
  'payouts stuck',
  'payouts failed',
  'payouts retry',
  'payouts reconcile',
] as const
type Command = (typeof COMMANDS)[number]

/** The command `argv` names; throws UsageError, before anything is opened, when it names none. */
export function commandOf(argv: string[]): Command {
  const command = argv.slice(0, 2).join(' ')
  const known = COMMANDS.find((candidate) => candidate === command)
  if (!known) throw new UsageError(command ? `Unknown command: ${command}` : 'No command given')
  return known
}

/** Runs one admin command; throws UsageError for a bad call. */
export async function runAdminCommand(argv: string[], context: AdminContext): Promise<void> {
  const command = commandOf(argv)
  const rest = argv.slice(2)
  switch (command) {
    case 'campaigns list':
      return listCampaignsCommand(context)
    case 'campaigns create':
      return createCampaignCommand(rest, context)
    case 'campaigns close':
      return closeCampaignCommand(rest, context)
    case 'codes generate':
      return generateCodesCommand(rest, context)
    case 'payouts balance':
      return balanceCommand(context)
    case 'payouts stuck':
      return stuckCommand(rest, context)
    case 'payouts failed':
      return failedCommand(context)
    case 'payouts retry':
      return retryCommand(rest, context)
    case 'payouts reconcile':
      return reconcileCommand(rest, context)
  }
}

function options<T extends Record<string, { type: 'string' }>>(args: string[], spec: T) {
  try {
    return parseArgs({ args, options: spec, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`)
  return value
}

function timeOption(value: string | undefined, name: string): Date | null {
  if (value === undefined) return null
  const time = new Date(value)
  if (Number.isNaN(time.getTime())) throw new UsageError(`--${name} must be an ISO time`)
  return time
}

function positiveInteger(value: string, name: string, maximum = Number.MAX_SAFE_INTEGER): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1 || number > maximum) {
    throw new UsageError(`--${name} must be a whole number from 1 to ${maximum}`)
  }
  return number
}

async function listCampaignsCommand({ database, print }: AdminContext) {
  const campaigns = await listCampaigns(database)
  print('slug\tkind\treward\tclaimed/cap\tcodes\twindow\tstate\tname')
  for (const campaign of campaigns) {
    const window = `${campaign.startsAt?.toISOString() ?? '-'} .. ${campaign.endsAt?.toISOString() ?? '-'}`
    const state = campaign.closedAt ? 'closed' : 'open'
    print(
      [
        campaign.slug,
        campaign.kind,
        `${campaign.rewardQuantity} (${campaign.tokenContract})`,
        `${campaign.claimedCount}/${campaign.totalCap ?? '∞'}`,
        campaign.codes,
        window,
        state,
        campaign.name,
      ].join('\t'),
    )
  }
}

async function createCampaignCommand(args: string[], { database, env, print }: AdminContext) {
  const { values } = options(args, {
    slug: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string' },
    reward: { type: 'string' },
    contract: { type: 'string' },
    starts: { type: 'string' },
    ends: { type: 'string' },
    cap: { type: 'string' },
    code: { type: 'string' },
  })
  const kind = required(values.kind, 'kind')
  if (kind !== 'shared' && kind !== 'unique')
    throw new UsageError('--kind must be shared or unique')
  const reward = required(values.reward, 'reward')
  if (!/^[0-9]+(\.[0-9]+)? [A-Z]{1,7}$/.test(reward)) {
    throw new UsageError('--reward must be an amount and a token, e.g. "10.0000 FERN"')
  }
  const code = values.code === undefined ? undefined : normalizeCode(values.code)
  if (values.code !== undefined && !code) throw new UsageError('--code is not a valid code')
  if (kind === 'unique' && code)
    throw new UsageError('unique campaigns get codes from codes generate')
  const campaign = await database.transaction(async (tx) => {
    const created = await createCampaign(tx, {
      slug: required(values.slug, 'slug'),
      name: required(values.name, 'name'),
      kind: kind as CampaignKind,
      rewardQuantity: reward,
      tokenContract: values.contract ?? env.REWARD_TOKEN_CONTRACT,
      startsAt: timeOption(values.starts, 'starts'),
      endsAt: timeOption(values.ends, 'ends'),
      totalCap: values.cap === undefined ? null : positiveInteger(values.cap, 'cap'),
    })
    if (code) await addCodes(tx, created, [code])
    await audit(tx, 'admin', 'campaign.created', created.slug, { kind, reward, code })
    return created
  })
  print(`Created campaign ${campaign.slug} (${campaign.kind}, ${campaign.rewardQuantity} each).`)
}

async function closeCampaignCommand(args: string[], { database, print }: AdminContext) {
  const { values } = options(args, { slug: { type: 'string' } })
  const slug = required(values.slug, 'slug')
  const campaign = await closeCampaign(database, slug)
  if (!campaign) throw new UsageError(`There is no campaign ${slug}`)
  await audit(database, 'admin', 'campaign.closed', slug, {})
  print(`Closed campaign ${slug}: new submissions of its codes are rejected as ended.`)
}

async function generateCodesCommand(args: string[], { database, env, print }: AdminContext) {
  const { values } = options(args, {
    campaign: { type: 'string' },
    count: { type: 'string' },
    out: { type: 'string' },
  })
  const slug = required(values.campaign, 'campaign')
  const count = positiveInteger(required(values.count, 'count'), 'count', MAX_GENERATED_CODES)
  const directory = path.resolve(required(values.out, 'out'))
  const campaign = await findCampaign(database, slug)
  if (!campaign) throw new UsageError(`There is no campaign ${slug}`)
  if (campaign.kind !== 'unique')
    throw new UsageError(`${slug} is a shared campaign: it has one code`)

  const prefix = slug.slice(0, 20)
  const codes = new Set<string>()
  while (codes.size < count) codes.add(generateUniqueCode(prefix))
  await database.transaction(async (tx) => {
    await addCodes(tx, campaign, [...codes])
    await audit(tx, 'admin', 'codes.generated', slug, { count })
  })
  const origin = configuredOrigin(env)
  const files = await writeCodeSheet(directory, {
    campaign: slug,
    rewardQuantity: campaign.rewardQuantity,
    codes: [...codes],
    origin,
  })
  print(`Generated ${count} codes for ${slug}.`)
  print(`  CSV:       ${files.csv}`)
  print(`  QR images: ${files.qrDirectory}`)
  print(`  Printable: ${files.sheet}`)
  print(`  Links:     ${origin}${CLAIM_LINK_PATH}<code>`)
  if (!env.PUBLIC_ORIGIN) {
    print('  (PUBLIC_ORIGIN is not set: these links open on this machine only)')
  }
}

async function balanceCommand({ env, chainNode, print }: AdminContext) {
  const { account } = payoutAccountFrom(env)
  const node = await chainNode()
  const balance = await node.balanceOf(account, env.REWARD_TOKEN_CONTRACT, env.TOKEN_SYMBOL)
  print(`${account}: ${balance} (${env.REWARD_TOKEN_CONTRACT})`)
}

async function stuckCommand(args: string[], { database, print }: AdminContext) {
  const { values } = options(args, { minutes: { type: 'string' } })
  const minutes = values.minutes === undefined ? 10 : positiveInteger(values.minutes, 'minutes')
  const rows = await database.query<{
    id: string
    status: string
    wax_account: string
    code: string
    attempts: number
    last_error: string | null
    updated_at: Date
  }>(
    `SELECT id, status, wax_account, code, attempts, last_error, updated_at FROM rewards
      WHERE status IN ('processing', 'confirming') AND created_at < now() - make_interval(mins => $1)
      ORDER BY created_at`,
    [minutes],
  )
  print(`${rows.length} reward(s) processing or confirming for more than ${minutes} minute(s)`)
  for (const row of rows) {
    print(
      `${row.id}\t${row.status}\t${row.wax_account}\t${row.code}\tattempts ${row.attempts}\t${row.last_error ?? ''}`,
    )
  }
}

async function failedCommand({ database, print }: AdminContext) {
  const rows = await listFailedPayouts(database)
  print(`${rows.length} failed payout(s)`)
  for (const row of rows) {
    print(
      `${row.reward_id}\t${row.wax_account}\t${row.code}\ttx ${row.transaction_id}\t${row.last_error ?? ''}`,
    )
  }
}

async function retryCommand(args: string[], { database, print }: AdminContext) {
  const { positionals } = options(args, {})
  const [rewardId] = positionals
  if (!rewardId || !/^[0-9a-f-]{36}$/.test(rewardId))
    throw new UsageError('give the reward id to retry')
  if (!(await retryParkedReward(database, rewardId))) {
    throw new UsageError(`No reward ${rewardId} is waiting to be paid`)
  }
  print(`Reward ${rewardId} will be paid again by the next free worker.`)
}

async function reconcileCommand(args: string[], context: AdminContext) {
  const { values } = options(args, { since: { type: 'string' } })
  const since = timeOption(values.since, 'since')
  const { account } = payoutAccountFrom(context.env)
  const startedAt = performance.now()
  const result = await reconcilePayouts(context.database, await context.transferHistory(), {
    payoutAccount: account,
    since,
  })
  for (const discrepancy of result.discrepancies) context.print(discrepancy.message)
  const found = result.discrepancies.length
  context.print(
    `${found === 0 ? 'No discrepancy' : `${found} discrepanc${found === 1 ? 'y' : 'ies'}`}: ` +
      `${result.transfersChecked} transfer(s) from ${account} on chain and ` +
      `${result.completedRewardsChecked} completed reward(s)` +
      `${since ? ` since ${since.toISOString()}` : ''} checked in ${Math.round(performance.now() - startedAt)} ms`,
  )
  if (found > 0) throw new DiscrepanciesFound(`${found} discrepancies`)
}
