import type { AccountEvents } from './accounts/account-events.js'
import type { LinkEvents } from './link/link-events.js'
import type { SyncEvents } from './sync/sync-events.js'
import type { WebhookEvents } from './webhooks/webhook-events.js'

/**
 * The one map of the unified service's domain events, name → payload:
 *
 *   'link:requested'            a link token was created (the account's model scope)  link/link-events.ts
 *   'account:linked'            an account finished linking, or relinking             accounts/account-events.ts
 *   'account:deleted'           an account is being deleted (its last state)          accounts/account-events.ts
 *   'account:webhook-received'  its third party pushed a webhook to its listener URL  accounts/account-events.ts
 *   'model-sync:finished'       a model's sync run finished                           sync/sync-events.ts
 *   'webhook-target:added'      a tenant got a webhook target                         webhooks/webhook-events.ts
 *   'webhook-delivery:attempted' a delivery was attempted and its new state recorded  webhooks/webhook-events.ts
 *
 * Each domain declares its entries next to the code that emits them, so no domain imports another's
 * events (nor this file); the next ones join the same way ('record:written' for writes, issues, the audit
 * trail, field mappings). Events are emitted synchronously inside the transaction of the change
 * (core/events.ts); the listeners that connect domains are registered in compose.ts, and anything above
 * the domains (an admin or UI plugin, a live dashboard) subscribes through UnifiedService.events.
 */
export type DomainEvents = AccountEvents & LinkEvents & SyncEvents & WebhookEvents
