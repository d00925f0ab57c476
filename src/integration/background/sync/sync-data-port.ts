import type { SyncKind } from './sync-state.js'

export interface SyncModel {
  readonly modelId: string
  readonly modelName: string
}

export interface SyncPass {
  readonly accountId: string
  readonly category: string
  readonly modelId: string
  readonly kind: SyncKind
  /** 1-based: pass `pass` of `passes` of this run. */
  readonly pass: number
  readonly passes: number
  /** PARTIALLY_SYNCED: write only part of what changed (or of the fields). */
  readonly partial: boolean
  readonly now: number
}

/** What a pass wrote: its fields, and the stamp of its last record (null: it wrote none). */
export interface PassWritten {
  readonly syncedFields: readonly string[]
  readonly stampUs: number | null
}

/**
 * What the sync scheduler needs from the simulated third-party data, and nothing more: which models a
 * category has, how big a model is (a bigger model takes longer to sync), and writing one pass of a run.
 * A pass runs inside the scheduler's transaction; it must be synchronous.
 */
export interface SyncDataPort {
  models(category: string): readonly SyncModel[]
  volume(accountId: string, category: string, modelId: string): number
  /** The fields a complete pass of the model writes (a {Model}.synced event's synced_fields). */
  fields(modelId: string): readonly string[]
  /** Writes what this pass makes visible, with modified_at = `now`; returns the fields it wrote. */
  pass(request: SyncPass): PassWritten
  /**
   * The `last_sync_finished` of a run ending at `now`, in epoch MICROseconds: later than the modified_at of
   * every record of the account written so far, so a client using it as modified_before never misses a
   * record of that run.
   */
  finishStamp(accountId: string, now: number): number
}
