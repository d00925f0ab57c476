import type { SyncState } from '../../../src/integration/background/sync/sync-state.js'

/** A model's sync state before its first run: where the pure tests of the machine and its steps start. */
export const idle: SyncState = {
  accountId: 'a1',
  modelId: 'hris.Employee',
  modelName: 'Employee',
  position: 0,
  enabled: true,
  status: 'SYNCING',
  isInitialSync: true,
  lastSyncStart: null,
  nextSyncStart: null,
  lastSyncFinished: null,
  lastSyncResult: null,
  run: null,
  presetResult: null,
  presetDuration: null
}
