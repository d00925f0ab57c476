import type { AccountEvents } from './base/accounts/account-events.js'
import type { IssueEvents } from './background/issues/issues.js'
import type { LinkEvents } from './service/link/link-events.js'
import type { RemoteEvents } from './third-party/remote/remote-events.js'
import type { RemoteKeyEvents } from './service/remote-keys/remote-keys.js'
import type { ScopeEvents } from './service/scopes/scope-events.js'
import type { WebhookReceiverEvents } from './service/webhook-receivers/webhook-receivers.js'
import type { SyncEvents } from './background/sync/sync-events.js'
import type { TenantEvents } from './base/tenants/tenant-events.js'
import type { WebhookEvents } from './background/webhooks/webhook-events.js'
import type { WriteEvents } from './service/writes/write-events.js'

/**
 * The one map of the unified service's domain events, name → payload:
 *
 *   'link:requested'            a link token was created (the account's model scope)  link/link-events.ts
 *   'account:linked'            an account finished linking, or relinking             accounts/account-events.ts
 *   'account:deleted'           an account is being deleted (its last state)          accounts/account-events.ts
 *   'account:webhook-received'  its third party pushed a webhook to its listener URL  accounts/account-events.ts
 *   'model-sync:stepped'        a model's sync run started, or wrote a pass           sync/sync-events.ts
 *   'model-sync:finished'       a model's sync run finished                           sync/sync-events.ts
 *   'webhook-target:added'      a tenant got a webhook target                         webhooks/webhook-events.ts
 *   'webhook:attempted'         a webhook delivery attempt was answered, or failed    webhooks/webhook-events.ts
 *   'record:written'            a record was created, changed or ignored via the API  writes/write-events.ts
 *   'write:failed'              the simulated third party refused a write (a preset)  writes/write-events.ts
 *   'field-mapping:changed'     a field mapping was created, updated or deleted       remote/remote-events.ts
 *   'scopes:changed'            an account's or the default common model scopes changed scopes/scope-events.ts
 *   'account-token:regenerated' an account's token was replaced                       accounts/account-events.ts
 *   'remote-key:generated'      a remote key was generated or regenerated             remote-keys/remote-keys.ts
 *   'webhook-receiver:changed'  an account's third-party webhook receiver changed     webhook-receivers/webhook-receivers.ts
 *   'account:relink-needed'     an account's credentials stopped working              accounts/account-events.ts
 *   'issue:opened' / 'issue:resolved'  an issue opened (or reopened) / resolved          issues/issues.ts
 *   'tenant:evicted'            an API key's world went to make room beyond --max-tenants tenants/tenant-events.ts
 *
 * Each domain declares its entries next to the code that emits them, so no domain imports another's
 * events (nor this file); the next ones join the same way ('record:written' for writes, issues, the audit
 * trail, field mappings). Events are emitted synchronously inside the transaction of the change
 * (core/events.ts); the listeners that connect domains are registered in compose.ts, and anything above
 * the domains (an admin or UI plugin, a live dashboard) subscribes through UnifiedService.events.
 */
export type DomainEvents = AccountEvents & LinkEvents & RemoteEvents & SyncEvents & WebhookEvents & WriteEvents & ScopeEvents & RemoteKeyEvents & WebhookReceiverEvents & IssueEvents & TenantEvents
