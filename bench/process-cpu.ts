/**
 * CPU time spent by the processes a benchmark runs beside each other, read from Linux's /proc
 * (undefined elsewhere): on a machine of few cores, what one process spends is taken from the
 * others, so a rate is bounded by the CPU it costs in all of them, not only by its slowest one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'

/** /proc counts in clock ticks, which Linux shows user space at 100 a second. */
const MS_PER_TICK = 10

/**
 * A process's CPU time in ms (user and system), with that of the children it waited for: a
 * PostgreSQL server's connections that ended count in its postmaster.
 */
function cpuMsOf(pid: string | number): number {
  try {
    // The fields after the command's closing parenthesis, which may itself hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number)
    return (utime + stime + cutime + cstime) * MS_PER_TICK
  } catch {
    // Gone between listing and reading: what it spent is in its parent's children's time.
    return 0
  }
}

/** Every PostgreSQL process on this machine: the server the benchmark's driver talks to. */
function postgresCpuMs(): number {
  let total = 0
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMsOf(pid)
    } catch {
      // Gone between listing and reading.
    }
  }
  return total
}

export interface CpuReading {
  /** this process, all its threads (a PGlite database runs here, with its compiler threads) */
  self: number
  /** the chain's node, a process of its own */
  chain: number
  /** the PostgreSQL server's processes */
  postgres: number
}

/** CPU spent so far by this process, the chain's (`chainPid`) and PostgreSQL's, in ms. */
export function readCpu(chainPid: number): CpuReading | undefined {
  if (!existsSync('/proc/self/stat')) return undefined
  return { self: cpuMsOf('self'), chain: cpuMsOf(chainPid), postgres: postgresCpuMs() }
}

/**
 * What `rewards` cost in CPU between two readings, per thousand rewards, and the rate this
 * machine's cores allow at that cost when nothing else runs: a payment's CPU, wherever it is
 * spent, is CPU the chain's node does not get. Over a short run it is not a ceiling for the run
 * itself: a worker's finality checks and its compilers' work mostly come after its last payment.
 */
export function cpuPerThousand(
  before: CpuReading | undefined,
  after: CpuReading | undefined,
  rewards: number,
): string {
  if (!before || !after) return 'CPU n/a (no /proc)'
  if (rewards === 0) return 'CPU n/a (nothing paid)'
  const per = (key: keyof CpuReading) => ((after[key] - before[key]) * 1000) / rewards
  const [self, chain, postgres] = [per('self'), per('chain'), per('postgres')]
  const cores = availableParallelism()
  const allowed = (cores * 1000 * 1000) / (self + chain + postgres)
  return (
    `CPU per 1,000 rewards: this process ${self.toFixed(0)} ms, the chain ${chain.toFixed(0)} ms, ` +
    `PostgreSQL ${postgres.toFixed(0)} ms (${cores} cores allow ${allowed.toFixed(0)}/s)`
  )
}
