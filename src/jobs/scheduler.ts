import type { Clock, TimerHandle } from '../core/clock.js'
import type { Db } from '../store/database.js'
import { type Job, JobRepository } from './job-repository.js'

/**
 * A handler runs one due job. Its database writes and the removal of the job happen in one transaction,
 * so after a crash a job has either fully happened or is still pending: never lost, never repeated.
 * Async work (an outgoing HTTP call) belongs in `after`, which runs once the transaction has committed.
 */
export type JobHandler = (job: Job, now: number) => void | { after?: () => Promise<void> | void }

export interface SchedulerLog {
  error(obj: object, msg: string): void
}

/**
 * The one scheduler: it asks the store for the earliest due job and the clock to wake it then. On the virtual
 * clock, advancing runs every job that falls due inside the window, in (due time, insertion) order.
 */
export class Scheduler {
  readonly #repo: JobRepository
  readonly #clock: Clock
  readonly #log: SchedulerLog
  readonly #handlers = new Map<string, JobHandler>()
  #timer: TimerHandle | undefined
  /** Built once: better-sqlite3 compiles a wrapper per db.transaction() call, too slow for one per job. */
  readonly #takeAndRun: (now: number, taken: { job?: Job }) => { job: Job, after: (() => Promise<void> | void) | undefined } | undefined
  #running = false
  #stopped = true
  /** Jobs run since start (or reset), by kind: what the control API reports as scheduler activity. */
  readonly #ran = new Map<string, number>()

  constructor (db: Db, clock: Clock, log: SchedulerLog) {
    this.#repo = new JobRepository(db)
    this.#clock = clock
    this.#log = log
    this.#takeAndRun = db.transaction((now: number, taken: { job?: Job }) => {
      const job = this.#repo.takeDue(now)
      if (job === undefined) return undefined
      taken.job = job
      this.#ran.set(job.kind, (this.#ran.get(job.kind) ?? 0) + 1)
      const handler = this.#handlers.get(job.kind)
      if (handler === undefined) {
        this.#log.error({ job: job.kind }, 'no handler for job kind; dropped')
        return { job, after: undefined }
      }
      const result = handler(job, now)
      return { job, after: result === undefined ? undefined : result.after }
    })
  }

  register (kind: string, handler: JobHandler): void {
    this.#handlers.set(kind, handler)
  }

  /** Safe inside the caller's transaction: the job is part of the same state change that caused it. */
  schedule (kind: string, dueAt: number, payload: unknown = {}, dedupeKey: string | null = null): void {
    this.#repo.add(kind, dueAt, payload, dedupeKey)
    if (!this.#running) this.#arm()
  }

  cancel (dedupeKey: string): void {
    this.#repo.removeKey(dedupeKey)
  }

  pending (dedupeKey: string): Job | undefined {
    return this.#repo.byKey(dedupeKey)
  }

  count (): number { return this.#repo.count() }

  ranByKind (): Record<string, number> { return Object.fromEntries(this.#ran) }

  start (): void {
    this.#stopped = false
    this.#arm()
  }

  stop (): void {
    this.#stopped = true
    this.#timer?.cancel()
    this.#timer = undefined
  }

  /** Drops every pending job (reset). The clock may already have dropped our timer, so forget it too. */
  clear (): void {
    this.#timer?.cancel()
    this.#timer = undefined
    this.#repo.clear()
    this.#ran.clear()
    this.#arm()
  }

  #arm (): void {
    if (this.#stopped) return
    const next = this.#repo.next()
    if (next === undefined) { this.#timer?.cancel(); this.#timer = undefined; return }
    if (this.#timer !== undefined && this.#timer.at <= next.dueAt) return
    this.#timer?.cancel()
    this.#timer = this.#clock.at(next.dueAt, () => this.#runDue())
  }

  async #runDue (): Promise<void> {
    this.#timer = undefined
    if (this.#running || this.#stopped) return
    this.#running = true
    try {
      for (;;) {
        const ran = this.#runNext(this.#clock.now())
        if (ran === undefined) break
        if (ran.after !== undefined) {
          try { await ran.after() } catch (error) { this.#log.error({ err: error, job: ran.job.kind }, 'job follow-up failed') }
        }
      }
    } finally {
      this.#running = false
      this.#arm()
    }
  }

  /** Runs the earliest due job, if any. false-y when nothing is due. */
  #runNext (now: number): { job: Job, after: (() => Promise<void> | void) | undefined } | undefined {
    const taken: { job?: Job } = {}
    try {
      return this.#takeAndRun(now, taken)
    } catch (error) {
      // The transaction rolled back, job row included; drop the job so one bad row cannot wedge the scheduler.
      if (taken.job === undefined) throw error
      this.#log.error({ err: error, job: taken.job.kind }, 'job failed; dropped')
      this.#repo.remove(taken.job.id)
      return { job: taken.job, after: undefined }
    }
  }

}
