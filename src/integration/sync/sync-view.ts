import { formatMicros } from '../data/timestamps.js'
import type { SyncStatusRecord } from './schemas.js'
import type { SyncState } from './sync-state.js'

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
