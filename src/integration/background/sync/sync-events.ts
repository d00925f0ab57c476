import type { SyncKind, SyncOutcome, SyncState } from './sync-state.js'

/** The account as the sync work needs it: what never changes for an account. */
export interface SyncAccount {
  readonly id: string
  readonly tenantId: number
  readonly category: string
}

/**
 * A run of one model finished. Emitted once per run, when it settles: at its end when the run has work at
 * its end (every initial or FULL run) or its tenant is observed (see SyncService), otherwise when the
 * model is next touched (its next start, or a change through the API).
 */
export interface ModelSyncFinished {
  readonly account: SyncAccount
  /** The model's state as the run left it, finished. */
  readonly state: SyncState
  readonly syncedFields: readonly string[]
  /**
   * With this finish, every enabled model has synced since the last account-wide completion and none is
   * running. Judged only at the instant a run ends (`onTime`): a finish noticed later cannot tell.
   */
  readonly accountSyncCompleted: boolean
  readonly wasInitialSync: boolean
  /** When the run ended. */
  readonly at: number
  /** Emitted at the run's end; false when the run settled by itself and was noticed later. */
  readonly onTime: boolean
}

/**
 * A step of a model's run before its end: it started, or an intermediate pass of a multi-pass run was
 * written. For logs and observers; nothing in the domains reacts to it.
 */
export interface ModelSyncStepped {
  readonly account: SyncAccount
  readonly modelName: string
  readonly kind: SyncKind
  readonly step: 'started' | 'pass'
  /** Passes written so far (0 when it started) out of `passes`. */
  readonly pass: number
  readonly passes: number
  readonly outcome: SyncOutcome
  /** When the run is due to end. */
  readonly ends: number
  readonly at: number
}

/** The sync domain's entries in the event map (integration/domain-events.ts). */
export interface SyncEvents {
  'model-sync:stepped': ModelSyncStepped
  'model-sync:finished': ModelSyncFinished
}
