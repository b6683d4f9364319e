import { Type } from 'typebox'
import { Value } from 'typebox/value'
import { farmReport } from '../fairness/farm-report.ts'
import { OperatorRejectionInputSchema, rejectRewardsAsOperator } from '../fairness/review.ts'
import { UsageError } from './cli-errors.ts'
import { type CliFlag, text, whole } from './cli-flags.ts'
import * as refusals from './errors.ts'
import { defineOperation, onCampaign } from './operation.ts'

/** The review of a campaign's claims (fair claims): its farm report, and rejecting a cluster. */

const { selection: SelectionSchema } = OperatorRejectionInputSchema.properties

const ClaimSchema = Type.Object({
  account: Type.String(),
  rewardId: Type.String(),
  status: Type.String(),
  claimedAt: Type.String({ format: 'date-time' }),
})

const FarmReportResponseSchema = Type.Object({
  campaign: Type.String(),
  sameAddress: Type.Array(
    Type.Object({
      addressPrefix: Type.String(),
      accounts: Type.Integer(),
      claims: Type.Array(ClaimSchema),
    }),
  ),
})

const SelectedRewardSchema = Type.Object({ id: Type.String(), account: Type.String() })
const RejectionResponseSchema = Type.Object({
  rejected: Type.Array(SelectedRewardSchema),
  kept: Type.Array(Type.Object({ ...SelectedRewardSchema.properties, status: Type.String() })),
})

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

// A query's text: the API takes no coerced numbers, so the count is written as digits.
const MinAccountsSchema = Type.String({ pattern: '^[1-9][0-9]{0,5}$' })

const rejectClaims = defineOperation({
  name: 'rejectClaims',
  input: onCampaign(Type.Object({ selection: SelectionSchema }, { additionalProperties: false })),
  errors: [refusals.AdminCampaignNotFound],
  run: ({ database, operator }, { slug, selection }) =>
    rejectRewardsAsOperator(database, operator, slug, selection),
  http: { route: 'POST /api/admin/campaigns/:slug/rejections', response: RejectionResponseSchema },
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
  input: onCampaign(
    Type.Object({ minAccounts: Type.Optional(MinAccountsSchema) }, { additionalProperties: false }),
  ),
  errors: [refusals.AdminCampaignNotFound],
  run: async ({ database }, { slug, minAccounts }) => {
    const report = await farmReport(database, slug, {
      ...(minAccounts !== undefined && { minAccounts: Number(minAccounts) }),
    })
    return {
      campaign: report.campaign,
      sameAddress: report.sameAddress.map((cluster) => ({
        ...cluster,
        claims: cluster.claims.map((claim) => ({
          ...claim,
          claimedAt: claim.claimedAt.toISOString(),
        })),
      })),
    }
  },
  http: { route: 'GET /api/admin/campaigns/:slug/farm-report', response: FarmReportResponseSchema },
  cli: {
    command: 'claims farm-report',
    usage: `claims farm-report --campaign <slug> [--min-accounts <n>]
                                 the clusters among the accounts that claimed it: the networks
                                 (IPv4 /24, IPv6 /64) n or more accounts claimed from (default 2)`,
    flags: {
      campaign: text('slug'),
      'min-accounts': { ...whole(), read: (value, flag) => String(whole().read(value, flag)) },
    },
    print: ({ campaign, sameAddress }, _, { print }) => {
      print(`${sameAddress.length} cluster(s) among the accounts that claimed ${campaign}`)
      for (const { addressPrefix, accounts, claims } of sameAddress) {
        print('')
        print(`network ${addressPrefix}: ${accounts} accounts, ${claims.length} claim(s)`)
        print('account\treward\tstatus\tclaimed at')
        for (const claim of claims) {
          print(`${claim.account}\t${claim.rewardId}\t${claim.status}\t${claim.claimedAt}`)
        }
      }
    },
  },
})

export const reviewOperations = [rejectClaims, showFarmReport]
