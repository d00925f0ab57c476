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
    for (const s of repo.states(account.id)) {
      if (s.enabled && s.run === null) this.#begin(account, s, s.isInitialSync ? 'initial' : 'periodic', now)
    }
  }

  states (accountId: string): SyncState[] { return this.#d.repo.states(accountId) }

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
    return this.#d.repo.page(accountId, afterPosition, limit)
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
    return this.#d.repo.states(accountId)
  }

  /** Starts a sync now for every enabled model (or one) that is not already syncing. */
  syncNow (accountId: string, modelId: string | undefined, now: number): SyncState[] {
    const account = this.#account(accountId)
    const targets = this.#targets(accountId, modelId)
    this.#d.db.transaction(() => {
      this.#d.repo.setPaused(accountId, false, null)
      for (const s of targets) {
        if (s.enabled && s.run === null) this.#begin(account, s, s.isInitialSync ? 'initial' : 'periodic', now)
      }
    })()
    return this.#d.repo.states(accountId)
  }

  pause (accountId: string, reason: 'idle' | 'control'): void {
    this.#d.db.transaction(() => {
      this.#d.repo.setPaused(accountId, true, reason)
      for (const s of this.#d.repo.states(accountId)) {
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
      for (const s of this.#d.repo.states(accountId)) {
        if (s.enabled && s.run === null) this.#begin(account, s, s.isInitialSync ? 'initial' : 'periodic', now)
      }
    })()
  }

  setEnabled (accountId: string, modelId: string, enabled: boolean, now: number): SyncState {
    const account = this.#account(accountId)
    const [state] = this.#targets(accountId, modelId)
    this.#d.db.transaction(() => {
      this.#d.repo.setEnabled(accountId, modelId, enabled)
      if (!enabled) {
        this.#d.scheduler.cancel(jobKey(accountId, modelId))
        this.#d.repo.stop(accountId, modelId, 'DISABLED')
      } else if (!state!.enabled) {
        this.#begin(account, state!, state!.isInitialSync ? 'initial' : 'periodic', now)
      }
    })()
    return this.#d.repo.state(accountId, modelId)!
  }

  /** FULL: every enabled model restarts a full sync. INCREMENTAL: one model syncs what changed. */
  resync (accountId: string, kind: 'full' | 'incremental', target: string | undefined, now: number): SyncState[] {
    const account = this.#account(accountId)
    const states = this.#d.repo.states(accountId)
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
    return this.#d.repo.states(accountId).filter((s) => ids.has(s.modelId))
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
    repo.beginRun(account.id, state.modelId, kind, passes, outcome, now, ends)
    scheduler.schedule(PASS, now + Math.round(duration / passes), { a: account.id, m: state.modelId }, jobKey(account.id, state.modelId))
  }

  #onStart (job: JobPayload, now: number): void {
    const { repo, settings } = this.#d
    const account = this.#d.account(job.a)
    const found = repo.stateAndAccount(job.a, job.m)
    if (account === undefined || found === undefined) return
    const { state, account: row } = found
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
    // Hundreds of thousands of syncs a simulated day: read back only when someone listens.
    if (this.#finished.length === 0) return
    const finished = repo.state(account.id, state.modelId)!
    const accountSyncCompleted = repo.closeRoundIfComplete(account.id)
    for (const fn of this.#finished) {
      fn({ account, state: finished, syncedFields, accountSyncCompleted, wasInitialSync: state.isInitialSync })
    }
  }
}

interface JobPayload { a: string, m: string }

export const IDLE_PAUSE_MS = 14 * DAY
