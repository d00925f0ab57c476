import type { Clock } from '../../core/clock.js'
import { appError } from '../../core/errors.js'
import type { Scheduler } from '../../jobs/scheduler.js'
import type { Db } from '../../store/database.js'
import type { SyncDataPort } from './sync-data-port.js'
import type { SyncRepository } from './sync-repository.js'
import { type SyncKind, type SyncOutcome, type SyncState } from './sync-state.js'
import { defaultSyncDuration, passesFor } from './sync-timing.js'

const START = 'sync.start'
const PASS = 'sync.pass'
const DAY = 86_400_000

/** The account as the sync work needs it: what never changes for an account. */
export interface SyncAccount {
  readonly id: string
  readonly tenantId: number
  readonly category: string
}

export interface ModelSyncFinished {
  readonly account: SyncAccount
  readonly state: SyncState
  readonly syncedFields: readonly string[]
  /** true when, with this finish, every enabled model has synced since the last account-wide completion and none is running. */
  readonly accountSyncCompleted: boolean
  readonly wasInitialSync: boolean
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
  readonly settings: SyncSettings
  readonly account: (id: string) => SyncAccount | undefined
  /** A run that starts while the account needs relinking fails: the third party refuses the old credentials. */
  readonly needsRelink: (id: string) => boolean
}

const jobKey = (accountId: string, modelId: string): string => `sync:${accountId}:${modelId}`

/**
 * The sync state machine of every (linked account, model). Runs move by scheduled jobs: a run starts (now or at
 * next_sync_start), writes its passes at even steps of its duration, and finishes with its outcome, scheduling
 * the next run one interval later. Everything happens inside scheduler transactions, on the injected clock.
 */
export class SyncService {
  readonly #d: SyncServiceDeps
  readonly #finished: Array<(event: ModelSyncFinished) => void> = []

  constructor (deps: SyncServiceDeps) {
    this.#d = deps
    deps.scheduler.register(START, (job, now) => { this.#onStart(job.payload as JobPayload, now) })
    deps.scheduler.register(PASS, (job, now) => { this.#onPass(job.payload as JobPayload, now) })
  }

  /** Listeners run inside the finishing transaction (webhook events are recorded there). */
  onModelSyncFinished (fn: (event: ModelSyncFinished) => void): void { this.#finished.push(fn) }

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
      repo.setEnabled(accountId, s.modelId, enabled)
      repo.stop(accountId, s.modelId, enabled ? 'SYNCING' : 'DISABLED')
    }
  }

  /** Linking completed: the initial sync of every enabled model starts at once; a relink resumes and syncs what is not running. */
  accountLinked (account: SyncAccount, isRelink: boolean, now: number): void {
    const { repo } = this.#d
    this.#ensureStates(account.id, account.category, now)
    repo.touch(account.id, now)
    if (isRelink) {
      // New credentials: resume a paused account, and sync whatever is not already running.
      repo.setPaused(account.id, false, null)
    }
    for (const s of this.#fresh(account.id, now)) {
      if (s.enabled && s.run === null) this.#begin(account, s, s.isInitialSync ? 'initial' : 'periodic', now)
    }
  }

  /** What the account's sync state is now: runs that settle on read and have ended show as finished. */
  states (accountId: string): SyncState[] {
    const now = this.#d.clock.now()
    return this.#d.repo.states(accountId).map((s) => settle(s, now))
  }

  /**
   * The states with every ended settle-on-read run written down as finished: what a change must start from
   * (a pause or a new run overwrites the run fields).
   */
  #fresh (accountId: string, now: number): SyncState[] {
    const states = this.#d.repo.states(accountId)
    let wrote = false
    for (const s of states) {
      if (settlesOnRead(s) && now >= s.run!.ends) { this.#materialize(s); wrote = true }
    }
    return wrote ? this.#d.repo.states(accountId) : states
  }

  #materialize (s: SyncState): void {
    this.#d.repo.finish(s.accountId, s.modelId, s.run!.outcome, s.run!.finishUs!, s.nextSyncStart)
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
    return this.#d.repo.interval(tenantId) ?? this.#d.settings.intervalMs
  }

  setInterval (tenantId: number, ms: number): void {
    this.#d.repo.setInterval(tenantId, ms)
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
      for (const s of this.#fresh(accountId, now)) {
        if (modelId !== undefined && s.modelId !== modelId) continue
        if (s.enabled && s.run === null) this.#begin(account, s, s.isInitialSync ? 'initial' : 'periodic', now)
      }
    })()
    return this.states(accountId)
  }

  pause (accountId: string, reason: 'idle' | 'control'): void {
    this.#d.db.transaction(() => {
      this.#d.repo.setPaused(accountId, true, reason)
      for (const s of this.#fresh(accountId, this.#d.clock.now())) {
        if (!s.enabled) continue
        this.#d.scheduler.cancel(jobKey(accountId, s.modelId))
        this.#d.repo.stop(accountId, s.modelId, 'PAUSED')
      }
    })()
  }

  /** Unpauses and syncs every enabled model at once. */
  resume (accountId: string, now: number): void {
    const account = this.#account(accountId)
    this.#d.db.transaction(() => {
      this.#d.repo.setPaused(accountId, false, null)
      for (const s of this.#fresh(accountId, now)) {
        if (s.enabled && s.run === null) this.#begin(account, s, s.isInitialSync ? 'initial' : 'periodic', now)
      }
    })()
  }

  setEnabled (accountId: string, modelId: string, enabled: boolean, now: number): SyncState {
    const account = this.#account(accountId)
    this.#targets(accountId, modelId)
    this.#d.db.transaction(() => {
      const state = this.#fresh(accountId, now).find((s) => s.modelId === modelId)
      this.#d.repo.setEnabled(accountId, modelId, enabled)
      if (!enabled) {
        this.#d.scheduler.cancel(jobKey(accountId, modelId))
        this.#d.repo.stop(accountId, modelId, 'DISABLED')
      } else if (!state!.enabled) {
        this.#begin(account, state!, state!.isInitialSync ? 'initial' : 'periodic', now)
      }
    })()
    return this.states(accountId).find((s) => s.modelId === modelId)!
  }

  /** FULL: every enabled model restarts a full sync. INCREMENTAL: one model syncs what changed. */
  resync (accountId: string, kind: 'full' | 'incremental', target: string | undefined, now: number): SyncState[] {
    const account = this.#account(accountId)
    const states = this.#d.db.transaction(() => this.#fresh(accountId, now))()
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

  #account (accountId: string): SyncAccount {
    const account = this.#d.account(accountId)
    if (account === undefined) throw appError('SYNC_UNKNOWN_ACCOUNT', { id: accountId })
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

  #begin (account: SyncAccount, state: SyncState, kind: SyncKind, now: number): void {
    const { repo, scheduler, settings, data } = this.#d
    const outcome: SyncOutcome = this.#d.needsRelink(account.id) ? 'FAILED' : (state.presetResult ?? 'DONE')
    const duration = state.presetDuration ??
      defaultSyncDuration(kind, data.volume(account.id, account.category, state.modelId), settings.initialDurationMs)
    const passes = passesFor(kind, settings.initialPasses)
    const ends = now + duration
    const key = jobKey(account.id, state.modelId)
    if (passes === 1) {
      // A one-pass run (periodic, INCREMENTAL) writes what changed as it starts and settles on read at `ends`.
      // Only listeners (webhooks) need a job at the finish; without them a sync is one scheduled job, not two
      // (a simulated day runs hundreds of thousands).
      let stampUs: number | null = null
      if (outcome === 'DONE' || outcome === 'PARTIALLY_SYNCED') {
        stampUs = data.pass({ accountId: account.id, category: account.category, modelId: state.modelId, kind, pass: 1, passes: 1, partial: outcome === 'PARTIALLY_SYNCED', now }).stampUs
      }
      // Strictly after every record this run wrote, and at the run's end: the incremental rule stays gap-free.
      const finishUs = Math.max(ends * 1000, (stampUs ?? 0) + 1)
      const next = outcome === 'PAUSED' ? null : ends + this.intervalFor(account.tenantId)
      repo.beginRun(account.id, state.modelId, { kind, passes, outcome, now, ends, done: 1, finishUs, next })
      const payload = { a: account.id, m: state.modelId }
      if (this.#finished.length > 0) scheduler.schedule(PASS, ends, payload, key)
      else if (next !== null) scheduler.schedule(START, next, payload, key)
      else scheduler.cancel(key)
      return
    }
    repo.beginRun(account.id, state.modelId, { kind, passes, outcome, now, ends })
    scheduler.schedule(PASS, now + Math.round(duration / passes), { a: account.id, m: state.modelId }, key)
  }

  #onStart (job: JobPayload, now: number): void {
    const { repo, settings } = this.#d
    const account = this.#d.account(job.a)
    const found = repo.stateAndAccount(job.a, job.m)
    if (account === undefined || found === undefined) return
    const { account: row } = found
    let state = found.state
    if (settlesOnRead(state) && now >= state.run!.ends) {
      this.#materialize(state)
      state = settle(state, now)
    }
    if (!state.enabled || state.run !== null || row.paused) return
    if (now - row.lastRequestAt > settings.idlePauseMs) {
      this.pause(job.a, 'idle')
      return
    }
    this.#begin(account, state, state.isInitialSync ? 'initial' : 'periodic', now)
  }

  #onPass (job: JobPayload, now: number): void {
    const { repo, data, scheduler } = this.#d
    const account = this.#d.account(job.a)
    const state = repo.state(job.a, job.m)
    if (account === undefined || state === undefined || state.run === null) return
    const run = state.run
    if (settlesOnRead(state)) {
      // Written when it started: the finish only settles it and tells the listeners.
      this.#materialize(state)
      if (state.nextSyncStart !== null) scheduler.schedule(START, state.nextSyncStart, job, jobKey(account.id, state.modelId))
      this.#emitFinished(account, state, this.#d.data.fields(state.modelId))
      return
    }
    const pass = run.done + 1
    let syncedFields: readonly string[] = []
    if (run.outcome === 'DONE' || run.outcome === 'PARTIALLY_SYNCED') {
      syncedFields = data.pass({
        accountId: account.id,
        category: account.category,
        modelId: state.modelId,
        kind: run.kind,
        pass,
        passes: run.passes,
        partial: run.outcome === 'PARTIALLY_SYNCED',
        now
      }).syncedFields
    }
    if (pass < run.passes) {
      repo.passDone(account.id, state.modelId, pass)
      const started = state.lastSyncStart ?? now
      const due = started + Math.round((run.ends - started) * (pass + 1) / run.passes)
      scheduler.schedule(PASS, due, job, jobKey(account.id, state.modelId))
      return
    }
    const next = run.outcome === 'PAUSED' ? null : now + this.intervalFor(account.tenantId)
    repo.finish(account.id, state.modelId, run.outcome, data.finishStamp(now), next)
    if (next !== null) scheduler.schedule(START, next, job, jobKey(account.id, state.modelId))
    this.#emitFinished(account, state, syncedFields)
  }

  /** `before` is the state as the run left it, before finishing. */
  #emitFinished (account: SyncAccount, before: SyncState, syncedFields: readonly string[]): void {
    // Hundreds of thousands of syncs a simulated day: read back only when someone listens.
    if (this.#finished.length === 0) return
    const finished = this.#d.repo.state(account.id, before.modelId)!
    const accountSyncCompleted = this.#d.repo.closeRoundIfComplete(account.id)
    for (const fn of this.#finished) {
      fn({ account, state: finished, syncedFields, accountSyncCompleted, wasInitialSync: before.isInitialSync })
    }
  }
}

interface JobPayload { a: string, m: string }

/** A run written in full when it started: it has no pass job and finishes by itself at `ends`. */
function settlesOnRead (s: SyncState): boolean {
  return s.run !== null && s.run.done === s.run.passes && s.run.finishUs !== null
}

/** The state as of `now`: an ended settle-on-read run shows finished; a running one hides its next start. */
function settle (s: SyncState, now: number): SyncState {
  if (!settlesOnRead(s)) return s
  const run = s.run!
  if (now < run.ends) return { ...s, nextSyncStart: null }
  return {
    ...s,
    status: run.outcome,
    lastSyncResult: run.outcome,
    lastSyncFinished: run.finishUs,
    isInitialSync: run.outcome === 'DONE' ? false : s.isInitialSync,
    run: null
  }
}

export const IDLE_PAUSE_MS = 14 * DAY
