import { appError } from '../../../core/errors.js'
import type { LinkedAccount } from '../../base/accounts/linked-account.js'
import type { SyncState } from '../sync/sync-state.js'
import { deletedData, linkedData, modelSyncedData, syncCompletedData } from './payloads.js'
import { SYNCED_SUFFIX, webhookModelName } from './webhook-models.js'

/**
 * The data of an event fired on demand (POST /_unimock/webhooks/send), from the account's current state: the
 * same shape the event has when it happens by itself. A {Model}.synced sent on demand lists no synced_fields:
 * nothing was written.
 */
export function onDemandData (account: LinkedAccount, event: string, states: readonly SyncState[]): Record<string, unknown> {
  const models = states.map((s) => webhookModelName(account.category, s.modelName) + SYNCED_SUFFIX)
  const allowed = ['LinkedAccount.linked', 'LinkedAccount.sync_completed', 'LinkedAccount.deleted', ...models]
  if (!allowed.includes(event) && !(event.endsWith(SYNCED_SUFFIX) && states.length === 0 && !event.startsWith('LinkedAccount.'))) {
    throw appError('WEBHOOK_UNKNOWN_EVENT', { event, category: account.category, allowed: allowed.join(', ') })
  }
  if (event !== 'LinkedAccount.deleted' && account.completedAt === null) throw appError('WEBHOOK_ACCOUNT_NOT_LINKED', { id: account.id, event })
  if (event === 'LinkedAccount.linked') return linkedData(account, false)
  if (event === 'LinkedAccount.deleted') return deletedData(account)
  if (states.length === 0) throw appError('WEBHOOK_ACCOUNT_NOT_LINKED', { id: account.id, event })
  if (event === 'LinkedAccount.sync_completed') return syncCompletedData(account, states, states.some((s) => s.isInitialSync))
  const state = states.find((s) => webhookModelName(account.category, s.modelName) + SYNCED_SUFFIX === event)!
  return modelSyncedData(account, state, [])
}
