import { formatMicros } from '../../../core/timestamps.js'
import type { SyncBefore } from '../../base/dialect/journal-recorder.js'
import type { SyncStatusRecord, TenantSyncSummary } from './schemas.js'
import { SYNC_STATUSES, type SyncState } from './sync-state.js'
import type { SyncService } from './sync-service.js'

// Every time in a record has the same microsecond precision as the records' modified_at (as the real service shows).
const fromMs = (ms: number | null): string | null => (ms === null ? null : formatMicros(ms * 1000))
const fromUs = (us: number | null): string | null => (us === null ? null : formatMicros(us))

export function syncStatusRecord (s: SyncState): SyncStatusRecord {
  return {
    model_name: s.modelName,
    model_id: s.modelId,
    last_sync_start: fromMs(s.lastSyncStart),
    next_sync_start: fromMs(s.nextSyncStart),
    last_sync_result: s.lastSyncResult,
    last_sync_finished: fromUs(s.lastSyncFinished),
    status: s.status,
    is_initial_sync: s.isInitialSync
  }
}

/** How many models of each account are in each sync status: GET /_unimock/sync/summary's answer. */
export function syncSummary (sync: SyncService, accountIds: readonly string[]): TenantSyncSummary {
  return {
    results: accountIds.map((id) => {
      const counts = Object.fromEntries(SYNC_STATUSES.map((s) => [s, 0])) as Record<typeof SYNC_STATUSES[number], number>
      for (const s of sync.states(id)) counts[s.status]++
      return { linked_account_id: id, paused: sync.paused(id), status_counts: counts }
    })
  }
}

/** What a resync found, for the journal: how many enabled models were initial, failed, partial, paused or running. */
export function resyncStartingPoint (states: readonly SyncState[]): SyncBefore {
  let models = 0; let initial = 0; let failed = 0; let partial = 0; let paused = 0; let syncing = 0
  for (const s of states) {
    if (!s.enabled) continue
    models++
    if (s.isInitialSync) initial++
    if (s.status === 'FAILED' || s.lastSyncResult === 'FAILED') failed++
    if (s.status === 'PARTIALLY_SYNCED' || s.lastSyncResult === 'PARTIALLY_SYNCED') partial++
    if (s.status === 'PAUSED') paused++
    if (s.status === 'SYNCING') syncing++
  }
  return { models, initial, failed, partial, paused, syncing }
}
