import type { Clock } from '../../../core/clock.js'
import type { Ids } from '../../../core/ids.js'
import type { Db } from '../../../store/database.js'
import type { DomainModule } from '../../../core/domain-module.js'
import type { AccountEvents } from '../../base/accounts/account-events.js'
import type { RemoteEvents } from '../../third-party/remote/remote-events.js'
import type { RemoteKeyEvents } from '../remote-keys/remote-keys.js'
import type { ScopeEvents } from '../scopes/scope-events.js'
import type { WebhookReceiverEvents } from '../webhook-receivers/webhook-receivers.js'
import { AuditRepository } from './audit-repository.js'
import { AuditTrail } from './audit-trail.js'

/**
 * The audit trail records what the organization did, in the transaction of each change: its wording of each
 * domain's event lives here, with the event types the real service names.
 */
export function auditTrailModule (d: { db: Db, clock: Clock, ids: Ids }): { audit: AuditTrail, module: DomainModule<AccountEvents & ScopeEvents & RemoteKeyEvents & WebhookReceiverEvents & RemoteEvents> } {
  const audit = new AuditTrail({ repo: new AuditRepository(d.db), clock: d.clock, ids: d.ids })
  return {
    audit,
    module: {
      react: (events) => {
        events.on('account:deleted', (e) => {
          audit.record(e.account.tenantId, 'DELETED_LINKED_ACCOUNT', `Deleted linked account ${e.account.id} (${e.account.integrationName ?? e.account.category}, end user ${e.account.endUserOriginId}).`, e.at)
        })
        events.on('scopes:changed', (e) => {
          const models = e.models.map((m) => `${e.category}.${m}`).join(', ')
          audit.record(e.tenantId, 'CHANGED_SCOPES', e.accountId === null
            ? `Changed the organization-wide default scopes of ${models}.`
            : `Changed the common model scopes of ${models} for linked account ${e.accountId}.`, e.at)
        })
        events.on('remote-key:generated', (e) => {
          audit.record(e.tenantId, e.regenerated ? 'REGENERATED_PRODUCTION_API_KEY' : 'CREATED_REMOTE_PRODUCTION_API_KEY', `${e.regenerated ? 'Regenerated' : 'Created'} the remote production API key "${e.name}".`, e.at)
        })
        events.on('webhook-receiver:changed', (e) => {
          audit.record(e.tenantId, e.isActive ? 'ENABLED_MERGE_WEBHOOK' : 'DISABLED_MERGE_WEBHOOK', `${e.change === 'created' ? 'Added' : 'Changed'} the ${e.event} webhook receiver of linked account ${e.accountId} (${e.isActive ? 'active' : 'inactive'}).`, e.at)
        })
        events.on('field-mapping:changed', (e) => {
          const verb = e.change === 'created' ? 'CREATED' : e.change === 'updated' ? 'CHANGED' : 'DELETED'
          const scope = e.accountId === null ? 'INTEGRATION_WIDE' : 'LINKED_ACCOUNT'
          audit.record(e.tenantId, `${verb}_${scope}_FIELD_MAPPING`, `${verb.charAt(0) + verb.slice(1).toLowerCase()} field mapping ${e.mappingId}${e.accountId === null ? '' : ` of linked account ${e.accountId}`}.`, e.at)
        })
      },
      reset: () => { audit.clear() }
    }
  }
}
