import { appError } from '../../../core/errors.js'
import type { SyncServiceDeps } from './sync-deps.js'
import { schedule } from './sync-effects.js'
import type { SyncAccount } from './sync-events.js'
import { scheduledKind, settle, stop } from './sync-machine.js'
import { SyncRuns } from './sync-runs.js'
import type { SyncOutcome, SyncState } from './sync-state.js'
import { stopRun } from './sync-steps.js'

export type { SyncServiceDeps, SyncSettings } from './sync-deps.js'
export type { ModelRef } from './sync-runs.js'

const DAY = 86_400_000
export const IDLE_PAUSE_MS = 14 * DAY

/**
 * The sync state of every (linked account, model), as the API and the other domains see and change it:
 * reads settle runs that ended on their own, and each change (link, pause, resync, ...) runs inside one
 * transaction through the runs (sync-runs.ts), which apply the steps of the state machine and schedule its
 * jobs. Every finish is announced as 'model-sync:finished'.
 */
export class SyncService {
  readonly #d: SyncServiceDeps
  readonly #runs: SyncRuns

  constructor (deps: SyncServiceDeps) {
    this.#d = deps
    this.#runs = new SyncRuns(deps)
  }

  /**
   * A link token was created. The account gets its sync state now (DISABLED where common_models said so),
   * so the outcome of its initial sync can be preset before the user finishes linking; a later token before
   * completion replaces the scope.
   */
  linkRequested (accountId: string, category: string, disabledModels: readonly string[], now: number): void {
    const { repo } = this.#d
    if (this.started(accountId)) return
    repo.setDisabledModels(accountId, disabledModels)
    this.#ensureStates(accountId, category, now)
    const disabled = new Set(disabledModels)
    // Nothing is scheduled before the account is linked: only the states are written.
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
    this.#runs.startIdle(account, this.#runs.fresh(account, now), now)
  }

  /**
   * Whether a sync of the account ever started: the one answer, for scopes too (through their port). Until
   * then a later link token may still replace the account's scope; from then on its syncs own it.
   */
  started (accountId: string): boolean {
    return this.#d.repo.states(accountId).some((s) => s.lastSyncStart !== null)
  }

  /** The account is gone (its rows go with it, by cascade). */
  forget (accountId: string): void {
    this.#runs.forget(accountId)
    this.#d.repo.forget(accountId)
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
    return this.#runs.intervalFor(tenantId)
  }

  /** Only the control API sets it, outside any transaction, so the kept value cannot outlive a rollback. */
  setInterval (tenantId: number, ms: number): void {
    this.#runs.setInterval(tenantId, ms)
  }

  /**
   * Moves each idle model's next sync to one (current) interval after its last finish, or now if that has
   * passed: after a scenario run sets the interval back, the syncs its interval placed would otherwise hold
   * until each one has run.
   */
  reschedule (tenantId: number, now: number): void {
    this.#d.db.transaction(() => { this.#runs.reschedule(tenantId, now) })()
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
        const account = this.#runs.lookup(r.accountId)
        if (account !== undefined && this.#d.observed(account.tenantId)) this.#runs.apply(account, r.modelId, now, [schedule('pass', r.ends)])
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
      this.#runs.startIdle(account, this.#runs.fresh(account, now).filter((s) => modelId === undefined || s.modelId === modelId), now)
    })()
    return this.states(accountId)
  }

  pause (accountId: string, reason: 'idle' | 'control'): void {
    const account = this.#account(accountId)
    this.#d.db.transaction(() => { this.#runs.pause(account, reason) })()
  }

  /** Unpauses and syncs every enabled model at once. */
  resume (accountId: string, now: number): void {
    const account = this.#account(accountId)
    this.#d.db.transaction(() => {
      this.#d.repo.setPaused(accountId, false, null)
      this.#runs.startIdle(account, this.#runs.fresh(account, now), now)
    })()
  }

  setEnabled (accountId: string, modelId: string, enabled: boolean, now: number): SyncState {
    const account = this.#account(accountId)
    this.#targets(accountId, modelId)
    this.#d.db.transaction(() => {
      const state = this.#runs.fresh(account, now).find((s) => s.modelId === modelId)!
      if (!enabled) {
        this.#runs.apply(account, modelId, now, stopRun({ ...state, enabled }, 'DISABLED'))
      } else if (!state.enabled) {
        this.#runs.begin(account, { ...state, enabled }, scheduledKind(state), now)
      }
    })()
    return this.states(accountId).find((s) => s.modelId === modelId)!
  }

  /**
   * Settles the account's runs that ended unobserved, announcing their finishes now (with their end time):
   * for readers of what finishes cause (issues), which must not depend on whether anyone observed them.
   */
  settle (accountId: string, now: number): void {
    const account = this.#runs.lookup(accountId)
    if (account === undefined) return
    this.#d.db.transaction(() => { this.#runs.fresh(account, now) })()
  }

  /** FULL: every enabled model restarts a full sync. INCREMENTAL: one model syncs what changed. */
  resync (accountId: string, kind: 'full' | 'incremental', target: string | undefined, now: number): SyncState[] {
    const account = this.#account(accountId)
    const states = this.#d.db.transaction(() => this.#runs.fresh(account, now))()
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
        this.#runs.begin(account, s, kind === 'full' ? 'full' : (s.isInitialSync ? 'initial' : 'incremental'), now)
      }
    })()
    const ids = new Set(affected.map((s) => s.modelId))
    return this.states(accountId).filter((s) => ids.has(s.modelId))
  }

  /** Reset: the accounts are gone; the tenants' intervals go too. */
  clear (): void {
    this.#runs.forgetCaches()
    this.#d.repo.clear()
  }

  /** Drops the accounts kept in memory (a tenant's rows were deleted under them). */
  forgetCaches (): void {
    this.#runs.forgetCaches()
    this.#d.repo.forgetAll()
  }

  #account (accountId: string): SyncAccount {
    const account = this.#runs.lookup(accountId)
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

  #ensureStates (accountId: string, category: string, now: number): void {
    const { repo, data } = this.#d
    if (repo.count(accountId) > 0) return
    repo.addAccount(accountId, now)
    const disabled = new Set(repo.disabledModels(accountId))
    data.models(category).forEach((m, i) => {
      repo.addModel(accountId, m.modelId, m.modelName, i, !disabled.has(m.modelId))
    })
  }
}
