import type { FastifyBaseLogger } from 'fastify'

/** Something `/api/ready` waits on; capabilities add theirs (the chain node, for one). */
export interface ReadinessCheck {
  name: string
  check(): Promise<void>
}

export type DependencyState = 'ok' | 'unavailable'

/** What the checks last found: ready when every dependency answered. */
export interface ReadinessReport {
  ready: boolean
  checks: Record<string, DependencyState>
}

/**
 * How long a verdict is reused. Balancers and orchestrators probe every 5–30 s (the image's
 * HEALTHCHECK every 10 s), so a verdict 5 s old is as fresh as any of them looks for; and each
 * server then costs a public WAX node one `get_info` per 5 s at most, however often it is asked,
 * well below what public nodes throttle.
 */
export const READINESS_INTERVAL_MS = 5_000

/**
 * How long a check may take before its dependency counts as unavailable: a probe waits no longer
 * (the image's HEALTHCHECK gives up after 5 s), and a run must end for the next one to start.
 */
export const READINESS_CHECK_TIMEOUT_MS = 5_000

/**
 * Runs the readiness checks at most once per `READINESS_INTERVAL_MS`, one run at a time: every
 * request meanwhile gets the last verdict, or waits for the run under way. Asked once per request
 * instead, a flood of `/api/ready` became a flood on the chain node, whose throttling then failed
 * readiness on every server at once. A dependency's failure is logged when it starts and its
 * recovery when it ends, not on every probe.
 */
export class Readiness {
  readonly #checks: readonly ReadinessCheck[]
  readonly #log: FastifyBaseLogger
  #last: { report: ReadinessReport; at: number } | undefined
  #running: Promise<ReadinessReport> | undefined
  readonly #states = new Map<string, DependencyState>()

  constructor(checks: readonly ReadinessCheck[], log: FastifyBaseLogger) {
    this.#checks = checks
    this.#log = log
  }

  /** The verdict of the last run if it ended less than the interval ago, else a new run's. */
  current(): Promise<ReadinessReport> {
    if (this.#last && performance.now() - this.#last.at < READINESS_INTERVAL_MS) {
      return Promise.resolve(this.#last.report)
    }
    this.#running ??= this.#run().finally(() => {
      this.#running = undefined
    })
    return this.#running
  }

  async #run(): Promise<ReadinessReport> {
    const results = await Promise.all(
      this.#checks.map(async ({ name, check }) => {
        try {
          await answeredInTime(check)
          this.#record(name, 'ok')
          return [name, 'ok'] as const
        } catch (error) {
          this.#record(name, 'unavailable', error)
          return [name, 'unavailable'] as const
        }
      }),
    )
    const report = {
      ready: results.every(([, state]) => state === 'ok'),
      checks: Object.fromEntries(results),
    }
    this.#last = { report, at: performance.now() }
    return report
  }

  /** Logs a dependency's change of state; it starts out as answering, so a first failure shows. */
  #record(dependency: string, state: DependencyState, error?: unknown) {
    if ((this.#states.get(dependency) ?? 'ok') === state) return
    this.#states.set(dependency, state)
    if (state === 'unavailable') this.#log.warn({ err: error, dependency }, 'not ready')
    else this.#log.info({ dependency }, 'ready again')
  }
}

/** `check`'s answer, or a failure once it has taken longer than `READINESS_CHECK_TIMEOUT_MS`. */
function answeredInTime(check: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READINESS_CHECK_TIMEOUT_MS} ms`)),
      READINESS_CHECK_TIMEOUT_MS,
    )
  })
  return Promise.race([check(), late]).finally(() => clearTimeout(timer))
}
