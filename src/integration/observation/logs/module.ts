import type { DomainModule } from '../../../core/domain-module.js'
import type { SyncEvents } from '../../background/sync/sync-events.js'
import type { WebhookEvents } from '../../background/webhooks/webhook-events.js'
import { ActivityLog, type ActivityLogger } from './activity-log.js'

/** Log lines for the work on the clock (sync runs, webhook attempts), once the domains have reacted. */
export function logsModule (log: ActivityLogger): { module: DomainModule<SyncEvents & WebhookEvents> } {
  const activity = new ActivityLog(log)
  return {
    module: {
      react: (events) => {
        events.on('model-sync:stepped', (e) => { activity.syncStepped(e) })
        events.on('model-sync:finished', (e) => { activity.syncFinished(e) })
        events.on('webhook:attempted', (e) => { activity.webhookAttempted(e) })
      }
    }
  }
}
