import type { TimerHandle } from '../core/clock.js'
import type { TenantClock, TenantId } from '../core/tenant-clocks.js'
import type { Db } from '../store/database.js'
import { type JobRow, JobRepository } from './job-repository.js'

/** A pending job: `payload` is what its kind declared. */
export interface Job<P = unknown> {
  readonly id: number
  readonly kind: string
  /** Whose clock `dueAt` is on (null: the server's); the job runs in that tenant's time. */
  readonly tenantId: TenantId
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

/**
 * What a job that threw leaves behind: its kind's terminal outcome (a receipt resolved with an error, a run
 * FAILED, a delivery failed), written in a transaction of its own after the handler's rolled back. `reason`
 * is the error's message. A job must never fail into silence, so every kind defines one.
 */
export type JobFailure<P> = (payload: P, reason: string, now: number, job: Job<P>) => JobResult

/** A job kind as defined on the scheduler: what schedules it, typed by its payload. */
export interface JobKind<P> {
  readonly kind: string
  /** Never set: carries the payload type. */
  readonly payloadType?: P
}

export interface SchedulerLog {
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

type Ran = { job: JobRow, after: (() => Promise<void> | void) | undefined }

/**
 * The one scheduler, and the one registry of job kinds: each kind is defined once with its payload type and
 * handler. Each tenant's jobs are due on that tenant's clock (#19): for each tenant with pending work it asks
 * the store for the earliest job and the tenant's clock to wake it then, and runs the job in the tenant's
 * time. On the virtual clock, advancing runs every job that falls due inside the window, in (due time,
 * insertion) order; advancing one tenant's clock runs that tenant's jobs only.
 * De-duplication lives here too: a job scheduled under a dedupe key replaces (or, with `earliest`, keeps
 * the earlier of) the pending job of that key.
 */
export class Scheduler {
  readonly #repo: JobRepository
  readonly #clock: TenantClock
  readonly #log: SchedulerLog
  readonly #handlers = new Map<string, JobHandler<unknown>>()
  readonly #failures = new Map<string, JobFailure<unknown>>()
  /** The wake-up armed per tenant with pending jobs. */
  readonly #timers = new Map<TenantId, TimerHandle>()
  /**
   * The job each wake-up was armed for, while it is still the tenant's earliest: the run it wakes starts from
   * it instead of asking the store again (one read fewer per job). Any change to the tenant's jobs forgets it.
   */
  readonly #armedFor = new Map<TenantId, JobRow>()
  /** Built once: better-sqlite3 compiles a wrapper per db.transaction() call, too slow for one per job. */
  readonly #run: (row: JobRow, now: number) => Ran
  readonly #fail: (row: JobRow, reason: string, now: number) => JobResult
  /** The tenants whose due jobs are being run. */
  readonly #running = new Set<TenantId>()
  #stopped = true
  /** Jobs run since start (or reset), by kind: what the control API reports as scheduler activity. */
  readonly #ran = new Map<string, number>()

  constructor (db: Db, clock: TenantClock, log: SchedulerLog) {
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
    this.#fail = db.transaction((row: JobRow, reason: string, now: number): JobResult => {
      this.#repo.remove(row.id)
      const job: Job = { ...row, payload: JSON.parse(row.payload) as unknown }
      return this.#failures.get(row.kind)?.(job.payload, reason, now, job)
    })
  }

  /**
   * Defines a job kind with its handler and what a throw of the handler leaves (`onFailure`); each kind once.
   * Jobs of a kind nobody defined are dropped when due.
   */
  define<P> (kind: string, handler: JobHandler<P>, onFailure: JobFailure<P>): JobKind<P> {
    if (this.#handlers.has(kind)) throw new Error(`job kind ${kind} is already defined`)
    this.#handlers.set(kind, handler as JobHandler<unknown>)
    this.#failures.set(kind, onFailure as JobFailure<unknown>)
    return { kind }
  }

  /** The kinds defined, in definition order. */
  kinds (): string[] { return [...this.#handlers.keys()] }

  /**
   * Safe inside the caller's transaction: the job is part of the same state change that caused it. `dueAt` is
   * on the clock of `tenant` (the tenant whose work this is; null for the server's).
   */
  schedule<P> (type: JobKind<P>, tenant: TenantId, dueAt: number, payload: P, dedupeKey: string | null = null): void {
    this.#add(type.kind, tenant, dueAt, payload, dedupeKey, false)
  }

  /** Makes sure a job of `dedupeKey` runs no later than `dueAt`: a pending one due earlier stays as it is. */
  scheduleEarliest<P> (type: JobKind<P>, tenant: TenantId, dueAt: number, payload: P, dedupeKey: string): void {
    this.#add(type.kind, tenant, dueAt, payload, dedupeKey, true)
  }

  cancel (dedupeKey: string): void {
    this.#repo.removeKey(dedupeKey)
    this.#armedFor.clear()
  }

  pending (dedupeKey: string): { readonly kind: string, readonly dueAt: number } | undefined {
    return this.#repo.byKey(dedupeKey)
  }

  count (): number { return this.#repo.count() }

  ranByKind (): Record<string, number> { return Object.fromEntries(this.#ran) }

  start (): void {
    this.#stopped = false
    for (const tenant of this.#repo.tenants()) this.#arm(tenant, this.#repo.next(tenant))
  }

  stop (): void {
    this.#stopped = true
    this.#disarmAll()
  }

  /** Drops every pending job (reset). The clock may already have dropped our timers, so forget them too. */
  clear (): void {
    this.#disarmAll()
    this.#repo.clear()
    this.#ran.clear()
  }

  #disarmAll (): void {
    for (const timer of this.#timers.values()) timer.cancel()
    this.#timers.clear()
    this.#armedFor.clear()
  }

  /** Drops a tenant's pending jobs (its reset). */
  clearTenant (tenant: number): void {
    this.#timers.get(tenant)?.cancel()
    this.#timers.delete(tenant)
    this.#armedFor.delete(tenant)
    this.#repo.clearTenant(tenant)
  }

  #add (kind: string, tenant: TenantId, dueAt: number, payload: unknown, dedupeKey: string | null, earliest: boolean): void {
    this.#repo.add(kind, tenant, dueAt, payload, dedupeKey, earliest)
    this.#armedFor.delete(tenant)
    // While running, the loop looks at the store again after each job and arms once it is done.
    if (this.#running.has(tenant) || this.#stopped) return
    const timer = this.#timers.get(tenant)
    if (timer === undefined || timer.at > dueAt) this.#arm(tenant, this.#repo.next(tenant))
  }

  #arm (tenant: TenantId, next: JobRow | undefined): void {
    if (this.#stopped) return
    const timer = this.#timers.get(tenant)
    if (next === undefined) { timer?.cancel(); this.#timers.delete(tenant); this.#armedFor.delete(tenant); return }
    if (timer !== undefined && timer.at <= next.dueAt) return
    timer?.cancel()
    this.#timers.set(tenant, this.#clock.of(tenant).at(next.dueAt, () => this.#runDue(tenant)))
    this.#armedFor.set(tenant, next)
  }

  async #runDue (tenant: TenantId): Promise<void> {
    this.#timers.delete(tenant)
    if (this.#running.has(tenant) || this.#stopped) return
    this.#running.add(tenant)
    const clock = this.#clock.of(tenant)
    // One read per job: the earliest pending job is run if due, else it is what the timer is armed for.
    let next: JobRow | undefined
    let known = this.#armedFor.get(tenant)
    this.#armedFor.delete(tenant)
    try {
      for (;;) {
        next = known ?? this.#repo.next(tenant)
        known = undefined
        if (next === undefined || next.dueAt > clock.now()) break
        const row = next
        // The handler, and the follow-up it returns, run in the tenant's time.
        const ran = this.#clock.run(tenant, () => this.#runOne(row, clock.now()))
        if (ran.after !== undefined) {
          const after = ran.after
          try { await this.#clock.run(tenant, after) } catch (error) { this.#log.error({ err: error, job: ran.job.kind }, 'job follow-up failed') }
        }
      }
    } finally {
      this.#running.delete(tenant)
      this.#arm(tenant, next)
    }
  }

  #runOne (row: JobRow, now: number): Ran {
    try {
      return this.#run(row, now)
    } catch (error) {
      // The transaction rolled back, job row included: the kind writes its failed outcome and the job goes,
      // so one bad row can neither wedge the scheduler nor leave its work waiting forever.
      const reason = error instanceof Error ? error.message : String(error)
      this.#log.warn({ err: error, job: row.kind, tenant: row.tenantId, reason }, 'job failed; its outcome is recorded as failed')
      try {
        const result = this.#fail(row, reason, now)
        return { job: row, after: result === undefined ? undefined : result.after }
      } catch (again) {
        this.#log.error({ err: again, job: row.kind, tenant: row.tenantId }, 'job failed and so did recording its failure; dropped')
        this.#repo.remove(row.id)
        return { job: row, after: undefined }
      }
    }
  }
}
