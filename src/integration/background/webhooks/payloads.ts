import { accountDetails } from '../../base/accounts/account-views.js'
import type { LinkedAccount } from '../../base/accounts/linked-account.js'
import type { SyncState } from '../sync/sync-state.js'
import { syncStatusRecord } from '../sync/sync-view.js'
import type { DeletedData, LinkedData, ModelSyncedData, SyncCompletedData } from './payload-schemas.js'

/**
 * The `data` of every event, in the real service's shapes (facts §10; their schemas: payload-schemas.ts).
 * last_sync_finished comes from the same view as sync-status, so a payload and a sync-status call made at
 * that moment answer the same value.
 */
export function linkedAccountObject (account: LinkedAccount, origin: string): Record<string, unknown> {
  return { ...accountDetails(account, origin) }
}

export function linkedData (account: LinkedAccount, isRelink: boolean): LinkedData {
  return { is_relink: isRelink, integration_name: account.integrationName, integration_id: account.integrationSlug }
}

export function deletedData (account: LinkedAccount): DeletedData {
  return { integration_name: account.integrationName, integration_id: account.integrationSlug }
}

export function modelSyncedData (account: LinkedAccount, state: SyncState, syncedFields: readonly string[]): ModelSyncedData {
  return {
    integration_name: account.integrationName,
    integration_id: account.integrationSlug,
    synced_fields: [...syncedFields],
    sync_status: syncStatusRecord(state)
  }
}

/** sync_status keyed by model_id, for the enabled models (a DISABLED model takes no part in the account's sync). */
export function syncCompletedData (account: LinkedAccount, states: readonly SyncState[], isInitialSync: boolean): SyncCompletedData {
  const status: SyncCompletedData['sync_status'] = {}
  for (const s of states) {
    if (!s.enabled) continue
    const r = syncStatusRecord(s)
    status[s.modelId] = { last_sync_finished: r.last_sync_finished, last_sync_result: r.last_sync_result }
  }
  return {
    is_initial_sync: isInitialSync,
    integration_name: account.integrationName,
    integration_id: account.integrationSlug,
    sync_status: status
  }
}
