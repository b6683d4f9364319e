import {
  FarmReportQuerySchema,
  type FarmReport as FarmReportResponse,
  FarmReportSchema,
  RejectionResultSchema,
} from '@fernwood/protocol/admin'
import { Type } from 'typebox'
import { Value } from 'typebox/value'
import { type FarmReport, farmReport } from '../fairness/farm-report.ts'
import { OperatorRejectionInputSchema, rejectRewardsAsOperator } from '../fairness/review.ts'
import { UsageError } from './cli-errors.ts'
import { type CliFlag, seconds, secondsWritten, text, whole } from './cli-flags.ts'
import * as refusals from './errors.ts'
import { defineOperation, onCampaign } from './operation.ts'

/** The review of a campaign's claims (fair claims): its farm report, and rejecting a cluster. */

const { selection: SelectionSchema } = OperatorRejectionInputSchema.properties

/**
 * A comma-separated list, read into the selection it makes (`--reward a,b`: `{rewardIds}`) and
 * checked here: the selection's schema is a union, which the CLI could only call "a value".
 */
const listOf = (key: 'rewardIds' | 'accounts', what: string): CliFlag => ({
  to: 'selection',
  read: (value, flag) => {
    const selection = { [key]: value.split(',').map((each) => each.trim()) }
    if (!Value.Check(SelectionSchema, selection)) {
      throw new UsageError(`--${flag} must be ${what}, separated by commas`)
    }
    return selection
  },
})

const rejectClaims = defineOperation({
  name: 'rejectClaims',
  input: onCampaign(Type.Object({ selection: SelectionSchema }, { additionalProperties: false })),
  errors: [refusals.AdminCampaignNotFound],
  run: ({ database, operator }, { slug, selection }) =>
    rejectRewardsAsOperator(database, operator, slug, selection),
  http: { route: 'POST /api/admin/campaigns/:slug/rejections', response: RejectionResultSchema },
  cli: {
    command: 'claims reject',
    usage: `claims reject --campaign <slug> --reward <id>[,<id>…] | --account <name>[,<name>…]
                                 rejects those claims still pending (in its review window) as
                                 rejected by the operator, each audited; those being paid or
                                 done are kept and listed`,
    flags: {
      campaign: text('slug'),
      reward: listOf('rewardIds', 'reward ids'),
      account: listOf('accounts', 'account names'),
    },
    print: ({ rejected, kept }, _, { print }) => {
      print(`Rejected ${rejected.length} claim(s), kept ${kept.length}.`)
      for (const { id, account } of rejected) print(`rejected\t${id}\t${account}`)
      for (const { id, account, status } of kept) print(`kept (${status})\t${id}\t${account}`)
    },
  },
})

const showFarmReport = defineOperation({
  name: 'farmReport',
  input: onCampaign(FarmReportQuerySchema),
  errors: [refusals.AdminCampaignNotFound],
  run: async ({ database, accountOrigins }, { slug, minAccounts, createdWithinSeconds }) =>
    asJson(
      await farmReport(database, slug, {
        ...(minAccounts !== undefined && { minAccounts: Number(minAccounts) }),
        ...(createdWithinSeconds !== undefined && {
          createdWithinSeconds: Number(createdWithinSeconds),
        }),
        origins: await accountOrigins(),
      }),
    ),
  http: { route: 'GET /api/admin/campaigns/:slug/farm-report', response: FarmReportSchema },
  cli: {
    command: 'claims farm-report',
    usage: `claims farm-report --campaign <slug> [--min-accounts <n>] [--created-within <duration>]
                                 the clusters among the accounts that claimed it, each of n or
                                 more accounts (default 2): claimed from one network (IPv4 /24,
                                 IPv6 /64), created by one account, created within the duration
                                 of each other (default 10m), first funded by one account`,
    flags: {
      campaign: text('slug'),
      'min-accounts': { ...whole(), read: (value, flag) => String(whole().read(value, flag)) },
      'created-within': {
        to: 'createdWithinSeconds',
        read: (value, flag) => {
          const within = seconds().read(value, flag) as number
          if (within === 0) throw new UsageError(`--${flag} must be at least 1s`)
          return String(within)
        },
      },
    },
    print: (report, _, { print }) => {
      for (const line of farmReportLines(report)) print(line)
    },
  },
})

/** The report as the API sends it: its times ISO strings. */
function asJson(report: FarmReport): FarmReportResponse {
  const claimsAsJson = <Cluster extends { claims: FarmReport['sameAddress'][0]['claims'] }>(
    cluster: Cluster,
  ) => ({
    ...cluster,
    claims: cluster.claims.map((claim) => ({
      ...claim,
      claimedAt: claim.claimedAt.toISOString(),
    })),
  })
  return {
    ...report,
    sameAddress: report.sameAddress.map(claimsAsJson),
    sameCreator: report.sameCreator.map(claimsAsJson),
    createdTogether: report.createdTogether.map((cluster) => ({
      ...claimsAsJson(cluster),
      from: cluster.from.toISOString(),
      to: cluster.to.toISOString(),
    })),
    sameFunder: report.sameFunder.map(claimsAsJson),
  }
}

/** The CLI's printed report: a heading and a table of claims for each cluster. */
function farmReportLines(report: FarmReportResponse): string[] {
  const { campaign, origins } = report
  const clusters = [
    ...report.sameAddress.map((cluster) => ({
      ...cluster,
      what: `network ${cluster.addressPrefix}`,
    })),
    ...report.sameCreator.map((cluster) => ({ ...cluster, what: `created by ${cluster.creator}` })),
    ...report.createdTogether.map((cluster) => ({
      ...cluster,
      what: `created within ${secondsWritten(report.createdWithinSeconds)}, ${cluster.from} to ${cluster.to}`,
    })),
    ...report.sameFunder.map((cluster) => ({
      ...cluster,
      what: `first funded by ${cluster.funder}`,
    })),
  ]
  const lines = [`${clusters.length} cluster(s) among the accounts that claimed ${campaign}`]
  for (const { what, accounts, claims } of clusters) {
    lines.push('', `${what}: ${accounts} accounts, ${claims.length} claim(s)`)
    lines.push('account\treward\tstatus\tclaimed at')
    for (const claim of claims) {
      lines.push(`${claim.account}\t${claim.rewardId}\t${claim.status}\t${claim.claimedAt}`)
    }
  }
  lines.push('')
  if (!origins) {
    lines.push(
      'Creators, creation times and first funds not read: no history source (HISTORY_API_URL).',
    )
    return lines
  }
  lines.push(`Origins known for ${origins.known} of ${origins.accounts} account(s).`)
  if (origins.unavailable.length > 0) {
    lines.push(`The history source did not answer for: ${origins.unavailable.join(', ')}.`)
  }
  if (origins.deferred > 0) {
    lines.push(
      `${origins.deferred} account(s) not read yet (at most ${origins.readLimit} a report): run it again.`,
    )
  }
  return lines
}

export const reviewOperations = [rejectClaims, showFarmReport]
