import { nodeErrors } from './errors'
import { BLOCK_SLOT_MS, formatTimePoint } from './time'

/**
 * Account resources as nodeos meters them (chain/resource_limits.cpp): RAM is a quota of bytes
 * against the bytes an account's rows and records use; CPU (µs) and NET (bytes) are budgets over
 * a rolling 24-hour window, each use decaying linearly until the window has passed. WAX derives
 * an account's budget from its stake or PowerUp; the devchain sets budgets directly (seed.json,
 * and the loopback control).
 */

/** nodeos' rate_limiting_precision and account_{cpu,net}_usage_average_window (in 0.5 s slots). */
const PRECISION = 1_000_000n
export const USAGE_WINDOW_SLOTS = (24 * 60 * 60 * 1000) / BLOCK_SLOT_MS
const WINDOW = BigInt(USAGE_WINDOW_SLOTS)
/** Block timestamps count half-second slots from 2000-01-01 (config::block_timestamp_epoch). */
const BLOCK_TIMESTAMP_EPOCH_MS = 946_684_800_000
/** nodeos bills at least this much CPU for any transaction (min_transaction_cpu_usage). */
export const MIN_TRANSACTION_CPU_US = 100
/** NET a transaction may use beyond its payer's budget when it starts (net_usage_leeway). */
const NET_USAGE_LEEWAY = 500

export const slotOf = (ms: number) => Math.floor((ms - BLOCK_TIMESTAMP_EPOCH_MS) / BLOCK_SLOT_MS)
const timeOfSlot = (slot: number) =>
  formatTimePoint(BLOCK_TIMESTAMP_EPOCH_MS + slot * BLOCK_SLOT_MS)
const ceilDivide = (numerator: bigint, denominator: bigint) =>
  (numerator + denominator - 1n) / denominator

/** A budget per window, and the usage_accumulator nodeos keeps against it. */
export interface Meter {
  /** Usage allowed per window (µs or bytes); -1 for unlimited. */
  max: number
  lastSlot: number
  /** The decaying average, times PRECISION, as text in the state file. */
  valueEx: bigint
}

export interface AccountResources {
  /** -1 for unlimited (the privileged system account). */
  ramQuota: number
  ramUsage: number
  cpu: Meter
  net: Meter
}

/** The budgets an account gets (seed.json): RAM quota in bytes, CPU in µs and NET in bytes a day. */
export interface ResourceBudget {
  ramQuota: number
  cpuPerDay: number
  netPerDay: number
}

export interface SavedResources {
  ramQuota: number
  ramUsage: number
  cpu: { max: number; lastSlot: number; valueEx: string }
  net: { max: number; lastSlot: number; valueEx: string }
}

/** exponential_moving_average_accumulator::add: decay to `slot`, then add `units`. */
function addUsage(meter: Meter, units: number, slot: number): void {
  if (slot > meter.lastSlot) {
    const elapsed = BigInt(slot - meter.lastSlot)
    meter.valueEx = elapsed < WINDOW ? (meter.valueEx * (WINDOW - elapsed)) / WINDOW : 0n
    meter.lastSlot = slot
  }
  meter.valueEx += ceilDivide(BigInt(units) * PRECISION, WINDOW)
}

const usedInWindow = (meter: Meter) => Number(ceilDivide(meter.valueEx * WINDOW, PRECISION))

/** What an account has used of a budget and has left, decayed to `slot`. */
export function meterReading(meter: Meter, slot: number): { used: number; available: number } {
  const decayed = { ...meter }
  addUsage(decayed, 0, slot)
  const used = usedInWindow(decayed)
  return { used, available: Math.max(0, meter.max - used) }
}

/** get_account's `cpu_limit` / `net_limit`, as nodeos renders account_resource_limit. */
export function renderMeter(meter: Meter, slot: number) {
  if (meter.max < 0) {
    return {
      used: -1,
      available: -1,
      max: -1,
      last_usage_update_time: timeOfSlot(meter.lastSlot),
      current_used: -1,
    }
  }
  // As nodeos: used and available as of the last update, current_used decayed to now.
  const used = usedInWindow(meter)
  return {
    used,
    available: Math.max(0, meter.max - used),
    max: meter.max,
    last_usage_update_time: timeOfSlot(meter.lastSlot),
    current_used: meterReading(meter, slot).used,
  }
}

const newMeter = (max: number): Meter => ({ max, lastSlot: 0, valueEx: 0n })

/** Sets a meter so that `used` is what it has used in the window at `slot`. */
function setUsed(meter: Meter, used: number, slot: number): void {
  meter.lastSlot = slot
  meter.valueEx = (BigInt(Math.max(0, used)) * PRECISION) / WINDOW
}

/** The change the control makes to an account's resources (see Devchain.setAccountResources). */
export interface ResourceChange {
  ramQuota?: number
  cpu?: { max?: number; used?: number }
  net?: { max?: number; used?: number }
}

export class ResourceLedger {
  readonly #accounts = new Map<string, AccountResources>()

  constructor(readonly newAccountBudget: ResourceBudget) {}

  get(account: string): AccountResources | undefined {
    return this.#accounts.get(account)
  }

  create(account: string, budget: ResourceBudget | 'unlimited'): AccountResources {
    const resources =
      budget === 'unlimited'
        ? { ramQuota: -1, ramUsage: 0, cpu: newMeter(-1), net: newMeter(-1) }
        : {
            ramQuota: budget.ramQuota,
            ramUsage: 0,
            cpu: newMeter(budget.cpuPerDay),
            net: newMeter(budget.netPerDay),
          }
    this.#accounts.set(account, resources)
    return resources
  }

  /** Outside transactions: genesis' bytes, and the control's changes. */
  addRamUsage(account: string, bytes: number): void {
    const resources = this.#accounts.get(account)
    if (!resources) throw new Error(`${account} has no resources`)
    resources.ramUsage += bytes
  }

  change(account: string, change: ResourceChange, slot: number): AccountResources {
    const resources = this.#accounts.get(account)
    if (!resources) throw new Error(`${account} is not an account of this devchain`)
    if (change.ramQuota !== undefined) resources.ramQuota = change.ramQuota
    for (const kind of ['cpu', 'net'] as const) {
      const meter = resources[kind]
      const wanted = change[kind]
      if (!wanted) continue
      if (wanted.max !== undefined) meter.max = wanted.max
      if (wanted.used !== undefined) setUsed(meter, wanted.used, slot)
    }
    return resources
  }

  /** A transaction's resources, checked and billed as nodeos finalizes it; see ResourceBill. */
  openBill(payer: string, slot: number): ResourceBill {
    return new ResourceBill(this, this.#accounts, payer, slot)
  }

  toSaved(): [string, SavedResources][] {
    return [...this.#accounts].map(([account, resources]) => [
      account,
      {
        ramQuota: resources.ramQuota,
        ramUsage: resources.ramUsage,
        cpu: { ...resources.cpu, valueEx: String(resources.cpu.valueEx) },
        net: { ...resources.net, valueEx: String(resources.net.valueEx) },
      },
    ])
  }

  static fromSaved(saved: [string, SavedResources][], newAccountBudget: ResourceBudget) {
    const ledger = new ResourceLedger(newAccountBudget)
    for (const [account, resources] of saved) {
      ledger.#accounts.set(account, {
        ramQuota: resources.ramQuota,
        ramUsage: resources.ramUsage,
        cpu: { ...resources.cpu, valueEx: BigInt(resources.cpu.valueEx) },
        net: { ...resources.net, valueEx: BigInt(resources.net.valueEx) },
      })
    }
    return ledger
  }
}

/**
 * One transaction's use of resources, kept apart until it commits: RAM gained and freed per
 * account, verified against quotas; NET and CPU billed to the first authorizer (WAX runs
 * ONLY_BILL_FIRST_AUTHORIZER) against what its budgets have left at the pending block.
 */
export class ResourceBill {
  readonly #ramDeltas = new Map<string, number>()
  readonly #created = new Set<string>()

  constructor(
    private readonly ledger: ResourceLedger,
    private readonly accounts: Map<string, AccountResources>,
    readonly payer: string,
    readonly slot: number,
  ) {}

  #resources(account: string): AccountResources {
    const resources = this.accounts.get(account)
    if (!resources) throw new Error(`${account} has no resources`)
    return resources
  }

  /** An account the transaction creates: it gets the devchain's new-account budget. */
  createAccount(account: string): void {
    this.#created.add(account)
  }

  addRam(account: string, bytes: number): void {
    this.#ramDeltas.set(account, (this.#ramDeltas.get(account) ?? 0) + bytes)
  }

  /** What the payer's budget has left now (NET checked before execution, with nodeos' leeway). */
  #available(kind: 'cpu' | 'net'): number {
    const meter = this.#resources(this.payer)[kind]
    return meter.max < 0 ? Number.POSITIVE_INFINITY : meterReading(meter, this.slot).available
  }

  /** transaction_context::init: refuses NET the payer cannot pay even with the leeway. */
  checkNetBeforeExecution(netBytes: number): void {
    const limit = this.#available('net') + NET_USAGE_LEEWAY
    const eagerLimit = Math.floor(limit / 8) * 8
    if (netBytes > eagerLimit) throw nodeErrors.netUsageExceeded(netBytes, eagerLimit)
  }

  /**
   * transaction_context::finalize, in its order: every account whose RAM grew fits its quota,
   * then NET, then CPU fit what the payer has left and what the transaction's header allows
   * (max_net_usage_words, max_cpu_usage_ms), when it sets a limit.
   */
  verify(netBytes: number, maxNetBytes: number, billedCpuUs: number, maxCpuUsageMs: number): void {
    for (const [account, delta] of this.#ramDeltas) {
      if (delta <= 0) continue
      const quota = this.#created.has(account)
        ? this.ledger.newAccountBudget.ramQuota
        : this.#resources(account).ramQuota
      const usage = (this.#created.has(account) ? 0 : this.#resources(account).ramUsage) + delta
      if (quota >= 0 && usage > quota) throw nodeErrors.ramUsageExceeded(account, usage, quota)
    }
    const netLimit = Math.min(
      this.#available('net'),
      maxNetBytes > 0 ? maxNetBytes : Number.POSITIVE_INFINITY,
    )
    if (netBytes > netLimit) throw nodeErrors.netUsageExceeded(netBytes, netLimit)
    const cpuLimit = this.#available('cpu')
    const trxLimit = maxCpuUsageMs > 0 ? maxCpuUsageMs * 1000 : Number.POSITIVE_INFINITY
    if (trxLimit < cpuLimit && billedCpuUs > trxLimit) {
      throw nodeErrors.cpuUsageExceeded(billedCpuUs, trxLimit, 'transaction')
    }
    if (billedCpuUs > cpuLimit) throw nodeErrors.cpuUsageExceeded(billedCpuUs, cpuLimit, 'account')
  }

  /** Applies the bill: the transaction committed. */
  commit(netBytes: number, billedCpuUs: number): void {
    for (const account of this.#created) this.ledger.create(account, this.ledger.newAccountBudget)
    for (const [account, delta] of this.#ramDeltas) this.#resources(account).ramUsage += delta
    const payer = this.#resources(this.payer)
    addUsage(payer.net, netBytes, this.slot)
    addUsage(payer.cpu, billedCpuUs, this.slot)
  }
}
