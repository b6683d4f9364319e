import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CLAIM_LINK_PATH } from '@fernwood/protocol'
import { KIOSK_HOURS, MAX_GENERATED_CODES } from '@fernwood/protocol/admin'
import { type Campaign, listCampaigns } from '../campaigns/catalogue.ts'
import { rewardWords } from '../campaigns/nft-reward.ts'
import type { Environment } from '../config/environment.ts'
import type { Database } from '../db/database.ts'
import { configuredOrigin } from '../http/own-origin.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'
import { reconcilePayouts } from '../payouts/reconcile.ts'
import { payoutAccountFrom } from '../payouts/settings.ts'
import type { TransferHistory } from '../payouts/transfer-history.ts'
import { budgetShown } from './budget-input.ts'
import { editCampaignAs } from './campaign-edits.ts'
import { campaignClaimsCsv } from './claims-export.ts'
import { codesOfGeneration, findGeneration, startGeneration } from './code-generations.ts'
import { writeCodeSheet } from './code-sheet.ts'
import { CodeGenerationRunner } from './generation-runner.ts'
import {
  issueKioskCredential,
  listKioskCredentials,
  revokeKioskCredential,
} from './kiosk-credentials.ts'
import { nftOfDraft } from './nft-campaigns.ts'
import {
  CLI_OPERATOR,
  campaignOverview,
  closeCampaignAs,
  createCampaignAs,
  listRefusedPayouts,
  listStuckRewards,
  readPayoutBalance,
  readPayoutResources,
  reopenCampaignAs,
  retryPayoutAs,
} from './operations.ts'

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

  campaigns list                   each campaign with its state: scheduled, open, ended, closed,
                                   or spent (its cap or budget reached: claims are refused as
                                   fully claimed)
  campaigns create --slug <slug> --name <name> --kind shared|unique --reward "<amount> <TOKEN>"
                   | --nft <collection>:<template id>   (mints one asset of the template a
                                   claim; the payout account must be an authorized minter)
                   | --nft-pool <collection>:<template id>   (sends one of the template's
                                   assets the payout account holds a claim; an empty pool
                                   refuses claims as handed out)
                   [--contract <account>] [--starts <ISO time>] [--ends <ISO time>] [--cap <n>]
                   [--code <code>]   (the code of a shared campaign)
                   [--budget "<amount> <TOKEN>" | <n>]   (reserves that much, or n rewards;
                                   once spent, claims are refused as fully claimed)
                   [--allowlist <file>]   (only these accounts: one a line, or a CSV with an
                                   "account" column; up to 100,000)
                   [--min-balance "<amount> <SYMBOL>@<contract>"] [--holds-nft <collection>[:<template>]]
                   [--min-account-age-days <n>]   (checked on chain when a code is claimed; a
                                   wallet that fails is refused as not eligible)
                   [--group <name> [--per-wallet <n>/<hour|day|week>]]   (the group's campaigns
                                   share a limit per wallet, e.g. 1/day; a new group needs one)
  campaigns close --slug <slug>    new submissions of its codes are rejected as ended (not the
                                   welcome campaign's: every first visit claims its code)
  campaigns reopen --slug <slug>   a closed campaign accepts its codes again, within its window
  campaigns edit <slug> [--starts-at <ISO time>|none] [--ends-at <ISO time>|none]
                   [--cap <n>|none] [--reopen] [--allowlist <file>|none]
                   [--min-balance "<amount> <SYMBOL>@<contract>"|none] [--holds-nft <...>|none]
                   [--min-account-age-days <n>|none] [--group <name>|none] [--per-wallet <n>/<period>]
                                   change its window, cap (not below what was claimed) or rules
                                   (written as for create; an allowlist replaces the whole list;
                                   --per-wallet alone changes its group's limit), and reopen it
                                   if closed; each change audited with what it was
  claims export --campaign <slug>  its claims as CSV on standard output: account, code, status,
                                   reward, NFT asset id, reason, transaction id and times, oldest first
  codes generate --campaign <slug> --count <n> --out <directory>
                   (unique campaigns: codes.csv, qr/<code>.png and a printable sheet.html;
                   each QR code holds the code's claim link, PUBLIC_ORIGIN/c/<code>; the
                   generation is listed in the console too, its files downloadable there)
  kiosk issue --campaign <slug> [--hours <n>]
                               a kiosk link for a unique campaign's kiosk screen on a tablet: it
                               opens that screen and nothing else, for n hours (default 24, at
                               most 720) unless revoked; shown this once, kept only as a hash
  kiosk list                   the kiosk credentials in force
  kiosk revoke <id>            refused by every server at once; a kiosk showing it goes dark
  payouts balance              the payout account's balance of the reward token
  payouts resources            the payout account's CPU, NET and RAM (used, available, max),
                               and whether payouts are paused for want of one of them
  payouts stuck [--minutes <n>] rewards processing or confirming for longer than n minutes (default 10)
  payouts failed               payouts the chain refused, with its error
  payouts retry <reward id>    pay a parked reward again (after fixing the cause); its refused
                               transfer is settled first, in case it landed after all
  payouts reconcile [--since <ISO time>]
                               compare the payout account's transfers on chain with the rewards:
                               one line per discrepancy, a summary, exit code 1 on any`

const COMMANDS = [
  'campaigns list',
  'campaigns create',
  'campaigns close',
  'campaigns reopen',
  'campaigns edit',
  'claims export',
  'codes generate',
  'kiosk issue',
  'kiosk list',
  'kiosk revoke',
  'payouts balance',
  'payouts resources',
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
  try {
    await runCommand(commandOf(argv), argv.slice(2), context)
  } catch (error) {
    // The operations' refusals (errors.ts) are the operator's mistakes, as a bad flag is.
    if (error instanceof Error && /^ADMIN_/.test((error as { code?: string }).code ?? '')) {
      throw new UsageError(error.message)
    }
    throw error
  }
}

function runCommand(command: Command, rest: string[], context: AdminContext): Promise<void> {
  switch (command) {
    case 'campaigns list':
      return listCampaignsCommand(context)
    case 'campaigns create':
      return createCampaignCommand(rest, context)
    case 'campaigns close':
      return closeCampaignCommand(rest, context)
    case 'campaigns reopen':
      return reopenCampaignCommand(rest, context)
    case 'campaigns edit':
      return editCampaignCommand(rest, context)
    case 'claims export':
      return exportClaimsCommand(rest, context)
    case 'codes generate':
      return generateCodesCommand(rest, context)
    case 'kiosk issue':
      return issueKioskCommand(rest, context)
    case 'kiosk list':
      return listKiosksCommand(context)
    case 'kiosk revoke':
      return revokeKioskCommand(rest, context)
    case 'payouts balance':
      return balanceCommand(context)
    case 'payouts resources':
      return resourcesCommand(context)
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

function options<T extends Record<string, { type: 'string' | 'boolean' }>>(
  args: string[],
  spec: T,
) {
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

// A reward's or a kiosk credential's id.
const UUID = /^[0-9a-f-]{36}$/

function positiveInteger(value: string, name: string, maximum = Number.MAX_SAFE_INTEGER): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1 || number > maximum) {
    throw new UsageError(`--${name} must be a whole number from 1 to ${maximum}`)
  }
  return number
}

async function listCampaignsCommand({ database, print }: AdminContext) {
  const campaigns = await listCampaigns(database)
  print('slug\tkind\treward\tclaimed/cap\tbudget\tcodes\twindow\tstate\tname')
  for (const campaign of campaigns) {
    const window = `${campaign.startsAt?.toISOString() ?? '-'} .. ${campaign.endsAt?.toISOString() ?? '-'}`
    print(
      [
        campaign.slug,
        campaign.kind,
        `${rewardWords(campaign.rewardQuantity, campaign.nft)} (${campaign.tokenContract})`,
        `${campaign.claimedCount}/${campaign.totalCap ?? '∞'}`,
        budgetColumn(campaign),
        campaign.codes,
        window,
        campaign.phase,
        campaign.name,
      ].join('\t'),
    )
  }
}

/** "250 rewards (2500.0000 FERN), 40 left", or "-" without a budget. */
function budgetColumn(campaign: Campaign): string {
  const budget = budgetShown(campaign.budgetRewards, campaign.rewardQuantity)
  if (!budget) return '-'
  const left = Math.max(0, budget.rewards - campaign.claimedCount)
  return `${budget.rewards} rewards${budget.amount ? ` (${budget.amount})` : ''}, ${left} left`
}

// A campaign's rules, the same flags for `campaigns create` and `campaigns edit`.
const RULE_FLAGS = {
  allowlist: { type: 'string' },
  'min-balance': { type: 'string' },
  'holds-nft': { type: 'string' },
  'min-account-age-days': { type: 'string' },
  group: { type: 'string' },
  'per-wallet': { type: 'string' },
} as const

async function createCampaignCommand(
  args: string[],
  { database, env, chainNode, print }: AdminContext,
) {
  const { values } = options(args, {
    slug: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string' },
    reward: { type: 'string' },
    nft: { type: 'string' },
    'nft-pool': { type: 'string' },
    contract: { type: 'string' },
    starts: { type: 'string' },
    ends: { type: 'string' },
    cap: { type: 'string' },
    code: { type: 'string' },
    budget: { type: 'string' },
    ...RULE_FLAGS,
  })
  const kind = required(values.kind, 'kind')
  if (kind !== 'shared' && kind !== 'unique')
    throw new UsageError('--kind must be shared or unique')
  const paysNft = values.nft !== undefined || values['nft-pool'] !== undefined
  const draft = {
    nft: values.nft,
    nftPool: values['nft-pool'],
  }
  const campaign = await createCampaignAs(
    database,
    CLI_OPERATOR,
    {
      slug: required(values.slug, 'slug'),
      name: required(values.name, 'name'),
      kind,
      reward: paysNft ? values.reward : required(values.reward, 'reward'),
      ...draft,
      contract: values.contract,
      startsAt: values.starts,
      endsAt: values.ends,
      cap: values.cap === undefined ? undefined : positiveInteger(values.cap, 'cap'),
      code: values.code,
      budget: values.budget,
      allowlist: values.allowlist && (await readFile(path.resolve(values.allowlist), 'utf8')),
      minBalance: values['min-balance'],
      holdsNft: values['holds-nft'],
      minAccountAgeDays:
        values['min-account-age-days'] === undefined
          ? undefined
          : positiveInteger(values['min-account-age-days'], 'min-account-age-days'),
      group: values.group,
      perWallet: values['per-wallet'],
    },
    env.REWARD_TOKEN_CONTRACT,
    paysNft
      ? await nftOfDraft(database, await chainNode(), payoutAccountFrom(env).account, draft)
      : null,
  )
  const each = rewardWords(campaign.rewardQuantity, campaign.nft)
  print(`Created campaign ${campaign.slug} (${campaign.kind}, ${each} each).`)
}

async function closeCampaignCommand(args: string[], { database, print }: AdminContext) {
  const { values } = options(args, { slug: { type: 'string' } })
  const slug = required(values.slug, 'slug')
  await closeCampaignAs(database, CLI_OPERATOR, slug)
  print(`Closed campaign ${slug}: new submissions of its codes are rejected as ended.`)
}

async function reopenCampaignCommand(args: string[], { database, print }: AdminContext) {
  const { values } = options(args, { slug: { type: 'string' } })
  const slug = required(values.slug, 'slug')
  await reopenCampaignAs(database, CLI_OPERATOR, slug)
  print(`Reopened campaign ${slug}: its codes are accepted again, within its window and cap.`)
}

async function editCampaignCommand(args: string[], { database, print }: AdminContext) {
  const { values, positionals } = options(args, {
    'starts-at': { type: 'string' },
    'ends-at': { type: 'string' },
    cap: { type: 'string' },
    reopen: { type: 'boolean' },
    ...RULE_FLAGS,
  })
  const [slug] = positionals
  if (!slug) throw new UsageError('give the slug of the campaign to edit')
  // 'none' removes a time, the cap or a rule; an absent flag leaves it as it is.
  const removable = <T>(value: string | undefined, read: (value: string) => T) =>
    value === undefined ? undefined : value === 'none' ? null : read(value)
  const allowlistFile = removable(values.allowlist, (file) => path.resolve(file))
  await editCampaignAs(database, CLI_OPERATOR, slug, {
    startsAt: removable(values['starts-at'], String),
    endsAt: removable(values['ends-at'], String),
    cap: removable(values.cap, (cap) => positiveInteger(cap, 'cap')),
    reopen: values.reopen,
    allowlist: allowlistFile && (await readFile(allowlistFile, 'utf8')),
    minBalance: removable(values['min-balance'], String),
    holdsNft: removable(values['holds-nft'], String),
    minAccountAgeDays: removable(values['min-account-age-days'], (days) =>
      positiveInteger(days, 'min-account-age-days'),
    ),
    group: removable(values.group, String),
    perWallet: removable(values['per-wallet'], String),
  })
  const campaign = await campaignOverview(database, slug)
  print(
    `Campaign ${slug}: ${campaign.startsAt ?? '-'} .. ${campaign.endsAt ?? '-'}, ` +
      `cap ${campaign.cap ?? 'none'}, ${campaign.claimed} claimed, ${campaign.state}.`,
  )
}

// Claims read per query while the export is written.
const EXPORT_PAGE_SIZE = 500

async function exportClaimsCommand(args: string[], { database, print }: AdminContext) {
  const { values } = options(args, { campaign: { type: 'string' } })
  const slug = required(values.campaign, 'campaign')
  // print ends each chunk with a line break of its own.
  for await (const lines of await campaignClaimsCsv(database, slug, EXPORT_PAGE_SIZE)) {
    print(lines.slice(0, -1))
  }
}

// Codes read per query while the files are written.
const FILE_PAGE_SIZE = 500

async function generateCodesCommand(args: string[], { database, env, print }: AdminContext) {
  const { values } = options(args, {
    campaign: { type: 'string' },
    count: { type: 'string' },
    out: { type: 'string' },
  })
  const slug = required(values.campaign, 'campaign')
  const count = positiveInteger(required(values.count, 'count'), 'count', MAX_GENERATED_CODES)
  const directory = path.resolve(required(values.out, 'out'))
  const origin = configuredOrigin(env)
  // The console's job, run to its end in this process: the same limit on generations at once,
  // the same audit, and a server resumes it should this process die mid-way.
  let failure: unknown
  const runner = new CodeGenerationRunner({
    database,
    resumeEveryMs: 0,
    onError: (error) => {
      failure = error
    },
  })
  const job = await startGeneration(database, CLI_OPERATOR, { slug, count, origin }, runner.holder)
  await runner.follow(job)
  const generation = await findGeneration(database, job.id)
  if (generation.state !== 'done') {
    throw failure ?? new Error(`Code generation ${job.id} stopped at ${generation.made} codes.`)
  }
  const files = await writeCodeSheet(directory, {
    ...generation,
    pages: () => codesOfGeneration(database, job.id, FILE_PAGE_SIZE),
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

async function issueKioskCommand(args: string[], { database, env, print }: AdminContext) {
  const { values } = options(args, { campaign: { type: 'string' }, hours: { type: 'string' } })
  const slug = required(values.campaign, 'campaign')
  const { credential, link } = await issueKioskCredential(database, CLI_OPERATOR, {
    slug,
    hours:
      values.hours === undefined
        ? undefined
        : positiveInteger(values.hours, 'hours', KIOSK_HOURS.max),
    origin: configuredOrigin(env),
  })
  print(`Issued kiosk credential ${credential.id} for ${slug}, until ${credential.expiresAt}.`)
  print('Open this link on the tablet; it is not shown again:')
  print(`  ${link}`)
  if (!env.PUBLIC_ORIGIN) {
    print('  (PUBLIC_ORIGIN is not set: this link opens on this machine only)')
  }
}

async function listKiosksCommand({ database, print }: AdminContext) {
  const credentials = await listKioskCredentials(database)
  print(`${credentials.length} kiosk credential(s) in force`)
  for (const credential of credentials) {
    print(
      [
        credential.id,
        credential.campaign,
        `by ${credential.operator ?? 'the CLI'}`,
        `issued ${credential.issuedAt}`,
        `until ${credential.expiresAt}`,
        `last used ${credential.lastUsedAt ?? 'never'}`,
      ].join('\t'),
    )
  }
}

async function revokeKioskCommand(args: string[], { database, print }: AdminContext) {
  const { positionals } = options(args, {})
  const [id] = positionals
  if (!id || !UUID.test(id)) throw new UsageError('give the id of the kiosk credential to revoke')
  await revokeKioskCredential(database, CLI_OPERATOR, id)
  print(`Revoked kiosk credential ${id}: every server refuses it, and its kiosk shows no code.`)
}

async function balanceCommand({ env, chainNode, print }: AdminContext) {
  const { account, balance } = await readPayoutBalance(env, await chainNode())
  print(`${account}: ${balance} (${env.REWARD_TOKEN_CONTRACT})`)
}

async function resourcesCommand({ database, env, chainNode, print }: AdminContext) {
  const { account, resources, pause } = await readPayoutResources(database, env, await chainNode())
  print(account)
  if (!resources) print('  resources: the chain did not answer')
  else {
    const rows = [
      ['CPU', resources.cpu, 'µs'],
      ['NET', resources.net, 'bytes'],
      ['RAM', resources.ram, 'bytes'],
    ] as const
    for (const [name, { used, available, max }, unit] of rows) {
      print(
        max < 0
          ? `  ${name}  unlimited`
          : `  ${name}  used ${used} ${unit}, available ${available} ${unit}, max ${max} ${unit}`,
      )
    }
  }
  if (!pause) print('payouts: running')
  else {
    print(
      `payouts: PAUSED since ${pause.since.toISOString()}: out of ${pause.resource.toUpperCase()}; next check at ${pause.nextCheckAt.toISOString()}`,
    )
    print(`  the node said: ${pause.error}`)
  }
}

async function stuckCommand(args: string[], { database, print }: AdminContext) {
  const { values } = options(args, { minutes: { type: 'string' } })
  const minutes = values.minutes === undefined ? 10 : positiveInteger(values.minutes, 'minutes')
  const rewards = await listStuckRewards(database, minutes)
  print(`${rewards.length} reward(s) processing or confirming for more than ${minutes} minute(s)`)
  for (const reward of rewards) {
    print(
      `${reward.rewardId}\t${reward.status}\t${reward.waxAccount}\t${reward.code}\tattempts ${reward.attempts}\t${reward.error ?? ''}`,
    )
  }
}

async function failedCommand({ database, print }: AdminContext) {
  const payouts = await listRefusedPayouts(database)
  print(`${payouts.length} failed payout(s)`)
  for (const payout of payouts) {
    print(
      `${payout.rewardId}\t${payout.waxAccount}\t${payout.code}\ttx ${payout.transactionId}\t${payout.error ?? ''}`,
    )
  }
}

async function retryCommand(args: string[], { database, print }: AdminContext) {
  const { positionals } = options(args, {})
  const [rewardId] = positionals
  if (!rewardId || !UUID.test(rewardId)) throw new UsageError('give the reward id to retry')
  await retryPayoutAs(database, CLI_OPERATOR, rewardId)
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
