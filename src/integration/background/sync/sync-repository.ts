import type { Db } from '../../../store/database.js'
import type { SyncKind, SyncOutcome, SyncState, SyncStatus } from './sync-state.js'

/**
 * The columns of a state, read as arrays: better-sqlite3 builds a row object key by key, which cost more than
 * the query on the paths that read many states (GET /_unimock/sync reads every model of every account).
 */
const STATE = `linked_account_id, model_id, model_name, position, enabled, status, is_initial_sync, last_sync_start,
  next_sync_start, last_sync_finished, last_sync_result, run_kind, run_passes, run_done, run_outcome, run_ends, run_finish_us,
  preset_result, preset_duration`
/** Where the columns a query adds after a state begin. */
const STATE_COLUMNS = STATE.split(',').length

type StateRow = [
  accountId: string, modelId: string, modelName: string, position: number, enabled: number, status: SyncStatus,
  isInitialSync: number, lastSyncStart: number | null, nextSyncStart: number | null, lastSyncFinished: number | null,
  lastSyncResult: SyncOutcome | null, runKind: SyncKind | null, runPasses: number | null, runDone: number | null,
  runOutcome: SyncOutcome | null, runEnds: number | null, runFinishUs: number | null, presetResult: SyncOutcome | null,
  presetDuration: number | null
]

const toState = (r: StateRow): SyncState => ({
  accountId: r[0],
  modelId: r[1],
  modelName: r[2],
  position: r[3],
  enabled: r[4] === 1,
  status: r[5],
  isInitialSync: r[6] === 1,
  lastSyncStart: r[7],
  nextSyncStart: r[8],
  lastSyncFinished: r[9],
  lastSyncResult: r[10],
  run: r[11] === null ? null : { kind: r[11], passes: r[12]!, done: r[13]!, outcome: r[14]!, ends: r[15]!, finishUs: r[16] },
  presetResult: r[17],
  presetDuration: r[18]
})

export interface AccountSyncRow {
  readonly paused: boolean
  readonly pausedReason: string | null
  readonly lastRequestAt: number
}

/**
 * The SQL of sync state. Statements are prepared once: a simulated day runs hundreds of thousands of syncs.
 * Parameters compared in WHERE clauses are written `+?`: SQLite (built with STAT4) plans a statement again
 * on every new binding of a parameter compared to an indexed column: 10 µs a call planned again for the
 * three-table read of a scheduled start, 2 µs not. The unary plus changes nothing in the value and keeps the
 * same plan (EXPLAIN QUERY PLAN).
 */
export class SyncRepository {
  readonly #insertState
  readonly #state
  readonly #stateAndAccount
  readonly #states
  readonly #page
  readonly #count
  readonly #save
  readonly #saveFinished
  readonly #settlingRuns
  readonly #preset
  readonly #insertAccount
  readonly #account
  readonly #touch
  readonly #setPaused
  readonly #interval
  readonly #setInterval
  readonly #roundOpen
  readonly #closeRound
  readonly #clear
  readonly #setScope
  readonly #scope
  readonly #modelEnabled
  readonly #activeAccounts
  readonly #db: Db
  /**
   * What every request with an account token reads (its activity row) and every write asks (whether the model
   * syncs), kept per account. Each statement here that changes them drops the account's entry; rows deleted
   * by cascade are dropped by forget and forgetAll. Filled outside transactions only, so a rollback cannot
   * leave a value that never was.
   */
  readonly #accounts = new Map<string, AccountSyncRow | undefined>()
  readonly #enabled = new Map<string, Map<string, boolean | undefined>>()

  constructor (db: Db) {
    this.#db = db
    this.#insertState = db.prepare(`INSERT OR IGNORE INTO sync_states (linked_account_id, model_id, model_name, position, enabled, status, is_initial_sync)
      VALUES (?, ?, ?, ?, ?, ?, 1)`)
    this.#state = db.prepare(`SELECT ${STATE} FROM sync_states WHERE linked_account_id = +? AND model_id = +?`).raw(true)
    // A scheduled start needs all three, and whether the credentials were refused (the linked account's own
    // status): one statement rather than two, on the path every sync of a simulated day takes.
    this.#stateAndAccount = db.prepare(`SELECT ${STATE.split(/,\s*/).map((c) => `s.${c}`).join(', ')},
      a.paused, a.paused_reason, a.last_request_at, l.status = 'RELINK_NEEDED'
      FROM sync_states s JOIN sync_accounts a ON a.linked_account_id = s.linked_account_id JOIN linked_accounts l ON l.id = s.linked_account_id
      WHERE s.linked_account_id = +? AND s.model_id = +?`).raw(true)
    this.#states = db.prepare(`SELECT ${STATE} FROM sync_states WHERE linked_account_id = +? ORDER BY position`).raw(true)
    this.#page = db.prepare(`SELECT ${STATE} FROM sync_states WHERE linked_account_id = +? AND position > +? ORDER BY position LIMIT +?`).raw(true)
    this.#count = db.prepare('SELECT count(*) FROM sync_states WHERE linked_account_id = +?').pluck()
    const columns = `enabled = ?, status = ?, is_initial_sync = ?, last_sync_start = ?, next_sync_start = ?, last_sync_finished = ?,
      last_sync_result = ?, run_kind = ?, run_passes = ?, run_done = ?, run_outcome = ?, run_ends = ?, run_finish_us = ?,
      preset_result = ?, preset_duration = ?`
    this.#save = db.prepare(`UPDATE sync_states SET ${columns} WHERE linked_account_id = +? AND model_id = +?`)
    this.#saveFinished = db.prepare(`UPDATE sync_states SET ${columns}, round_done = 1 WHERE linked_account_id = +? AND model_id = +?`)
    this.#settlingRuns = db.prepare(`SELECT linked_account_id, model_id, run_ends FROM sync_states
      WHERE run_kind IS NOT NULL AND run_finish_us IS NOT NULL AND run_done = run_passes AND run_ends > +?`)
    this.#preset = db.prepare('UPDATE sync_states SET preset_result = ?, preset_duration = ? WHERE linked_account_id = +? AND model_id = +?')
    this.#insertAccount = db.prepare('INSERT OR IGNORE INTO sync_accounts (linked_account_id, last_request_at) VALUES (?, ?)')
    this.#account = db.prepare('SELECT paused, paused_reason, last_request_at FROM sync_accounts WHERE linked_account_id = +?')
    this.#touch = db.prepare('UPDATE sync_accounts SET last_request_at = ? WHERE linked_account_id = +?')
    this.#setPaused = db.prepare('UPDATE sync_accounts SET paused = ?, paused_reason = ? WHERE linked_account_id = +?')
    this.#interval = db.prepare('SELECT interval_ms FROM sync_settings WHERE tenant_id = +?').pluck()
    this.#setInterval = db.prepare(`INSERT INTO sync_settings (tenant_id, interval_ms) VALUES (?, ?)
      ON CONFLICT (tenant_id) DO UPDATE SET interval_ms = excluded.interval_ms`)
    this.#roundOpen = db.prepare(`SELECT count(*) FROM sync_states WHERE linked_account_id = +? AND enabled = 1
      AND (run_kind IS NOT NULL OR round_done = 0)`).pluck()
    this.#closeRound = db.prepare('UPDATE sync_states SET round_done = 0 WHERE linked_account_id = +?')
    this.#clear = db.prepare('DELETE FROM sync_settings')
    this.#setScope = db.prepare(`INSERT INTO sync_scopes (linked_account_id, disabled_models) VALUES (?, ?)
      ON CONFLICT (linked_account_id) DO UPDATE SET disabled_models = excluded.disabled_models`)
    this.#scope = db.prepare('SELECT disabled_models FROM sync_scopes WHERE linked_account_id = +?').pluck()
    // The states of an account name its category's models only, so the model's name is enough.
    this.#modelEnabled = db.prepare('SELECT enabled FROM sync_states WHERE linked_account_id = +? AND model_name = +?').pluck()
    this.#activeAccounts = db.prepare(`SELECT a.linked_account_id FROM sync_accounts a JOIN linked_accounts l ON l.id = a.linked_account_id
      WHERE l.tenant_id = +? AND a.paused = 0 ORDER BY l.seq`).pluck()
  }

  addModel (accountId: string, modelId: string, modelName: string, position: number, enabled: boolean): void {
    this.#enabled.delete(accountId)
    this.#insertState.run(accountId, modelId, modelName, position, enabled ? 1 : 0, enabled ? 'SYNCING' : 'DISABLED')
  }

  state (accountId: string, modelId: string): SyncState | undefined {
    const row = this.#state.get(accountId, modelId) as StateRow | undefined
    return row === undefined ? undefined : toState(row)
  }

  /** A model's state and its account's pause and activity in one read: what a scheduled start needs. */
  stateAndAccount (accountId: string, modelId: string): { state: SyncState, account: AccountSyncRow, needsRelink: boolean } | undefined {
    const row = this.#stateAndAccount.get(accountId, modelId) as unknown[] | undefined
    if (row === undefined) return undefined
    const at = STATE_COLUMNS
    return {
      state: toState(row as StateRow),
      account: { paused: row[at] === 1, pausedReason: row[at + 1] as string | null, lastRequestAt: row[at + 2] as number },
      needsRelink: row[at + 3] === 1
    }
  }

  states (accountId: string): SyncState[] {
    return (this.#states.all(accountId) as StateRow[]).map(toState)
  }

  /** Whether the account's model may sync, or undefined when the account has no state for it. */
  modelEnabled (accountId: string, modelName: string): boolean | undefined {
    const known = this.#enabled.get(accountId)
    if (known?.has(modelName) === true) return known.get(modelName)
    const row = this.#modelEnabled.get(accountId, modelName) as number | undefined
    const enabled = row === undefined ? undefined : row === 1
    if (!this.#db.inTransaction) {
      if (known === undefined) this.#enabled.set(accountId, new Map([[modelName, enabled]]))
      else known.set(modelName, enabled)
    }
    return enabled
  }

  page (accountId: string, afterPosition: number, limit: number): SyncState[] {
    return (this.#page.all(accountId, afterPosition, limit) as StateRow[]).map(toState)
  }

  count (accountId: string): number {
    return this.#count.get(accountId) as number
  }

  /**
   * Writes a model's state as the state machine left it. `finished`: a run just finished, which counts
   * towards the account's round (see closeRoundIfComplete).
   */
  save (s: SyncState, finished = false): void {
    this.#enabled.get(s.accountId)?.delete(s.modelName)
    const run = s.run
    ;(finished ? this.#saveFinished : this.#save).run(
      s.enabled ? 1 : 0, s.status, s.isInitialSync ? 1 : 0, s.lastSyncStart, s.nextSyncStart, s.lastSyncFinished, s.lastSyncResult,
      run?.kind ?? null, run?.passes ?? null, run?.done ?? null, run?.outcome ?? null, run?.ends ?? null, run?.finishUs ?? null,
      s.presetResult, s.presetDuration, s.accountId, s.modelId)
  }

  /** Runs that settle by themselves and have not ended at `now`: (account, model, end) of each. */
  settlingRuns (now: number): Array<{ accountId: string, modelId: string, ends: number }> {
    return (this.#settlingRuns.all(now) as Array<{ linked_account_id: string, model_id: string, run_ends: number }>)
      .map((r) => ({ accountId: r.linked_account_id, modelId: r.model_id, ends: r.run_ends }))
  }

  preset (accountId: string, modelId: string, result: SyncOutcome | null, duration: number | null): void {
    this.#preset.run(result, duration, accountId, modelId)
  }

  addAccount (accountId: string, now: number): void {
    this.#accounts.delete(accountId)
    this.#insertAccount.run(accountId, now)
  }

  account (accountId: string): AccountSyncRow | undefined {
    if (this.#accounts.has(accountId)) return this.#accounts.get(accountId)
    const row = this.#account.get(accountId) as { paused: number, paused_reason: string | null, last_request_at: number } | undefined
    const account = row === undefined ? undefined : { paused: row.paused === 1, pausedReason: row.paused_reason, lastRequestAt: row.last_request_at }
    if (!this.#db.inTransaction) this.#accounts.set(accountId, account)
    return account
  }

  touch (accountId: string, now: number): void {
    this.#accounts.delete(accountId)
    this.#touch.run(now, accountId)
  }

  setPaused (accountId: string, paused: boolean, reason: string | null): void {
    this.#accounts.delete(accountId)
    this.#setPaused.run(paused ? 1 : 0, reason, accountId)
  }

  interval (tenantId: number): number | undefined {
    return this.#interval.get(tenantId) as number | undefined
  }

  setInterval (tenantId: number, ms: number): void {
    this.#setInterval.run(tenantId, ms)
  }

  /** The tenant's accounts that are not paused, oldest first. */
  activeAccounts (tenantId: number): string[] {
    return this.#activeAccounts.all(tenantId) as string[]
  }

  setDisabledModels (accountId: string, modelIds: readonly string[]): void {
    this.#setScope.run(accountId, JSON.stringify(modelIds))
  }

  disabledModels (accountId: string): string[] {
    const json = this.#scope.get(accountId) as string | undefined
    return json === undefined ? [] : JSON.parse(json) as string[]
  }

  /**
   * An account-wide sync has completed when every enabled model has finished a run since the last completion
   * and none is running; that closes the round. Models drift apart over periodic syncs, so "nothing is running
   * right now" alone would call every model's finish an account-wide completion.
   */
  closeRoundIfComplete (accountId: string): boolean {
    if ((this.#roundOpen.get(accountId) as number) > 0) return false
    this.#closeRound.run(accountId)
    return true
  }

  /** Sync states and account rows go with their accounts (ON DELETE CASCADE); settings are cleared here. */
  clear (): void {
    this.#clear.run()
    this.forgetAll()
  }

  /** The account's rows went (deleted with it, by cascade). */
  forget (accountId: string): void {
    this.#accounts.delete(accountId)
    this.#enabled.delete(accountId)
  }

  /** Rows of many accounts went (a tenant's world, a reset). */
  forgetAll (): void {
    this.#accounts.clear()
    this.#enabled.clear()
  }
}
