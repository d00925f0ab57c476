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
 * The one map of the unified service's domain events, name → payload, by the file that declares them
 * (test/architecture/domain-events.test.ts holds this table to those files):
 *
 *   base/accounts/account-events.ts
 *     'account:linked'              an account finished linking, or relinking
 *     'account-token:regenerated'   an account's token was replaced
 *     'account:relink-needed'       an account's credentials stopped working
 *     'account:deleted'             an account is being deleted (its last state)
 *     'account:webhook-received'    its third party pushed a webhook to its listener URL
 *   base/tenants/tenant-events.ts
 *     'tenant:evicted'              an API key's world went to make room beyond --max-tenants
 *   third-party/remote/remote-events.ts
 *     'field-mapping:changed'       a field mapping was created, updated or deleted
 *     'async-passthrough:resolved'  an async passthrough's answer is ready
 *   service/link/link-events.ts
 *     'link:requested'              a link token was created (the account's model scope)
 *   service/scopes/scope-events.ts
 *     'scopes:changed'              an account's or the default common model scopes changed
 *   service/remote-keys/remote-keys.ts
 *     'remote-key:generated'        a remote key was generated or regenerated
 *   service/webhook-receivers/webhook-receivers.ts
 *     'webhook-receiver:changed'    an account's third-party webhook receiver changed
 *   service/writes/write-events.ts
 *     'record:written'              a record was created, changed or ignored via the API
 *     'write:failed'                the simulated third party refused a write (a preset)
 *     'write:async-completed'       a deferred write (async task, bulk batch) finished
 *   background/sync/sync-events.ts
 *     'model-sync:stepped'          a model's sync run started, or wrote a pass
 *     'model-sync:finished'         a model's sync run finished
 *   background/webhooks/webhook-events.ts
 *     'webhook-target:added'        a tenant got a webhook target
 *     'webhook:attempted'           a webhook delivery attempt was answered, or failed
 *   background/issues/issues.ts
 *     'issue:opened'                an issue opened (or reopened)
 *     'issue:resolved'              an issue resolved
 *
 * Each domain declares its entries next to the code that emits them and is handed an Emitter of those only,
 * so no domain imports this file; a domain that reacts to another's events (its module's `react`) imports
 * that domain's declaration of them. Events are emitted synchronously inside the transaction of the change
 * (core/events.ts); the listeners that connect domains are registered in compose.ts, and anything above the
 * domains (an admin or UI plugin, a live dashboard) subscribes through UnifiedService.events.
 */
export type DomainEvents = AccountEvents & LinkEvents & RemoteEvents & SyncEvents & WebhookEvents & WriteEvents & ScopeEvents & RemoteKeyEvents & WebhookReceiverEvents & IssueEvents & TenantEvents
