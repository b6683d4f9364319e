import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database.ts'
import {
  claimLapsedGeneration,
  failGeneration,
  type GenerationJob,
  makeNextCodes,
  releaseGeneration,
} from './code-generations.ts'

export interface GenerationRunnerOptions {
  database: Database
  /** how often to look for generations whose process died, and resume them; 0: never (the CLI) */
  resumeEveryMs: number
  /** a generation that met an error (it is marked failed), or a failed look for lapsed ones */
  onError(error: unknown, job?: GenerationJob): void
}

/**
 * Makes the codes of the generations this process holds, a step at a time, each step its own
 * transaction: other requests are served between steps, the console sees the progress of each,
 * and a process that dies mid-way loses only its lease. A server also resumes generations whose
 * process died: their lease lapsed, and they continue from the codes already made. An error
 * marks the generation failed (the codes made before it stay valid and downloadable).
 */
export class CodeGenerationRunner {
  /** names this runner as the holder of its generations' leases */
  readonly holder = randomUUID()
  readonly #options: GenerationRunnerOptions
  readonly #running = new Set<Promise<void>>()
  #stopping = false
  #resuming = false
  #timer: NodeJS.Timeout | undefined

  constructor(options: GenerationRunnerOptions) {
    this.#options = options
  }

  /** Resumes lapsed generations now and every `resumeEveryMs`. */
  start(): void {
    if (this.#options.resumeEveryMs <= 0) return
    void this.#resumeLapsed()
    this.#timer = setInterval(() => void this.#resumeLapsed(), this.#options.resumeEveryMs)
    this.#timer.unref()
  }

  /** Makes the rest of `job`'s codes; resolves when it is done, failed, or let go at `stop`. */
  follow(job: GenerationJob): Promise<void> {
    const run = this.#run(job).finally(() => this.#running.delete(run))
    this.#running.add(run)
    return run
  }

  /** Resolves once every generation it follows stopped: done, failed, or let go at `stop`. */
  async idle(): Promise<void> {
    await Promise.all(this.#running)
  }

  /** Finishes the steps under way and lets go of the rest, for another process to resume. */
  async stop(): Promise<void> {
    this.#stopping = true
    clearInterval(this.#timer)
    await Promise.all(this.#running)
  }

  async #run(job: GenerationJob): Promise<void> {
    const { database } = this.#options
    try {
      while (!this.#stopping) {
        const step = await makeNextCodes(database, job, this.holder)
        if (!step || step.done) return
      }
      await releaseGeneration(database, job, this.holder)
    } catch (error) {
      this.#options.onError(error, job)
      const reason = error instanceof Error ? error.message : String(error)
      await failGeneration(database, job, this.holder, reason).catch((failure: unknown) =>
        this.#options.onError(failure, job),
      )
    }
  }

  async #resumeLapsed(): Promise<void> {
    if (this.#resuming || this.#stopping) return
    this.#resuming = true
    try {
      for (;;) {
        const job = await claimLapsedGeneration(this.#options.database, this.holder)
        if (!job) return
        void this.follow(job)
      }
    } catch (error) {
      this.#options.onError(error)
    } finally {
      this.#resuming = false
    }
  }
}
