import { NFT_COLLECTION, PAYOUT_ACCOUNT, seedPrivateKey } from '@fernwood/devchain'
import { describe, expect, it } from 'vitest'
import { type AdminContext, runAdminCommand } from '../src/admin/commands.ts'
import {
  AdminNftInvalid,
  AdminNftNotMinter,
  AdminNftSchemaUntied,
  AdminNftTemplateUnknown,
} from '../src/admin/errors.ts'
import { findCampaign } from '../src/campaigns/catalogue.ts'
import { readClaimPreview } from '../src/campaigns/claim-preview.ts'
import { campaignOverview } from '../src/campaigns/overview.ts'
import { NFT_DEMO_CODE } from '../src/campaigns/seed.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { ATOMICASSETS, readTemplate } from '../src/nfts/templates.ts'
import { PayoutChainNode } from '../src/payouts/chain-node.ts'
import { payBatch } from '../src/payouts/pay-batch.ts'
import { payoutAccountFrom } from '../src/payouts/settings.ts'
import { WharfkitPayoutSigner } from '../src/payouts/signer.ts'
import {
  findHistoryEntries,
  findPendingRewards,
  readHistoryPage,
  sumEarned,
  sumEarnedOfEntries,
} from '../src/rewards/reward-lists.ts'
import { claimDueRewards } from '../src/worker/claim.ts'
import {
  assetsOf,
  chainHistory,
  newAccounts,
  newTemplate,
  nftCampaign,
  reconcileAll,
  settled,
  submitted,
} from './support/nfts.ts'
import { eventually } from './support/rewards.ts'
import { useWorkerTest } from './support/use-worker-test.ts'
import { dieAfterFirstBroadcast, payoutContext, payoutSession } from './support/worker.ts'

const shared = useWorkerTest()

const { startWorker } = shared

/** The payout account mints by hand, as an operator might, with a reward's tie. */
async function mintByHand(templateId: number, to: string, rewardId: string) {
  const env = readEnvironment({})
  const signer = new WharfkitPayoutSigner(shared.chain, payoutAccountFrom(env), {
    expireSeconds: 60,
    timeoutMs: 2000,
  })
  const signed = await signer.sign([
    { collection: NFT_COLLECTION, schema: 'treasures', templateId, to, rewardId },
  ])
  const outcome = await new PayoutChainNode(shared.chain, 5000).send(signed.packed)
  expect(outcome.landed).toBe(true)
  return signed.transactionId
}

/** The seeded demo's template, as the devchain's seed writes it (template 3 of fernwoodnfts). */
const ANCIENT_RELIC = {
  collection: NFT_COLLECTION,
  schema: 'treasures',
  templateId: 3,
  name: 'Ancient Relic',
  image: 'nft/ancient-relic.svg',
}
const ANCIENT_RELIC_MINTED = { ...ANCIENT_RELIC, pool: false }

describe('NFT rewards minted from a template', { timeout: 60_000 }, () => {
  it('mints each reward exactly once, to its account, and records the asset', async () => {
    const accounts = await newAccounts(shared.chain, 3)
    const ids = await submitted(shared.database, NFT_DEMO_CODE, accounts)
    await startWorker()
    const rows = await settled(shared.database, ids)
    expect(rows.map((row) => row.status)).toEqual(['completed', 'completed', 'completed'])
    for (const [index, account] of accounts.entries()) {
      const assets = await assetsOf(shared.chain, account)
      expect(assets).toHaveLength(1)
      expect(assets[0]).toMatchObject({ collection_name: NFT_COLLECTION, template_id: 3 })
      const row = rows.find((candidate) => candidate.id === ids[index])
      expect(row?.asset_id).toBe(String(assets[0].asset_id))
    }
  })

  it('shows the NFT while it waits, in the history (GET /api/rewards, the live feed), counted in the total earned, and in the claim preview', async () => {
    const [account] = await newAccounts(shared.chain, 1)
    const [id] = await submitted(shared.database, NFT_DEMO_CODE, [account])
    // Accepted, not yet paid: the reward shows the template it mints, for its art.
    const [waiting] = await findPendingRewards(shared.testDatabase.database, [id])
    expect(waiting).toMatchObject({ nft: ANCIENT_RELIC })
    expect(waiting).not.toHaveProperty('reward')
    await startWorker()
    const [{ asset_id: assetId }] = await settled(shared.database, [id])
    const { history } = await readHistoryPage(shared.testDatabase.database, account)
    expect(history).toEqual([
      expect.objectContaining({ code: NFT_DEMO_CODE, nft: { assetId, ...ANCIENT_RELIC } }),
    ])
    expect(history[0]).not.toHaveProperty('amount')
    const [{ id: entryId }] = history
    const [paid] = await findHistoryEntries(shared.testDatabase.database, [entryId])
    expect(paid.entry).toEqual(history[0])
    expect(await sumEarned(shared.testDatabase.database, account)).toEqual([{ nfts: 1 }])
    const earned = await sumEarnedOfEntries(shared.testDatabase.database, [entryId])
    expect(earned.get(entryId)).toEqual([{ nfts: 1 }])
    const preview = await readClaimPreview(shared.testDatabase.database, NFT_DEMO_CODE)
    expect(preview).toMatchObject({ campaign: 'Forest relics', nft: ANCIENT_RELIC, state: 'open' })
    expect(preview).not.toHaveProperty('reward')
  })

  it('a worker dying between broadcast and record leaves each reward minted once', async () => {
    const accounts = await newAccounts(shared.chain, 2)
    const ids = await submitted(shared.database, NFT_DEMO_CODE, accounts)
    // The worker stops dead right after the shared.chain took the mints: nothing of it is recorded.
    await dieAfterFirstBroadcast(startWorker)
    for (const account of accounts) expect(await assetsOf(shared.chain, account)).toHaveLength(1)
    await startWorker()
    const rows = await settled(shared.database, ids)
    expect(rows.map((row) => row.status)).toEqual(['completed', 'completed'])
    for (const account of accounts) expect(await assetsOf(shared.chain, account)).toHaveLength(1)
    expect(rows.every((row) => row.asset_id !== null)).toBe(true)
  })

  it('a worker whose lease ran out finds the last mint made by the worker that took over, and leaves that reward to it', async () => {
    const templateId = await newTemplate(shared.chain, 'Overtaken leaf', 1)
    await nftCampaign(shared.database, 'overtaken-leaf', {
      templateId,
      name: 'Overtaken leaf',
      pool: false,
    })
    const [account] = await newAccounts(shared.chain, 1)
    const [id] = await submitted(shared.database, 'overtaken-leaf', [account])
    // This worker's lease runs out at once; another takes the reward, mints it and dies.
    const { payable } = await claimDueRewards(shared.database, { limit: 10, leaseSeconds: 0 })
    const stale = payable.filter((reward) => reward.id === id)
    expect(stale).toHaveLength(1)
    await dieAfterFirstBroadcast(startWorker)
    expect(await assetsOf(shared.chain, account)).toHaveLength(1)

    expect(
      await payBatch(payoutContext(shared.database, shared.chain), { rewards: stale }),
    ).toEqual({ outcome: 'overtaken' })
    const [row] = await shared.database.query<{ status: string }>(
      'SELECT status FROM rewards WHERE id = $1',
      [id],
    )
    expect(row.status).toBe('processing')

    await startWorker()
    const [paid] = await settled(shared.database, [id])
    expect([paid.status, paid.rejection]).toEqual(['completed', null])
    expect(await assetsOf(shared.chain, account)).toHaveLength(1)
  })

  it('rejects the rewards past the template’s max supply with nft_supply_exhausted', async () => {
    const templateId = await newTemplate(shared.chain, 'Last leaf', 1)
    const template = await readTemplate(shared.chain.client, NFT_COLLECTION, templateId)
    expect(template).toMatchObject({ name: 'Last leaf', maxSupply: 1, issuedSupply: 0 })
    await nftCampaign(shared.database, 'last-leaf', { templateId, name: 'Last leaf', pool: false })
    const accounts = await newAccounts(shared.chain, 2)
    const ids = await submitted(shared.database, 'last-leaf', accounts)
    await startWorker()
    const settledRows = await settled(shared.database, ids)
    expect(settledRows.map((row) => [row.status, row.rejection]).sort()).toEqual([
      ['completed', null],
      ['rejected', 'nft_supply_exhausted'],
    ])
    const minted = (
      await Promise.all(accounts.map((account) => assetsOf(shared.chain, account)))
    ).flat()
    expect(minted.map((asset) => asset.template_id)).toEqual([templateId])
  })

  it('reconcile finds every mint once, then names an asset minted by hand with a reward’s tie', async () => {
    const [account] = await newAccounts(shared.chain, 1)
    const [id] = await submitted(shared.database, NFT_DEMO_CODE, [account])
    await startWorker()
    await settled(shared.database, [id])
    const clean = await reconcileAll(shared.database, shared.chain)
    expect(clean.discrepancies).toEqual([])
    expect(clean.completedRewardsChecked).toBeGreaterThan(0)

    const extra = await mintByHand(3, account, id)
    await eventually(
      () => reconcileAll(shared.database, shared.chain),
      (result) => result.discrepancies.length > 0,
    ).then((result) => {
      expect(result.discrepancies).toEqual([
        expect.objectContaining({ kind: 'paid-twice', rewardId: id }),
      ])
      expect(result.discrepancies[0].transactionIds).toContain(extra)
    })
  })
})

describe('campaigns create --nft', { timeout: 60_000 }, () => {
  async function admin(...argv: string[]): Promise<string[]> {
    const lines: string[] = []
    const context: AdminContext = {
      database: shared.testDatabase.database,
      env: readEnvironment({}),
      chainNode: async () => new PayoutChainNode(shared.chain, 5000),
      transferHistory: async () => chainHistory(shared.chain),
      print: (line) => lines.push(line),
    }
    await runAdminCommand(argv, context)
    return lines
  }
  const refusal = (...argv: string[]) =>
    admin(...argv).then(
      () => 'created',
      (error: Error) => error.message,
    )
  const create = (slug: string, ...argv: string[]) =>
    refusal('campaigns', 'create', '--slug', slug, '--name', slug, '--kind', 'shared', ...argv)

  /** A template of `collection` whose schema `schema` has the attributes `format`. */
  async function templateOf(
    actor: string,
    collection: string,
    schema: string,
    format: { name: string; type: string }[],
  ): Promise<number> {
    const session =
      actor === PAYOUT_ACCOUNT
        ? payoutSession(shared.chain)
        : payoutSession(shared.chain, { actor, privateKey: seedPrivateKey(actor) })
    const authorization = [{ actor, permission: 'active' }]
    const actions = [
      ...(collection === NFT_COLLECTION
        ? []
        : [
            {
              account: ATOMICASSETS,
              name: 'createcol',
              authorization,
              data: {
                author: actor,
                collection_name: collection,
                allow_notify: true,
                authorized_accounts: [actor],
                notify_accounts: [],
                market_fee: 0,
                data: [],
              },
            },
          ]),
      {
        account: ATOMICASSETS,
        name: 'createschema',
        authorization,
        data: {
          authorized_creator: actor,
          collection_name: collection,
          schema_name: schema,
          schema_format: format,
        },
      },
      {
        account: ATOMICASSETS,
        name: 'createtempl',
        authorization,
        data: {
          authorized_creator: actor,
          collection_name: collection,
          schema_name: schema,
          transferable: true,
          burnable: true,
          max_supply: 0,
          immutable_data: [{ key: 'name', value: ['string', schema] }],
        },
      },
    ]
    await session.transact({ actions })
    const { rows } = await shared.chain.client.v1.chain.get_table_rows({
      code: ATOMICASSETS,
      table: 'templates',
      scope: collection,
      limit: 100,
      json: true,
    })
    return Math.max(...rows.map((row: { template_id: number }) => row.template_id))
  }

  it('creates a campaign minting a template the payout account may mint, as the shared.chain has it', async () => {
    expect(await create('relic-drop', '--nft', `${NFT_COLLECTION}:3`, '--code', 'relic-drop')).toBe(
      'created',
    )
    const campaign = await findCampaign(shared.testDatabase.database, 'relic-drop')
    expect(campaign).toMatchObject({
      rewardQuantity: null,
      tokenContract: ATOMICASSETS,
      nft: ANCIENT_RELIC_MINTED,
    })
    // Listed by what it mints, in the CLI and the console alike.
    const listed = (await admin('campaigns', 'list')).find((line) => line.startsWith('relic-drop'))
    expect(listed).toContain('NFT Ancient Relic (fernwoodnfts:3) (atomicassets)')
    expect(await campaignOverview(shared.testDatabase.database, 'relic-drop')).toMatchObject({
      reward: 'NFT Ancient Relic (fernwoodnfts:3)',
    })
  })

  it('refuses a template it could not mint, or tie to its rewards, saying why', async () => {
    expect(await create('bad-spec', '--nft', 'fernwoodnfts')).toBe(new AdminNftInvalid().message)
    expect(await create('both', '--nft', `${NFT_COLLECTION}:3`, '--reward', '1.0000 FERN')).toBe(
      new AdminNftInvalid().message,
    )
    expect(await create('no-template', '--nft', `${NFT_COLLECTION}:999`)).toBe(
      new AdminNftTemplateUnknown().message,
    )
    const format = [
      { name: 'name', type: 'string' },
      { name: 'reward', type: 'string' },
    ]
    const theirs = await templateOf('alice.wam', 'alicerelicss', 'relics', format)
    expect(await create('not-minter', '--nft', `alicerelicss:${theirs}`)).toBe(
      new AdminNftNotMinter().message,
    )
    const untied = await templateOf(PAYOUT_ACCOUNT, NFT_COLLECTION, 'plain', [
      { name: 'name', type: 'string' },
    ])
    expect(await create('untied', '--nft', `${NFT_COLLECTION}:${untied}`)).toBe(
      new AdminNftSchemaUntied().message,
    )
    expect(await findCampaign(shared.testDatabase.database, 'not-minter')).toBeUndefined()
  })
})
