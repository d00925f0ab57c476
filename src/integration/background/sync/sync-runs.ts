import type { JobKind } from '../../../jobs/scheduler.js'
import type { SyncServiceDeps } from './sync-deps.js'
import { save, schedule, type SyncEffect } from './sync-effects.js'
import type { SyncAccount } from './sync-events.js'
import { ended, scheduledKind } from './sync-machine.js'
import { type BeginInputs, beginRun, failRun, passJob, settleRun, startJob, stopRun } from './sync-steps.js'
import type { SyncKind, SyncState } from './sync-state.js'

/** The payload of both sync jobs: which model of which account. */
export interface ModelRef {
  readonly accountId: string
  readonly modelId: string
}

const jobKey = (accountId: string, modelId: string): string => `sync:${accountId}:${modelId}`

/**
 * The shell of the sync steps (sync-steps.ts) of every (linked account, model): it runs the two sync jobs,
 * reads what a step needs, and applies the effects the step returns, in their order, in one place (`apply`).
 * Runs start (now or at next_sync_start), write their passes at even steps of their duration and finish
 * with their outcome; the next run starts one interval later. Everything happens inside the caller's
 * transaction (a scheduled job's or a request's), on the injected clock.
 */
export class SyncRuns {
  readonly #d: SyncServiceDeps
  readonly #start: JobKind<ModelRef>
  readonly #pass: JobKind<ModelRef>
  /** An account's id, tenant and category never change: every scheduled step would otherwise look them up. */
  readonly #accounts = new Map<string, SyncAccount>()
  /** Each tenant's sync interval: read by every run that ends, written only through setInterval. */
  readonly #intervals = new Map<number, number>()

  constructor (deps: SyncServiceDeps) {
    this.#d = deps
    this.#start = deps.scheduler.define<ModelRef>('sync.start', (job, now) => { this.#onStart(job, now) }, (job, _reason, now) => { this.#onFailed(job, now) })
    this.#pass = deps.scheduler.define<ModelRef>('sync.pass', (job, now) => { this.#onPass(job, now) }, (job, _reason, now) => { this.#onFailed(job, now) })
  }

  lookup (accountId: string): SyncAccount | undefined {
    const cached = this.#accounts.get(accountId)
    if (cached !== undefined) return cached
    const account = this.#d.account(accountId)
    if (account !== undefined) this.#accounts.set(accountId, account)
    return account
  }

  intervalFor (tenantId: number): number {
    let ms = this.#intervals.get(tenantId)
    if (ms === undefined) {
      ms = this.#d.repo.interval(tenantId) ?? this.#d.settings.intervalMs
      this.#intervals.set(tenantId, ms)
    }
    return ms
  }

  /** Only the control API sets it, outside any transaction, so the kept value cannot outlive a rollback. */
  setInterval (tenantId: number, ms: number): void {
    this.#d.repo.setInterval(tenantId, ms)
    this.#intervals.set(tenantId, ms)
  }

  /**
   * Each idle model of the tenant's active accounts is next due one (current) interval after its last finish,
   * or now if that has passed: what setting the interval back does to the syncs the interval it replaced placed.
   */
  reschedule (tenantId: number, now: number): void {
    const intervalMs = this.intervalFor(tenantId)
    for (const accountId of this.#d.repo.activeAccounts(tenantId)) {
      const account = this.lookup(accountId)
      if (account === undefined) continue
      for (const s of this.fresh(account, now)) {
        if (!s.enabled || s.run !== null || s.nextSyncStart === null || s.lastSyncFinished === null) continue
        const next = Math.max(now, Math.floor(s.lastSyncFinished / 1000) + intervalMs)
        if (next !== s.nextSyncStart) this.apply(account, s.modelId, now, [save({ ...s, nextSyncStart: next }, false), schedule('start', next)])
      }
    }
  }

  forget (accountId: string): void {
    this.#accounts.delete(accountId)
  }

  /** Drops the accounts and intervals kept in memory (their rows were deleted or reset under them). */
  forgetCaches (): void {
    this.#accounts.clear()
    this.#intervals.clear()
  }

  begin (account: SyncAccount, state: SyncState, kind: SyncKind, now: number): void {
    this.apply(account, state.modelId, now, beginRun(state, kind, this.#beginInputs(account, state.modelId, now, this.#d.needsRelink(account.id))))
  }

  /** Starts a run of every enabled model in `states` that is not running. */
  startIdle (account: SyncAccount, states: readonly SyncState[], now: number): void {
    for (const s of states) if (s.enabled && s.run === null) this.begin(account, s, scheduledKind(s), now)
  }

  /**
   * The states with every ended run that settles by itself written down as finished (and announced, late):
   * what a change must start from (a pause or a new run overwrites the run fields).
   */
  fresh (account: SyncAccount, now: number): SyncState[] {
    return this.#d.repo.states(account.id).map((s) => {
      if (!ended(s, now)) return s
      const settled = settleRun(s, this.#d.data.fields(s.modelId), false)
      this.apply(account, s.modelId, now, settled.effects)
      return settled.state
    })
  }

  /** Every enabled model of the account shows PAUSED, with nothing scheduled. */
  pause (account: SyncAccount, reason: 'idle' | 'control'): void {
    const now = this.#d.clock.now()
    this.#d.repo.setPaused(account.id, true, reason)
    for (const s of this.fresh(account, now)) if (s.enabled) this.apply(account, s.modelId, now, stopRun(s, 'PAUSED'))
  }

  /** The one place the effects of a step happen, in the order the step returned them. */
  apply (account: SyncAccount, modelId: string, now: number, effects: readonly SyncEffect[]): void {
    const { repo, scheduler, events, data } = this.#d
    for (const e of effects) {
      switch (e.type) {
        case 'save': repo.save(e.state, e.finished); break
        case 'schedule':
          scheduler.schedule(e.job === 'start' ? this.#start : this.#pass, account.tenantId, e.at, { accountId: account.id, modelId }, jobKey(account.id, modelId))
          break
        case 'cancel': scheduler.cancel(jobKey(account.id, modelId)); break
        case 'stepped': events.emit('model-sync:stepped', { account, ...e.event }); break
        case 'finished': {
          const { state, syncedFields, wasInitialSync, at, onTime } = e.event
          // Judged only at the instant a run ends: a finish noticed later cannot tell.
          const accountSyncCompleted = onTime && repo.closeRoundIfComplete(account.id)
          events.emit('model-sync:finished', { account, state, syncedFields, accountSyncCompleted, wasInitialSync, at, onTime })
          break
        }
        case 'write-pass':
          this.apply(account, modelId, now, e.rest(data.pass({ accountId: account.id, category: account.category, modelId, ...e.step, now })))
          break
        case 'finish-stamp': this.apply(account, modelId, now, e.rest(data.finishStamp(account.id, now))); break
        case 'pause-idle': this.pause(account, 'idle'); break
      }
    }
  }

  /** `needsRelink`: a scheduled start reads it with the state. */
  #beginInputs (account: SyncAccount, modelId: string, now: number, needsRelink: boolean): BeginInputs {
    const { data, settings } = this.#d
    return {
      now,
      needsRelink,
      volume: () => data.volume(account.id, account.category, modelId),
      initialPasses: settings.initialPasses,
      initialDurationMs: settings.initialDurationMs,
      intervalMs: this.intervalFor(account.tenantId),
      observed: this.#d.observed(account.tenantId)
    }
  }

  #onStart (job: ModelRef, now: number): void {
    const found = this.#d.repo.stateAndAccount(job.accountId, job.modelId)
    const account = found === undefined ? undefined : this.lookup(job.accountId)
    if (account === undefined || found === undefined) return
    this.apply(account, job.modelId, now, startJob(found.state, {
      ...this.#beginInputs(account, job.modelId, now, found.needsRelink),
      paused: found.account.paused,
      lastRequestAt: found.account.lastRequestAt,
      idlePauseMs: this.#d.settings.idlePauseMs,
      fields: this.#d.data.fields(job.modelId)
    }))
  }

  #onPass (job: ModelRef, now: number): void {
    const state = this.#d.repo.state(job.accountId, job.modelId)
    const account = state === undefined ? undefined : this.lookup(job.accountId)
    if (account === undefined || state === undefined) return
    this.apply(account, job.modelId, now, passJob(state, { now, intervalMs: this.intervalFor(account.tenantId), fields: this.#d.data.fields(job.modelId) }))
  }

  /**
   * A sync job threw (its writes rolled back): the run ends FAILED now, as sync-status shows it, and the next
   * run is scheduled one interval later, as after any finished run.
   */
  #onFailed (job: ModelRef, now: number): void {
    const state = this.#d.repo.state(job.accountId, job.modelId)
    const account = state === undefined ? undefined : this.lookup(job.accountId)
    if (account === undefined || state === undefined) return
    this.apply(account, job.modelId, now, failRun(state, now, this.intervalFor(account.tenantId)))
  }
}
