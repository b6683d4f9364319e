/**
 * Rewards paid per second on the devchain by the reward worker, per payout batch size, next to
 * the devchain's own rate for the same payouts sent directly (signed in transactions of the
 * same size and sent by as many senders at once as the worker's concurrency, with the same
 * signer and node client, no database), on PGlite and, when TEST_DATABASE_URL names a server,
 * on PostgreSQL, each run in a fresh database of its own. The devchain runs in a process of its
 * own, as a chain's node does. Prints figures, asserts nothing.
 *
 *   npm run payouts -w @fernwood/bench
 *   TEST_DATABASE_URL=postgres://fernwood:fernwood@127.0.0.1:5432/fernwood_test npm run payouts -w @fernwood/bench
 *
 * "executed" counts a reward once its transfer is in a block (confirming), "completed" once that
 * block is irreversible: the devchain's default lag of 3 half-second blocks is in the second.
 * Both are counted as the live feed hears them (the rewards' events), which costs the worker's
 * database nothing: polling the rewards table would take its share of an embedded PGlite's one
 * thread from the worker measured.
 * Beside them, completion with that fixed wait left out: the rate from the first completion on,
 * and how long after the last execution the last completion came (1.5 s at best).
 * Each run also prints the CPU its rewards cost per thousand, in this process (the worker and an
 * embedded PGlite, or the direct sender), the chain's and PostgreSQL's (Linux only): on a machine
 * of two cores, the worker's bookkeeping takes its CPU from the chain it pays on.
 * BENCH_REWARDS (600) rewards per run, BENCH_BATCH_SIZES (1,10,50,100), WORKER_CONCURRENCY (4).
 * Each comparison runs BENCH_TURNS (3) turns, each the direct rate then every driver's, and
 * prints the medians beside each turn: on a shared 2-core machine one turn's rates swing by a
 * tenth. An uncounted direct run first warms the devchain and the signer, which run at half
 * speed cold. Token transfers at each batch size; then NFT rewards, at the worker's batch of
 * NFTs (NFT_MINTS_PER_TRANSACTION): the same number minted from the devchain's 'Ancient Relic'
 * template, and the same number sent from a pool of 'Oak acorn's the payout account holds
 * (minted to it first, untimed, for the direct run as for the worker's).
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PAYOUT_ACCOUNT } from '@fernwood/devchain'
import { NFT_DEMO_REWARD, NFT_POOL_DEMO_REWARD } from '@fernwood/server/campaigns/seed'
import { addCodes, createCampaign } from '@fernwood/server/catalogue'
import type { Database } from '@fernwood/server/database'
import { readEnvironment } from '@fernwood/server/environment'
import { changeHubOf } from '@fernwood/server/events/hub'
import { heldAssetsOf } from '@fernwood/server/nfts/held-assets'
import { openChain } from '@fernwood/server/open-chain'
import { openDatabase } from '@fernwood/server/open-database'
import { PayoutChainNode } from '@fernwood/server/payouts/chain-node'
import { NFT_MINTS_PER_TRANSACTION } from '@fernwood/server/payouts/nft-actions'
import { payoutAccountFrom } from '@fernwood/server/payouts/settings'
import { WharfkitPayoutSigner } from '@fernwood/server/payouts/signer'
import { createRewardWorker } from '@fernwood/server/worker'
import { createThrowawayDatabase, freePort, spawnNodeScript, untilHealthy } from '@fernwood/testkit'
import { addPayoutCodes } from './bench-server.ts'
import { median, rates, span } from './figures.ts'
import { cpuPerThousand, readCpu } from './process-cpu.ts'

const REWARDS = Number(process.env.BENCH_REWARDS ?? 600)
const BATCH_SIZES = (process.env.BENCH_BATCH_SIZES ?? '1,10,50,100').split(',').map(Number)
const CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 4)
const TURNS = Number(process.env.BENCH_TURNS ?? 3)
const ACCOUNTS = ['alice.wam', 'bob.wam', 'carol.wam']
/** A run that has not finished by then reports what it paid so far. */
const RUN_LIMIT_MS = 40_000

/**
 * The devchain in a process of its own, as a chain's node is to a worker that pays on it: the
 * contracts it runs take no share of the thread the worker's database and signer run on (nor the
 * direct run's signer), and the rates below compare what each sender keeps the chain busy with.
 */
async function startDevchainProcess() {
  const port = await freePort()
  const node = spawnNodeScript('packages/devchain/src/main.ts', {
    env: { DEVCHAIN_PORT: String(port) },
  })
  const devchain = { ...node, url: `http://127.0.0.1:${port}` }
  await untilHealthy(devchain, { path: '/v1/chain/get_info', timeoutMs: 30_000 })
  // Every asset minted costs the payout account 189 bytes of RAM, and the runs below mint some
  // ten thousand: RAM enough for them, as an operator would buy it.
  const funded = await fetch(`${devchain.url}/v1/devchain/set_account_resources`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: PAYOUT_ACCOUNT, ram_quota: 64 * 1024 * 1024 }),
  })
  if (!funded.ok) throw new Error(`could not fund the payout account's RAM: ${await funded.text()}`)
  return devchain
}

const devchain = await startDevchainProcess()
const devchainPid = devchain.child.pid as number
// Not left running on the machine should a run below throw.
process.on('exit', () => devchain.child.kill())

/**
 * The worker as deployed, at its default poll interval: it is woken when a slot frees and when a
 * finality look falls due, so a shorter poll would only add reads of the queue to what it pays.
 */
function environment(batchSize: number, dataDir: string, databaseUrl?: string) {
  return readEnvironment({
    DATA_DIR: dataDir,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    DEVCHAIN_URL: devchain.url,
    LOG_LEVEL: 'silent',
    WORKER_CONCURRENCY: String(CONCURRENCY),
    PAYOUT_BATCH_SIZE: String(batchSize),
  })
}

/** Signs payouts as the payout account and sends them straight to the devchain: landed, or thrown. */
function directSender(
  env: ReturnType<typeof environment>,
  connection: Awaited<ReturnType<typeof openChain>>['connection'],
) {
  const signer = new WharfkitPayoutSigner(connection, payoutAccountFrom(env), {
    expireSeconds: env.PAYOUT_EXPIRE_SECONDS,
    timeoutMs: env.CHAIN_TIMEOUT_MS,
  })
  const node = new PayoutChainNode(connection, env.CHAIN_TIMEOUT_MS)
  return async (payouts: Parameters<typeof signer.sign>[0]) => {
    const outcome = await node.send((await signer.sign(payouts)).packed)
    if (!outcome.landed) throw new Error(outcome.error)
  }
}

/**
 * The same payouts straight to the devchain, `batchSize` a transaction (NFTs at the worker's
 * NFT_MINTS_PER_TRANSACTION), CONCURRENCY transactions at once: token transfers, mints of the
 * worker's template, or transfers of a pool the payout account is stocked with first (untimed).
 */
async function directRate(
  reward: Reward,
  batchSize: number,
): Promise<{ rate: number; cpu: string }> {
  const env = environment(batchSize, tmpdir())
  const chain = await openChain(env)
  const send = directSender(env, chain.connection)
  const { collection, schema, templateId } =
    reward === 'pool' ? NFT_POOL_DEMO_REWARD : NFT_DEMO_REWARD
  const pool =
    reward === 'pool'
      ? await stockPool(send).then(async () =>
          (
            await heldAssetsOf(chain.connection.client, PAYOUT_ACCOUNT, collection, templateId)
          ).slice(-REWARDS),
        )
      : []
  const perTransaction = reward === 'token' ? batchSize : NFT_MINTS_PER_TRANSACTION
  const action = (index: number) => {
    const to = ACCOUNTS[index % ACCOUNTS.length]
    // As the worker's: a memo, or a mint's tie, naming a reward by its id.
    const tie = randomUUID()
    const memo = `${env.PRODUCT_NAME} reward ${tie}`
    if (reward === 'token')
      return { tokenContract: 'fern.token', to, quantity: '0.0001 FERN', memo }
    if (reward === 'nft') return { collection, schema, templateId, to, rewardId: tie }
    return { assetId: pool[index], to, memo }
  }
  let next = 0
  const cpuBefore = readCpu(devchainPid)
  const startedAt = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REWARDS) {
        const first = next
        next = Math.min(next + perTransaction, REWARDS)
        await send(Array.from({ length: next - first }, (_, index) => action(first + index)))
      }
    }),
  )
  const seconds = (performance.now() - startedAt) / 1000
  const cpu = cpuPerThousand(cpuBefore, readCpu(devchainPid), REWARDS)
  await chain.close()
  return { rate: REWARDS / seconds, cpu }
}

/** The worker pays REWARDS due rewards: how fast they are executed, and completed. */
async function workerRate(
  driver: 'pglite' | 'postgres',
  batchSize: number,
  reward: Reward = 'token',
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-bench-payouts-'))
  const postgres =
    driver === 'postgres' ? await createThrowawayDatabase('fernwood_bench') : undefined
  const env = environment(batchSize, dataDir, postgres?.url)
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir })
  const chain = await openChain(env)
  try {
    if (reward === 'pool') await stockPool(directSender(env, chain.connection))
    await dueRewards(database, reward)
    const worker = createRewardWorker(env, {
      database,
      chain: chain.connection,
      logger: {
        info: () => undefined,
        warn: (details, message) => console.warn(message, details),
        error: (details, message) => console.error(message, details),
      },
    })
    // Read before the clock starts: a look through /proc is not the worker's time.
    const cpuBefore = readCpu(devchainPid)
    const startedAt = performance.now()
    let executedMs: number | undefined
    let firstCompleted: { ms: number; count: number } | undefined
    const executed = new Set<string>()
    let completed = 0
    let finish = () => {}
    const allCompleted = new Promise<void>((resolve) => {
      finish = resolve
    })
    const stopListening = await changeHubOf(database).listen(({ event }) => {
      if (event?.kind === 'reward' && event.reward?.status === 'confirming') {
        executed.add(event.subject)
        if (executed.size === REWARDS) executedMs ??= performance.now() - startedAt
      } else if (event?.kind === 'paid') {
        completed += 1
        firstCompleted ??= { ms: performance.now() - startedAt, count: completed }
        if (completed < REWARDS) return
        // A transfer found final before it was seen confirming (sent again after a refusal that
        // had landed) never says so: by now every reward was executed.
        executedMs ??= performance.now() - startedAt
        finish()
      }
    })
    await worker.start()
    const limit = setTimeout(finish, RUN_LIMIT_MS)
    await allCompleted
    clearTimeout(limit)
    const completedMs = performance.now() - startedAt
    // Paying them to finality: the checks of finality run beside the payments that follow.
    const cpu = cpuPerThousand(cpuBefore, readCpu(devchainPid), completed)
    await stopListening()
    await worker.stop()
    const progress = { executed: Math.max(executed.size, completed), completed }
    const [{ transactions }] = await database.query<{ transactions: number }>(
      "SELECT count(DISTINCT transaction_id)::int AS transactions FROM payouts WHERE state = 'confirmed'",
    )
    return {
      cpu,
      executed: (1000 * progress.executed) / (executedMs ?? completedMs),
      completed: (1000 * progress.completed) / completedMs,
      paid: progress.completed,
      transactions,
      // How long the last reward waited for finality once all were executed, which the chain's
      // lag alone makes 1.5 s at best: over a short run, "completed" is mostly that wait.
      finalitySeconds: ((completedMs - (executedMs ?? completedMs)) / 1000).toFixed(2),
      // The fixed wait left out: how fast rewards completed from the first completion on.
      completedAfterFirst:
        firstCompleted && completedMs > firstCompleted.ms
          ? (1000 * (progress.completed - firstCompleted.count)) / (completedMs - firstCompleted.ms)
          : 0,
    }
  } finally {
    await chain.close()
    await database.close()
    await rm(dataDir, { recursive: true, force: true })
    await postgres?.drop()
  }
}

/**
 * What the rewards pay: tokens, NFTs minted of the devchain's 'Ancient Relic' template (3), or
 * NFTs of its 'Oak acorn' template (2) sent from the payout account's pool.
 */
type Reward = 'token' | 'nft' | 'pool'

/** REWARDS pending rewards of a shared campaign, spread over the seeded accounts, all due. */
async function dueRewards(database: Database, reward: Reward) {
  const count = Math.ceil(REWARDS / ACCOUNTS.length)
  const codes =
    reward === 'token'
      ? await addPayoutCodes(database, count)
      : await addNftCodes(database, count, reward === 'pool')
  await database.query(
    `INSERT INTO rewards (code, wax_account)
     SELECT code, account FROM unnest($1::text[]) code, unnest($2::text[]) account LIMIT $3`,
    [codes, ACCOUNTS, REWARDS],
  )
}

async function addNftCodes(database: Database, count: number, pool: boolean): Promise<string[]> {
  const codes = Array.from({ length: count }, (_, index) => `relic-${index}`)
  const campaign = await createCampaign(database, {
    slug: 'bench-relics',
    name: 'Bench relics',
    kind: 'shared',
    rewardQuantity: null,
    tokenContract: 'atomicassets',
    nft: pool ? NFT_POOL_DEMO_REWARD : NFT_DEMO_REWARD,
  })
  await addCodes(database, campaign, codes)
  return codes
}

/** Mints REWARDS 'Oak acorn's to the payout account, for a pool run to hand out. */
async function stockPool(send: ReturnType<typeof directSender>) {
  const { collection, schema, templateId } = NFT_POOL_DEMO_REWARD
  for (let minted = 0; minted < REWARDS; minted += NFT_MINTS_PER_TRANSACTION) {
    await send(
      // Each with a tie of its own: two identical transactions would be one, sent twice.
      Array.from({ length: Math.min(NFT_MINTS_PER_TRANSACTION, REWARDS - minted) }, (_, index) => ({
        collection,
        schema,
        templateId,
        to: PAYOUT_ACCOUNT,
        rewardId: `pool stock ${minted + index}`,
      })),
    )
  }
}

/** Completion without the chain's fixed wait for finality, beside the figures above. */
function afterLag(paid: Awaited<ReturnType<typeof workerRate>>): string {
  return (
    `completed ${paid.completedAfterFirst.toFixed(0)}/s from the first completion on, ` +
    `the last ${paid.finalitySeconds} s after the last executed`
  )
}

const drivers: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite']

/**
 * TURNS turns, each the direct rate then every driver's worker, with each turn's figures and then
 * their medians, the worker's executed rate as a share of its own turn's direct rate.
 */
async function compare(reward: Reward, batchSize: number, label: string) {
  const directs: number[] = []
  const turns = new Map(
    drivers.map((driver) => [
      driver,
      [] as { executed: number; share: number; completed: number }[],
    ]),
  )
  for (let turn = 1; turn <= TURNS; turn++) {
    const { rate: direct, cpu } = await directRate(reward, batchSize)
    directs.push(direct)
    console.log(
      `${label} turn ${turn} devchain direct (sign + send, no database): ${direct.toFixed(0)}/s; ${cpu}`,
    )
    for (const driver of drivers) {
      const paid = await workerRate(driver, batchSize, reward)
      const share = (100 * paid.executed) / direct
      turns.get(driver)?.push({ executed: paid.executed, share, completed: paid.completed })
      console.log(
        `${label} turn ${turn} ${driver.padEnd(8)} worker: executed ${paid.executed.toFixed(0)}/s ` +
          `(${share.toFixed(0)}% of direct), completed ${paid.completed.toFixed(0)}/s, ` +
          `${paid.paid}/${REWARDS} paid in ${paid.transactions} transactions; ${afterLag(paid)}; ${paid.cpu}`,
      )
    }
  }
  console.log(`${label} median of ${TURNS}: devchain direct ${rates(directs)}`)
  for (const [driver, runs] of turns) {
    const shares = runs.map((run) => run.share)
    console.log(
      `${label} median of ${TURNS}: ${driver.padEnd(8)} worker executed ${median(runs.map((run) => run.executed)).toFixed(0)}/s, ` +
        `${median(shares).toFixed(0)}% of its turn's direct rate (${span(shares)}%), ` +
        `completed ${median(runs.map((run) => run.completed)).toFixed(0)}/s`,
    )
  }
}

console.log(`${REWARDS} rewards a run, ${CONCURRENCY} transactions in flight`)
// The devchain's first transfers and the signer's first signatures run cold, at half the rate of
// the next ones: a first direct run, not counted, warms them for every run that follows.
await directRate('token', Math.max(...BATCH_SIZES))
for (const batchSize of BATCH_SIZES) {
  await compare('token', batchSize, `tokens, batch ${String(batchSize).padStart(3)}`)
}
// AtomicAssets' mint and transfer run cold at first as well.
await directRate('nft', Math.max(...BATCH_SIZES))
await directRate('pool', Math.max(...BATCH_SIZES))
await compare(
  'nft',
  Math.max(...BATCH_SIZES),
  `NFTs minted, ${NFT_MINTS_PER_TRANSACTION} a transaction`,
)
await compare(
  'pool',
  Math.max(...BATCH_SIZES),
  `NFTs from a pool, ${NFT_MINTS_PER_TRANSACTION} a transaction`,
)
await devchain.stop()
process.exit(0)
