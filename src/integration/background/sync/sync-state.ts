/** The sync status values of the spec and the real service (exactly six). */
export const SYNC_STATUSES = ['SYNCING', 'DONE', 'FAILED', 'DISABLED', 'PAUSED', 'PARTIALLY_SYNCED'] as const
export type SyncStatus = typeof SYNC_STATUSES[number]

/** How a run ends; presettable through the control API. */
export const SYNC_OUTCOMES = ['DONE', 'PARTIALLY_SYNCED', 'FAILED', 'PAUSED'] as const
export type SyncOutcome = typeof SYNC_OUTCOMES[number]

/**
 * initial: the first historical load, written in several passes; periodic: the scheduled sync, writing what
 * changed remotely; full: a FULL resync, writing the whole data set again; incremental: an INCREMENTAL resync.
 */
export type SyncKind = 'initial' | 'periodic' | 'full' | 'incremental'

export interface SyncState {
  readonly accountId: string
  readonly modelId: string
  readonly modelName: string
  readonly position: number
  readonly enabled: boolean
  readonly status: SyncStatus
  readonly isInitialSync: boolean
  readonly lastSyncStart: number | null
  readonly nextSyncStart: number | null
  /** Epoch microseconds (the data's stamp sequence); the other times are epoch milliseconds. */
  readonly lastSyncFinished: number | null
  readonly lastSyncResult: SyncOutcome | null
  readonly run: SyncRun | null
  readonly presetResult: SyncOutcome | null
  readonly presetDuration: number | null
}

export interface SyncRun {
  readonly kind: SyncKind
  readonly passes: number
  readonly done: number
  readonly outcome: SyncOutcome
  readonly ends: number
  /**
   * Set for a run written in full when it starts (done === passes): it finishes by itself at `ends`, and
   * reads see it finished from then on, with this last_sync_finished (epoch microseconds).
   */
  readonly finishUs: number | null
}
