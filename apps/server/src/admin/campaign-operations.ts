import { readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  type AdminCampaign,
  CampaignEditRequestSchema,
  CampaignResponseSchema,
  CampaignsResponseSchema,
  NewCampaignRequestSchema,
  NftTemplatePreviewSchema,
  NftTemplateQuerySchema,
} from '@fernwood/protocol/admin'
import { Type } from 'typebox'
import { editCampaignAs } from '../campaigns/edits.ts'
import { EligibilityRuleInvalid } from '../campaigns/eligibility.ts'
import { refuseUnreachableCheckUrl } from '../campaigns/fairness-settings.ts'
import {
  closeCampaignAs,
  createCampaignAs,
  reopenCampaignAs,
} from '../campaigns/operator-changes.ts'
import { campaignOverview, listCampaignOverview } from '../campaigns/overview.ts'
import { checkedRuleTree } from '../campaigns/rule-trees.ts'
import { payoutAccountFrom } from '../payouts/settings.ts'
import { campaignClaimsCsv } from './claims-export.ts'
import { UsageError } from './cli-errors.ts'
import {
  type CliFlag,
  fileText,
  nullFor,
  oneOf,
  onOff,
  onOrOff,
  removable,
  seconds,
  secondsWritten,
  text,
  whole,
} from './cli-flags.ts'
import { attachment, streamedText } from './downloads.ts'
import * as refusals from './errors.ts'
import { nftOfDraft, previewTemplate } from './nft-campaigns.ts'
import { defineOperation, type Operation, type OperationContext, onCampaign } from './operation.ts'

/** The operations on campaigns: list, create, close, reopen, edit, export their claims. */

const SlugInput = onCampaign(Type.Object({}))

// The body limit of the requests that carry an allowlist, a new campaign's or the one an edit
// replaces it with: 100,000 accounts are some 1.4 MB of JSON, past BODY_LIMIT_BYTES.
const ALLOWLIST_BODY_LIMIT_BYTES = 2 * 1024 * 1024

/**
 * A rule tree's JSON file, read and checked here so a mistake names its place in the file (the
 * server checks it again, as it checks the API's).
 */
const ruleTreeFile = (): CliFlag => ({
  read: async (file, flag) => {
    const text = await readFile(path.resolve(file), 'utf8')
    try {
      return checkedRuleTree(JSON.parse(text))
    } catch (error) {
      if (error instanceof SyntaxError || error instanceof EligibilityRuleInvalid) {
        throw new UsageError(`--${flag} ${file}: ${error.message}`)
      }
      throw error
    }
  },
})

// A campaign's rules, the same flags for `campaigns create` and `campaigns edit`.
const RULE_FLAGS = {
  rules: ruleTreeFile(),
  allowlist: fileText(),
  'min-balance': text(),
  'holds-nft': text(),
  'min-account-age-days': whole(),
  group: text(),
  'per-wallet': text(),
}

// A campaign's fair-claim settings, for `campaigns create` and `campaigns edit` alike: `default`
// leaves the human check to the deployment's HUMAN_CHECK_DEFAULT.
const FAIRNESS_FLAGS = {
  'human-check': nullFor('default', oneOf('pow', 'off', 'default')),
  'grants-per-account': nullFor('unlimited', whole()),
  'payout-delay': seconds(),
}
const fairnessRefusals = [
  refusals.AdminGrantsPerAccountInvalid,
  refusals.AdminOncePerAssetInvalid,
  refusals.AdminCheckUrlRefused,
  refusals.AdminPayoutDelayInvalid,
]

// Refused by the rules of a new campaign's fields, and of its rules at creation and in an edit.
const ruleRefusals = [
  refusals.AdminRulesInvalid,
  refusals.AdminAllowlistInvalid,
  refusals.AdminMinBalanceInvalid,
  refusals.AdminHoldsNftInvalid,
  refusals.AdminAccountAgeInvalid,
  refusals.AdminGroupInvalid,
  refusals.AdminPerWalletInvalid,
]
const windowRefusals = [
  refusals.AdminTimeInvalid,
  refusals.AdminWindowInvalid,
  refusals.AdminCapInvalid,
]
// A template named for an NFT campaign, read on chain.
const templateRefusals = [
  refusals.AdminNftInvalid,
  refusals.AdminNftTemplateUnknown,
  refusals.AdminChainUnavailable,
]

/** The campaign as it now stands, each change's answer. */
const standing = async ({ database }: OperationContext, slug: string) => ({
  campaign: await campaignOverview(database, slug),
})

/**
 * The signing secret of the campaign's check, for the operator to configure their endpoint with
 * (the console shows it too), once a create or an edit set a URL.
 */
function printCheckSecret({ checkSecret }: AdminCampaign, print: (line: string) => void) {
  if (checkSecret) print(`Signing secret for its check: ${checkSecret}`)
}

/** "250 rewards (2500.0000 FERN), 40 left", or "-" without a budget. */
function budgetColumn({ budget, claimed }: AdminCampaign): string {
  if (!budget) return '-'
  const left = Math.max(0, budget.rewards - claimed)
  return `${budget.rewards} rewards${budget.amount ? ` (${budget.amount})` : ''}, ${left} left`
}

const listCampaigns = defineOperation({
  name: 'listCampaigns',
  input: Type.Object({}),
  run: async ({ database, withNftStock }) => ({
    campaigns: await withNftStock(await listCampaignOverview(database)),
  }),
  http: { route: 'GET /api/admin/campaigns', response: CampaignsResponseSchema },
  cli: {
    command: 'campaigns list',
    usage: `campaigns list                   each campaign with its state: scheduled, open, ended, closed,
                                 or spent (its cap or budget reached: claims are refused as
                                 fully claimed)`,
    print: ({ campaigns }, _, { print }) => {
      print(
        'slug\tkind\treward\tclaimed/cap\tbudget\tcodes\twindow\thuman check\tgrants/account\tper NFT\tcheck\treview\tstate\tname',
      )
      for (const campaign of campaigns) {
        print(
          [
            campaign.slug,
            campaign.kind,
            `${campaign.reward} (${campaign.tokenContract})`,
            `${campaign.claimed}/${campaign.cap ?? '∞'}`,
            budgetColumn(campaign),
            campaign.codes,
            `${campaign.startsAt ?? '-'} .. ${campaign.endsAt ?? '-'}`,
            campaign.humanCheck ?? 'default',
            campaign.grantsPerAccount ?? 'unlimited',
            campaign.oncePerAsset ? 'once' : '-',
            campaign.checkUrl ?? '-',
            campaign.payoutDelay === 0 ? '-' : secondsWritten(campaign.payoutDelay),
            campaign.state,
            campaign.name,
          ].join('\t'),
        )
      }
    },
  },
})

const createCampaign = defineOperation({
  name: 'createCampaign',
  input: NewCampaignRequestSchema,
  errors: [
    refusals.AdminSlugInvalid,
    refusals.AdminSlugTaken,
    refusals.AdminNameInvalid,
    refusals.AdminRewardInvalid,
    refusals.AdminContractInvalid,
    ...windowRefusals,
    refusals.AdminCodeInvalid,
    refusals.AdminUniqueCodeGiven,
    refusals.AdminCodeTaken,
    refusals.AdminBudgetInvalid,
    refusals.AdminBudgetNotWholeRewards,
    ...ruleRefusals,
    ...fairnessRefusals,
    ...templateRefusals,
    refusals.AdminNftNotMinter,
    refusals.AdminNftSchemaUntied,
    refusals.AdminNftPoolInvalid,
    refusals.AdminNftPoolTemplateUnknown,
    refusals.AdminNftPoolEmpty,
  ],
  run: async (context, draft) => {
    const { database, env, operator } = context
    // An NFT campaign's template is checked on chain; a token campaign never opens it.
    const paysNft = draft.nft !== undefined || draft.nftPool !== undefined
    await refuseUnreachableCheckUrl(draft.checkUrl, env)
    const node = paysNft ? await context.chainNode() : undefined
    const nft = node && (await nftOfDraft(database, node, payoutAccountFrom(env).account, draft))
    const created = await createCampaignAs(
      database,
      operator,
      draft,
      env.REWARD_TOKEN_CONTRACT,
      nft ?? null,
    )
    return standing(context, created.slug)
  },
  http: {
    route: 'POST /api/admin/campaigns',
    status: 201,
    response: CampaignResponseSchema,
    bodyLimit: ALLOWLIST_BODY_LIMIT_BYTES,
  },
  cli: {
    command: 'campaigns create',
    usage: `campaigns create --slug <slug> --name <name> --kind shared|unique --reward "<amount> <TOKEN>"
                 | --nft <collection>:<template id>   (mints one asset of the template a
                                 claim; the payout account must be an authorized minter)
                 | --nft-pool <collection>:<template id>   (sends one of the template's
                                 assets the payout account holds a claim; an empty pool
                                 refuses claims as handed out)
                 [--contract <account>] [--starts <ISO time>] [--ends <ISO time>] [--cap <n>]
                 [--code <code>]   (the code of a shared campaign)
                 [--budget "<amount> <TOKEN>" | <n>]   (reserves that much, or n rewards;
                                 once spent, claims are refused as fully claimed)
                 [--rules <file.json>]   (who may claim, as one tree: "all" / "any" groups of
                                 conditions, nested up to 3 groups deep; see docs/operating.md)
                 [--allowlist <file>]   (the allowlist's accounts: one a line, or a CSV with an
                                 "account" column; up to 100,000)
                 [--min-balance "<amount> <SYMBOL>@<contract>"] [--holds-nft <collection>[:<template>]]
                 [--min-account-age-days <n>]   (each a condition every claim must also meet,
                                 beside --rules' tree; checked on chain when a code is claimed;
                                 a wallet that fails is refused as not eligible)
                 [--group <name> [--per-wallet <n>/<hour|day|week>]]   (the group's campaigns
                                 share a limit per wallet, e.g. 1/day; a new group needs one)
                 [--once-per-asset]   (with rules no wallet meets without an NFT: each NFT
                                 qualifies one claim of the campaign, or of its group, whoever
                                 holds it)
                 [--human-check pow|off|default]   (proof of work before a claim; default:
                                 the deployment's HUMAN_CHECK_DEFAULT)
                 [--grants-per-account <n>|unlimited]   (the partner API's grants to one
                                 account; 1 unless given)
                 [--check-url <url>]   (asked before each claim is accepted, signed with the
                                 secret printed; https only, no private address)
                 [--payout-delay 0|<n>s|m|h|d]   (a review window: claims wait this long,
                                 pending, and may be rejected meanwhile; up to 30d)`,
    flags: {
      slug: text(),
      name: text(),
      kind: text(),
      reward: text(),
      nft: text(),
      'nft-pool': text(),
      contract: text(),
      starts: text('startsAt'),
      ends: text('endsAt'),
      cap: whole(),
      code: text(),
      budget: text(),
      ...RULE_FLAGS,
      'once-per-asset': onOff(),
      ...FAIRNESS_FLAGS,
      'check-url': text(),
    },
    print: ({ campaign }, _, { print }) => {
      print(`Created campaign ${campaign.slug} (${campaign.kind}, ${campaign.reward} each).`)
      printCheckSecret(campaign, print)
    },
  },
})

/** Closing or reopening: `change` made, the campaign as it now stands. */
const campaignSwitch = (
  name: string,
  command: 'close' | 'reopen',
  change: typeof closeCampaignAs,
  errors: Operation['errors'],
  usage: string,
  done: string,
) =>
  defineOperation({
    name,
    input: SlugInput,
    errors: [refusals.AdminCampaignNotFound, ...(errors ?? [])],
    run: async (context, { slug }) => {
      await change(context.database, context.operator, slug)
      return standing(context, slug)
    },
    http: { route: `POST /api/admin/campaigns/:slug/${command}`, response: CampaignResponseSchema },
    cli: {
      command: `campaigns ${command}`,
      usage,
      flags: { slug: text() },
      print: ({ campaign }, _, { print }) => print(done.replace('%s', campaign.slug)),
    },
  })

const closeCampaign = campaignSwitch(
  'closeCampaign',
  'close',
  closeCampaignAs,
  [refusals.AdminCampaignWelcome, refusals.AdminCampaignClosed],
  `campaigns close --slug <slug>    new submissions of its codes are rejected as ended (not the
                                 welcome campaign's: every first visit claims its code)`,
  'Closed campaign %s: new submissions of its codes are rejected as ended.',
)

const reopenRefusals = [refusals.AdminCampaignNotClosed, refusals.AdminCampaignWindowOver]

const reopenCampaign = campaignSwitch(
  'reopenCampaign',
  'reopen',
  reopenCampaignAs,
  reopenRefusals,
  `campaigns reopen --slug <slug>   a closed campaign accepts its codes again, within its window`,
  'Reopened campaign %s: its codes are accepted again, within its window and cap.',
)

const editCampaign = defineOperation({
  name: 'editCampaign',
  input: onCampaign(CampaignEditRequestSchema),
  errors: [
    refusals.AdminCampaignNotFound,
    refusals.AdminCampaignWelcomeEdit,
    refusals.AdminEditEmpty,
    ...windowRefusals,
    refusals.AdminCapBelowClaimed,
    ...ruleRefusals,
    ...fairnessRefusals,
    ...reopenRefusals,
  ],
  run: async (context, { slug, ...edit }) => {
    await refuseUnreachableCheckUrl(edit.checkUrl, context.env)
    await editCampaignAs(context.database, context.operator, slug, edit)
    return standing(context, slug)
  },
  http: {
    route: 'POST /api/admin/campaigns/:slug/edit',
    response: CampaignResponseSchema,
    bodyLimit: ALLOWLIST_BODY_LIMIT_BYTES,
  },
  cli: {
    command: 'campaigns edit',
    usage: `campaigns edit <slug> [--starts-at <ISO time>|none] [--ends-at <ISO time>|none]
                 [--cap <n>|none] [--reopen] [--rules <file.json>|none] [--allowlist <file>|none]
                 [--min-balance "<amount> <SYMBOL>@<contract>"|none] [--holds-nft <...>|none]
                 [--min-account-age-days <n>|none] [--group <name>|none] [--per-wallet <n>/<period>]
                 [--once-per-asset on|off] [--human-check pow|off|default]
                 [--grants-per-account <n>|unlimited] [--check-url <url>|none]
                 [--payout-delay 0|<n>s|m|h|d]
                                 change its window, cap (not below what was claimed), rules or
                                 fair-claim settings (written as for create; --rules replaces
                                 the whole tree, a single-rule flag its kind's condition at the
                                 tree's top, none removes every condition of its kind; an
                                 allowlist replaces the whole list; --per-wallet alone changes
                                 its group's limit), and reopen it if closed; each change
                                 audited with what it was`,
    positional: { to: 'slug', missing: 'give the slug of the campaign to edit' },
    // 'none' removes a time, the cap or a rule; an absent flag leaves it as it is.
    flags: {
      'starts-at': removable(text()),
      'ends-at': removable(text()),
      cap: removable(whole()),
      reopen: onOff(),
      ...Object.fromEntries(
        Object.entries(RULE_FLAGS).map(([name, flag]) => [name, removable(flag)]),
      ),
      'once-per-asset': onOrOff(),
      ...FAIRNESS_FLAGS,
      'check-url': removable(text()),
    },
    print: ({ campaign }, _, { print }) => {
      print(
        `Campaign ${campaign.slug}: ${campaign.startsAt ?? '-'} .. ${campaign.endsAt ?? '-'}, ` +
          `cap ${campaign.cap ?? 'none'}, ${campaign.claimed} claimed, ${campaign.state}.`,
      )
      printCheckSecret(campaign, print)
    },
  },
})

// The template a new NFT campaign would mint or hand out, previewed in the console's form as it
// is typed.
const previewNftTemplate = defineOperation({
  name: 'previewNftTemplate',
  input: NftTemplateQuerySchema,
  errors: templateRefusals,
  run: async ({ database, env, chainNode }, { nft }) =>
    previewTemplate(database, await chainNode(), payoutAccountFrom(env).account, nft),
  http: { route: 'GET /api/admin/nft-template', response: NftTemplatePreviewSchema },
})

// Claims read per query while the export is written.
const EXPORT_PAGE_SIZE = 500

// The campaign's claims, read a page at a time as they are sent.
const exportClaims = defineOperation({
  name: 'exportClaims',
  input: SlugInput,
  errors: [refusals.AdminCampaignNotFound],
  run: async ({ database }, { slug }) => ({
    name: `${slug}-claims.csv`,
    chunks: await campaignClaimsCsv(database, slug, EXPORT_PAGE_SIZE),
  }),
  http: {
    route: 'GET /api/admin/campaigns/:slug/claims.csv',
    response: streamedText(
      'text/csv',
      'account,code,status,reward,asset_id,reason,transaction_id,claimed_at,updated_at,completed_at',
    ),
    send: attachment('text/csv'),
  },
  cli: {
    command: 'claims export',
    usage: `claims export --campaign <slug>  its claims as CSV on standard output: account, code, status,
                                 reward, NFT asset id, reason, transaction id and times, oldest first`,
    flags: { campaign: text('slug') },
    print: async ({ chunks }, _, { print }) => {
      // print ends each chunk with a line break of its own.
      for await (const lines of chunks) print(lines.slice(0, -1))
    },
  },
})

export const campaignOperations = [
  listCampaigns,
  createCampaign,
  closeCampaign,
  reopenCampaign,
  editCampaign,
  exportClaims,
  previewNftTemplate,
]
