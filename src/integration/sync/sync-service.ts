import type { Clock } from '../../core/clock.js'
import { appError } from '../../core/errors.js'
import type { Emitter } from '../../core/events.js'
import type { JobKind, Scheduler } from '../../jobs/scheduler.js'
import type { Db } from '../../store/database.js'
import type { SyncDataPort } from './sync-data-port.js'
import type { SyncAccount, SyncEvents } from './sync-events.js'
import {
  begin, ended, finish, nextStart, passDue, passed, plan, scheduledKind, settle, settlesByItself, stop, writes, writtenFinishUs
} from './sync-machine.js'
import type { SyncRepository } from './sync-repository.js'
import type { SyncKind, SyncOutcome, SyncRun, SyncState } from './sync-state.js'

const DAY = 86_400_000
export const IDLE_PAUSE_MS = 14 * DAY

/** The payload of both sync jobs: which model of which account. */
export interface ModelRef {
  readonly accountId: string
  readonly modelId: string
}

export interface SyncSettings {
  /** Default automatic sync interval (the spec: about 24 hours). */
  readonly intervalMs: number
  readonly initialPasses: number
  readonly initialDurationMs: number | null
  /** No inbound request for this long pauses the account (the real service: over two weeks). */
  readonly idlePauseMs: number
}

export interface SyncServiceDeps {
  readonly db: Db
  readonly clock: Clock
  readonly scheduler: Scheduler
  readonly repo: SyncRepository
  readonly data: SyncDataPort
  readonly events: Emitter<SyncEvents>
  readonly settings: SyncSettings
  /** The linked account of an id, undefined once deleted. */
  readonly account: (id: string) => SyncAccount | undefined
  /** A run that starts while the account needs relinking fails: the third party refuses the old credentials. */
  readonly needsRelink: (id: string) => boolean
  /**
   * Whether something acts on a tenant's finished runs at the instant they end (its webhook targets).
   * Only the cost and the moment of 'model-sync:finished' depend on it, never a state: a one-pass run of a
   * tenant nobody observes ends with no job of its own (a simulated day runs hundreds of thousands of
   * syncs), reads see it finished at its end, and its finish is emitted when the model is next touched.
   */
  readonly observed: (tenantId: number) => boolean
}

const jobKey = (accountId: string, modelId: string): string => `sync:${accountId}:${modelId}`

/**
 * The shell of the sync state machine (sync-machine.ts) of every (linked account, model): it loads a state,
 * applies a transition, saves it and schedules the next step on the one scheduler. Runs start (now or at
 * next_sync_start), write their passes at even steps of their duration and finish with their outcome; the
 * next run starts one interval later. Everything happens inside scheduler (or request) transactions, on the
 * injected clock, and every finish is announced as 'model-sync:finished'.
 */
export class SyncService {
  readonly #d: SyncServiceDeps
  readonly #start: JobKind<ModelRef>
  readonly #pass: JobKind<ModelRef>
  /** An account's id, tenant and category never change: every scheduled step would otherwise look them up. */
  readonly #accounts = new Map<string, SyncAccount>()
  /** Each tenant's sync interval: read by every run that ends, written only through setInterval. */
  readonly #intervals = new Map<number, number>()

  constructor (deps: SyncServiceDeps) {
    this.#d = deps
    this.#start = deps.scheduler.define<ModelRef>('sync.start', (job, now) => { this.#onStart(job, now) })
    this.#pass = deps.scheduler.define<ModelRef>('sync.pass', (job, now) => { this.#onPass(job, now) })
  }

  /**
   * A link token was created. The account gets its sync state now (DISABLED where common_models said so),
   * so the outcome of its initial sync can be preset before the user finishes linking; a later token before
   * completion replaces the scope.
   */
  linkRequested (accountId: string, category: string, disabledModels: readonly string[], now: number): void {
    const { repo } = this.#d
    const neverSynced = repo.states(accountId).every((s) => s.lastSyncStart === null)
    if (!neverSynced) return
    repo.setDisabledModels(accountId, disabledModels)
    this.#ensureStates(accountId, category, now)
    const disabled = new Set(disabledModels)
    for (const s of repo.states(accountId)) {
      const enabled = !disabled.has(s.modelId)
      repo.save(stop({ ...s, enabled }, enabled ? 'SYNCING' : 'DISABLED'))
    }
  }

  /** Linking completed: the initial sync of every enabled model starts at once; a relink resumes and syncs what is not running. */
  accountLinked (accountId: string, isRelink: boolean, now: number): void {
    const { repo } = this.#d
    const account = this.#account(accountId)
    this.#ensureStates(account.id, account.category, now)
    repo.touch(account.id, now)
    // New credentials: resume a paused account, and sync whatever is not already running.
    if (isRelink) repo.setPaused(account.id, false, null)
    this.#startIdle(account, this.#fresh(account, now), now)
  }

  /** The account is gone (its rows go with it, by cascade). */
  forget (accountId: string): void {
    this.#accounts.delete(accountId)
  }

  /** What the account's sync state is now: runs that settle by themselves and have ended show as finished. */
  states (accountId: string): SyncState[] {
    const now = this.#d.clock.now()
    return this.#d.repo.states(accountId).map((s) => settle(s, now))
  }

  paused (accountId: string): boolean { return this.#d.repo.account(accountId)?.paused ?? false }

  /** Throws unless the account has finished linking (only then does it have sync state). */
  requireLinked (accountId: string): void {
    if (this.#d.repo.count(accountId) === 0) throw appError('SYNC_NOT_LINKED', { id: accountId })
  }

  page (accountId: string, afterPosition: number, limit: number): SyncState[] {
    const now = this.#d.clock.now()
    return this.#d.repo.page(accountId, afterPosition, limit).map((s) => settle(s, now))
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
   * An inbound request on the account: keeps it from pausing, and resumes an account paused for idleness.
   * Writes at most once a minute per account, so polling does not turn every read into a write.
   */
  touch (accountId: string, now: number): void {
    const row = this.#d.repo.account(accountId)
    if (row === undefined) return
    if (row.paused && row.pausedReason === 'idle') {
      this.#d.db.transaction(() => {
        this.#d.repo.touch(accountId, now)
        this.resume(accountId, now)
      })()
      return
    }
    if (now - row.lastRequestAt >= 60_000) this.#d.repo.touch(accountId, now)
  }

  /**
   * A tenant may have become observed (a webhook target was added): its runs under way that would settle by
   * themselves get a finish job at their end, so their finish is announced on time.
   */
  observe (now: number): void {
    this.#d.db.transaction(() => {
      for (const r of this.#d.repo.settlingRuns(now)) {
        const account = this.#lookup(r.accountId)
        if (account !== undefined && this.#d.observed(account.tenantId)) {
          this.#d.scheduler.schedule(this.#pass, account.tenantId, r.ends, { accountId: r.accountId, modelId: r.modelId }, jobKey(r.accountId, r.modelId))
        }
      }
    })()
  }

  /** How the next run of one model (or of every model) ends, and optionally how long it takes. */
  preset (accountId: string, modelId: string | undefined, result: SyncOutcome, durationMs: number | null): SyncState[] {
    const targets = this.#targets(accountId, modelId)
    this.#d.db.transaction(() => {
      for (const s of targets) this.#d.repo.preset(accountId, s.modelId, result, durationMs)
    })()
    return this.states(accountId)
  }

  /** Starts a sync now for every enabled model (or one) that is not already syncing. */
  syncNow (accountId: string, modelId: string | undefined, now: number): SyncState[] {
    const account = this.#account(accountId)
    this.#targets(accountId, modelId)
    this.#d.db.transaction(() => {
      this.#d.repo.setPaused(accountId, false, null)
      this.#startIdle(account, this.#fresh(account, now).filter((s) => modelId === undefined || s.modelId === modelId), now)
    })()
    return this.states(accountId)
  }

  pause (accountId: string, reason: 'idle' | 'control'): void {
    const account = this.#account(accountId)
    this.#d.db.transaction(() => {
      this.#d.repo.setPaused(accountId, true, reason)
      for (const s of this.#fresh(account, this.#d.clock.now())) {
        if (!s.enabled) continue
        this.#d.scheduler.cancel(jobKey(accountId, s.modelId))
        this.#d.repo.save(stop(s, 'PAUSED'))
      }
    })()
  }

  /** Unpauses and syncs every enabled model at once. */
  resume (accountId: string, now: number): void {
    const account = this.#account(accountId)
    this.#d.db.transaction(() => {
      this.#d.repo.setPaused(accountId, false, null)
      this.#startIdle(account, this.#fresh(account, now), now)
    })()
  }

  setEnabled (accountId: string, modelId: string, enabled: boolean, now: number): SyncState {
    const account = this.#account(accountId)
    this.#targets(accountId, modelId)
    this.#d.db.transaction(() => {
      const state = this.#fresh(account, now).find((s) => s.modelId === modelId)!
      if (!enabled) {
        this.#d.scheduler.cancel(jobKey(accountId, modelId))
        this.#d.repo.save(stop({ ...state, enabled }, 'DISABLED'))
      } else if (!state.enabled) {
        this.#begin(account, { ...state, enabled }, scheduledKind(state), now)
      }
    })()
    return this.states(accountId).find((s) => s.modelId === modelId)!
  }

  /**
   * Settles the account's runs that ended unobserved, announcing their finishes now (with their end time):
   * for readers of what finishes cause (issues), which must not depend on whether anyone observed them.
   */
  settle (accountId: string, now: number): void {
    const account = this.#lookup(accountId)
    if (account === undefined) return
    this.#d.db.transaction(() => { this.#fresh(account, now) })()
  }

  /** FULL: every enabled model restarts a full sync. INCREMENTAL: one model syncs what changed. */
  resync (accountId: string, kind: 'full' | 'incremental', target: string | undefined, now: number): SyncState[] {
    const account = this.#account(accountId)
    const states = this.#d.db.transaction(() => this.#fresh(account, now))()
    let affected: SyncState[]
    if (kind === 'full') {
      affected = states.filter((s) => s.enabled)
    } else {
      const s = states.find((x) => x.modelId === target)
      if (s === undefined) throw appError('SYNC_UNKNOWN_TARGET', { target: target ?? '', allowed: states.map((x) => x.modelId).join(', ') })
      if (!s.enabled) throw appError('SYNC_TARGET_DISABLED', { target: s.modelId })
      affected = [s]
    }
    this.#d.db.transaction(() => {
      this.#d.repo.setPaused(accountId, false, null)
      for (const s of affected) {
        // A FULL resync restarts a run in progress; an INCREMENTAL one joins it.
        if (kind === 'incremental' && s.run !== null) continue
        this.#begin(account, s, kind === 'full' ? 'full' : (s.isInitialSync ? 'initial' : 'incremental'), now)
      }
    })()
    const ids = new Set(affected.map((s) => s.modelId))
    return this.states(accountId).filter((s) => ids.has(s.modelId))
  }

  /** Reset: the accounts are gone; the tenants' intervals go too. */
  clear (): void {
    this.#accounts.clear()
    this.#intervals.clear()
    this.#d.repo.clear()
  }

  /** Drops the accounts kept in memory (a tenant's rows were deleted under them). */
  forgetCaches (): void {
    this.#accounts.clear()
    this.#intervals.clear()
  }

  #account (accountId: string): SyncAccount {
    const account = this.#lookup(accountId)
    if (account === undefined) throw appError('SYNC_UNKNOWN_ACCOUNT', { id: accountId })
    return account
  }

  #lookup (accountId: string): SyncAccount | undefined {
    const cached = this.#accounts.get(accountId)
    if (cached !== undefined) return cached
    const account = this.#d.account(accountId)
    if (account !== undefined) this.#accounts.set(accountId, account)
    return account
  }

  #targets (accountId: string, modelId: string | undefined): SyncState[] {
    const states = this.#d.repo.states(accountId)
    if (states.length === 0) throw appError('SYNC_NOT_LINKED', { id: accountId })
    if (modelId === undefined) return states
    const s = states.find((x) => x.modelId === modelId)
    if (s === undefined) throw appError('SYNC_UNKNOWN_MODEL', { model: modelId, allowed: states.map((x) => x.modelId).join(', ') })
    return [s]
  }

  #ensureStates (accountId: string, category: string, now: number): void {
    const { repo, data } = this.#d
    if (repo.count(accountId) > 0) return
    repo.addAccount(accountId, now)
    const disabled = new Set(repo.disabledModels(accountId))
    data.models(category).forEach((m, i) => {
      repo.addModel(accountId, m.modelId, m.modelName, i, !disabled.has(m.modelId))
    })
  }

  /** Starts a run of every enabled model in `states` that is not running. */
  #startIdle (account: SyncAccount, states: readonly SyncState[], now: number): void {
    for (const s of states) if (s.enabled && s.run === null) this.#begin(account, s, scheduledKind(s), now)
  }

  /**
   * The states with every ended run that settles by itself written down as finished: what a change must
   * start from (a pause or a new run overwrites the run fields).
   */
  #fresh (account: SyncAccount, now: number): SyncState[] {
    return this.#d.repo.states(account.id).map((s) => ended(s, now) ? this.#settle(account, s, false) : s)
  }

  /**
   * `needsRelink`: when the caller has just read it (a scheduled start reads it with the state). `unsaved`:
   * `state` is a run just settled in memory and not written yet; the begun state is written in its place.
   */
  #begin (account: SyncAccount, state: SyncState, kind: SyncKind, now: number, needsRelink = this.#d.needsRelink(account.id), unsaved = false): void {
    const { repo, scheduler, settings, data } = this.#d
    const run = plan(state, kind, {
      now,
      needsRelink,
      volume: () => data.volume(account.id, account.category, state.modelId),
      initialPasses: settings.initialPasses,
      initialDurationMs: settings.initialDurationMs
    })
    const ref: ModelRef = { accountId: account.id, modelId: state.modelId }
    const key = jobKey(account.id, state.modelId)
    this.#stepped(account, state, run, 'started', 0, now)
    if (run.passes > 1) {
      const begun = begin(state, run, now)
      repo.save(begun, unsaved)
      scheduler.schedule(this.#pass, account.tenantId, passDue(begun, 1), ref, key)
      return
    }
    // A one-pass run (periodic, INCREMENTAL) writes what changed as it starts and settles by itself at its end.
    const stampUs = writes(run.outcome) ? this.#writePass(account, state.modelId, kind, 1, 1, run.outcome, now).stampUs : null
    const begun = begin(state, run, now, {
      finishUs: writtenFinishUs(run.ends, stampUs),
      next: nextStart(run.outcome, run.ends, this.intervalFor(account.tenantId))
    })
    repo.save(begun, unsaved)
    if (this.#d.observed(account.tenantId)) scheduler.schedule(this.#pass, account.tenantId, run.ends, ref, key)
    else if (begun.nextSyncStart !== null) scheduler.schedule(this.#start, account.tenantId, begun.nextSyncStart, ref, key)
    else scheduler.cancel(key)
  }

  #writePass (account: SyncAccount, modelId: string, kind: SyncKind, pass: number, passes: number, outcome: SyncOutcome, now: number) {
    return this.#d.data.pass({ accountId: account.id, category: account.category, modelId, kind, pass, passes, partial: outcome === 'PARTIALLY_SYNCED', now })
  }

  /**
   * Writes a run that settles by itself down as finished and announces it. On time (its finish job) it
   * also schedules the next start; noticed later, the caller goes on from the finished state.
   */
  #settle (account: SyncAccount, state: SyncState, onTime: boolean, save = true): SyncState {
    const run = state.run!
    const finished = finish(state, run.finishUs!, state.nextSyncStart)
    if (save) this.#d.repo.save(finished, true)
    if (onTime && finished.nextSyncStart !== null) {
      this.#d.scheduler.schedule(this.#start, account.tenantId, finished.nextSyncStart, { accountId: account.id, modelId: state.modelId }, jobKey(account.id, state.modelId))
    }
    // Its records were written as it started: a finish lists every field of the model.
    this.#finished(account, state, finished, this.#d.data.fields(state.modelId), run.ends, onTime)
    return finished
  }

  #stepped (account: SyncAccount, state: SyncState, run: Pick<SyncRun, 'kind' | 'passes' | 'outcome' | 'ends'>, step: 'started' | 'pass', pass: number, at: number): void {
    this.#d.events.emit('model-sync:stepped', {
      account, modelName: state.modelName, kind: run.kind, step, pass, passes: run.passes, outcome: run.outcome, ends: run.ends, at
    })
  }

  #finished (account: SyncAccount, before: SyncState, after: SyncState, syncedFields: readonly string[], at: number, onTime: boolean): void {
    this.#d.events.emit('model-sync:finished', {
      account,
      state: after,
      syncedFields,
      accountSyncCompleted: onTime && this.#d.repo.closeRoundIfComplete(account.id),
      wasInitialSync: before.isInitialSync,
      at,
      onTime
    })
  }

  #onStart (job: ModelRef, now: number): void {
    const found = this.#d.repo.stateAndAccount(job.accountId, job.modelId)
    const account = found === undefined ? undefined : this.#lookup(job.accountId)
    if (account === undefined || found === undefined) return
    // A run that ended unobserved is settled here; when the next run begins at once, as every periodic sync
    // of a simulated day does, the begun state is the one write (the listeners of the finish read the event).
    const settled = ended(found.state, now)
    const state = settled ? this.#settle(account, found.state, false, false) : found.state
    if (!state.enabled || state.run !== null || found.account.paused) {
      if (settled) this.#d.repo.save(state, true)
      return
    }
    if (now - found.account.lastRequestAt > this.#d.settings.idlePauseMs) {
      if (settled) this.#d.repo.save(state, true)
      this.pause(job.accountId, 'idle')
      return
    }
    this.#begin(account, state, scheduledKind(state), now, found.needsRelink, settled)
  }

  #onPass (job: ModelRef, now: number): void {
    const { repo, scheduler } = this.#d
    const state = repo.state(job.accountId, job.modelId)
    const account = state === undefined ? undefined : this.#lookup(job.accountId)
    if (account === undefined || state === undefined || state.run === null) return
    if (settlesByItself(state)) {
      this.#settle(account, state, true)
      return
    }
    const run = state.run
    const pass = run.done + 1
    const syncedFields = writes(run.outcome) ? this.#writePass(account, state.modelId, run.kind, pass, run.passes, run.outcome, now).syncedFields : []
    const key = jobKey(account.id, state.modelId)
    if (pass < run.passes) {
      this.#stepped(account, state, run, 'pass', pass, now)
      const next = passed(state, pass)
      repo.save(next)
      scheduler.schedule(this.#pass, account.tenantId, passDue(next, pass + 1), job, key)
      return
    }
    const finished = finish(state, this.#d.data.finishStamp(job.accountId, now), nextStart(run.outcome, now, this.intervalFor(account.tenantId)))
    repo.save(finished, true)
    if (finished.nextSyncStart !== null) scheduler.schedule(this.#start, account.tenantId, finished.nextSyncStart, job, key)
    this.#finished(account, state, finished, syncedFields, now, true)
  }
}
