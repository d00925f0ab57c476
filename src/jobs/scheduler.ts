import type { Clock, TimerHandle } from '../core/clock.js'
import type { Db } from '../store/database.js'
import { type JobRow, JobRepository } from './job-repository.js'

/** A pending job: `payload` is what its kind declared. */
export interface Job<P = unknown> {
  readonly id: number
  readonly kind: string
  readonly dueAt: number
  readonly dedupeKey: string | null
  readonly payload: P
}

/**
 * What a handler may return. Its database writes and the removal of the job happen in one transaction, so
 * after a crash a job has either fully happened or is still pending: never lost, never repeated. Async work
 * (an outgoing HTTP call) belongs in `after`, which runs once the transaction has committed; the scheduler
 * awaits it before the next job.
 */
export type JobResult = void | { after?: () => Promise<void> | void }

export type JobHandler<P> = (payload: P, now: number, job: Job<P>) => JobResult

/** A job kind as defined on the scheduler: what schedules it, typed by its payload. */
export interface JobKind<P> {
  readonly kind: string
  /** Never set: carries the payload type. */
  readonly payloadType?: P
}

export interface SchedulerLog {
  error(obj: object, msg: string): void
}

type Ran = { job: JobRow, after: (() => Promise<void> | void) | undefined }

/**
 * The one scheduler, and the one registry of job kinds: each kind is defined once with its payload type and
 * handler. It asks the store for the earliest pending job and the clock to wake it then. On the virtual
 * clock, advancing runs every job that falls due inside the window, in (due time, insertion) order.
 * De-duplication lives here too: a job scheduled under a dedupe key replaces (or, with `earliest`, keeps
 * the earlier of) the pending job of that key.
 */
export class Scheduler {
  readonly #repo: JobRepository
  readonly #clock: Clock
  readonly #log: SchedulerLog
  readonly #handlers = new Map<string, JobHandler<unknown>>()
  #timer: TimerHandle | undefined
  /** Built once: better-sqlite3 compiles a wrapper per db.transaction() call, too slow for one per job. */
  readonly #run: (row: JobRow, now: number) => Ran
  #running = false
  #stopped = true
  /** Jobs run since start (or reset), by kind: what the control API reports as scheduler activity. */
  readonly #ran = new Map<string, number>()

  constructor (db: Db, clock: Clock, log: SchedulerLog) {
    this.#repo = new JobRepository(db)
    this.#clock = clock
    this.#log = log
    this.#run = db.transaction((row: JobRow, now: number): Ran => {
      this.#repo.remove(row.id)
      this.#ran.set(row.kind, (this.#ran.get(row.kind) ?? 0) + 1)
      const handler = this.#handlers.get(row.kind)
      if (handler === undefined) {
        this.#log.error({ job: row.kind }, 'no handler for job kind; dropped')
        return { job: row, after: undefined }
      }
      const job: Job = { ...row, payload: JSON.parse(row.payload) as unknown }
      const result = handler(job.payload, now, job)
      return { job: row, after: result === undefined ? undefined : result.after }
    })
  }

  /** Defines a job kind with its handler; each kind once. Jobs of a kind nobody defined are dropped when due. */
  define<P> (kind: string, handler: JobHandler<P>): JobKind<P> {
    if (this.#handlers.has(kind)) throw new Error(`job kind ${kind} is already defined`)
    this.#handlers.set(kind, handler as JobHandler<unknown>)
    return { kind }
  }

  /** The kinds defined, in definition order. */
  kinds (): string[] { return [...this.#handlers.keys()] }

  /** Safe inside the caller's transaction: the job is part of the same state change that caused it. */
  schedule<P> (type: JobKind<P>, dueAt: number, payload: P, dedupeKey: string | null = null): void {
    this.#add(type.kind, dueAt, payload, dedupeKey, false)
  }

  /** Makes sure a job of `dedupeKey` runs no later than `dueAt`: a pending one due earlier stays as it is. */
  scheduleEarliest<P> (type: JobKind<P>, dueAt: number, payload: P, dedupeKey: string): void {
    this.#add(type.kind, dueAt, payload, dedupeKey, true)
  }

  cancel (dedupeKey: string): void {
    this.#repo.removeKey(dedupeKey)
  }

  pending (dedupeKey: string): { readonly kind: string, readonly dueAt: number } | undefined {
    return this.#repo.byKey(dedupeKey)
  }

  count (): number { return this.#repo.count() }

  ranByKind (): Record<string, number> { return Object.fromEntries(this.#ran) }

  start (): void {
    this.#stopped = false
    this.#arm(this.#repo.next())
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
  }

  #add (kind: string, dueAt: number, payload: unknown, dedupeKey: string | null, earliest: boolean): void {
    this.#repo.add(kind, dueAt, payload, dedupeKey, earliest)
    // While running, the loop looks at the store again after each job and arms once it is done.
    if (!this.#running && !this.#stopped && (this.#timer === undefined || this.#timer.at > dueAt)) this.#arm(this.#repo.next())
  }

  #arm (next: JobRow | undefined): void {
    if (this.#stopped) return
    if (next === undefined) { this.#timer?.cancel(); this.#timer = undefined; return }
    if (this.#timer !== undefined && this.#timer.at <= next.dueAt) return
    this.#timer?.cancel()
    this.#timer = this.#clock.at(next.dueAt, () => this.#runDue())
  }

  async #runDue (): Promise<void> {
    this.#timer = undefined
    if (this.#running || this.#stopped) return
    this.#running = true
    // One read per job: the earliest pending job is run if due, else it is what the timer is armed for.
    let next: JobRow | undefined
    try {
      for (;;) {
        next = this.#repo.next()
        if (next === undefined || next.dueAt > this.#clock.now()) break
        const ran = this.#runOne(next, this.#clock.now())
        if (ran.after !== undefined) {
          try { await ran.after() } catch (error) { this.#log.error({ err: error, job: ran.job.kind }, 'job follow-up failed') }
        }
      }
    } finally {
      this.#running = false
      this.#arm(next)
    }
  }

  #runOne (row: JobRow, now: number): Ran {
    try {
      return this.#run(row, now)
    } catch (error) {
      // The transaction rolled back, job row included; drop the job so one bad row cannot wedge the scheduler.
      this.#log.error({ err: error, job: row.kind }, 'job failed; dropped')
      this.#repo.remove(row.id)
      return { job: row, after: undefined }
    }
  }
}
