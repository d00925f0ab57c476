import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context.js'
import { named } from '../http/plugin-name.js'
import type { AccountService } from './base/accounts/account-service.js'
import { requestAccount, type UnifiedAuth } from './base/accounts/request-auth.js'
import { accountRoutes } from './base/accounts/routes.js'
import { installTenantTime } from './base/accounts/tenant-time.js'
import { webhookListenerRoutes } from './base/accounts/webhook-listener.js'
import type { AuditTrail } from './service/audit-trail/audit-trail.js'
import { auditTrailRoutes } from './service/audit-trail/routes.js'
import { AvailableActionsService } from './service/available-actions/available-actions.js'
import { availableActionsRoutes } from './service/available-actions/routes.js'
import { controlRoutes } from './control/linked-accounts/control-routes.js'
import type { CustomObjects } from './service/custom-objects/custom-objects.js'
import { customObjectRoutes } from './service/custom-objects/routes.js'
import type { Catalogue } from './base/catalogue/catalogue.js'
import { dataControlRoutes } from './third-party/data/routes/control-routes.js'
import { groupTypesRoute } from './third-party/data/routes/group-types-route.js'
import { liveSearchRoute } from './third-party/data/routes/live-search-route.js'
import { nestedListRoutes } from './third-party/data/routes/nested-list-routes.js'
import { dataRoutes } from './third-party/data/routes/data-routes.js'
import { DataSchemas } from './base/dialect/model-schemas.js'
import type { DataService } from './third-party/data/service.js'
import { subObjectRoutes } from './third-party/data/routes/sub-object-routes.js'
import { installFaultHooks } from './control/faults/fault-hooks.js'
import type { FaultService } from './control/faults/fault-service.js'
import { faultRoutes } from './control/faults/control-routes.js'
import { installLenientJson } from './base/dialect/lenient-json.js'
import { redactingLogSerializers as logSerializers } from './base/dialect/log-serializers.js'
import type { Issues } from './background/issues/issues.js'
import { issueRoutes } from './background/issues/routes.js'
import { installJournal, type JournalStore } from './observation/journal/index.js'
import type { LinkService } from './service/link/link-service.js'
import { linkRoutes } from './service/link/routes.js'
import type { LinkWidgetPort } from './service/link/widget-port.js'
import { downloadRoutes } from './third-party/remote/download-routes.js'
import { fieldMappingRoutes } from './third-party/field-mappings/routes.js'
import type { FieldMappings } from './third-party/field-mappings/field-mappings.js'
import type { remoteModule } from './third-party/remote/module.js'
import { passthroughPresetRoutes } from './third-party/remote/control-routes.js'
import { remoteFieldClassRoutes } from './third-party/remote/remote-field-class-routes.js'
import { remoteRoutes } from './third-party/remote/routes.js'
import type { RemoteKeys } from './service/remote-keys/remote-keys.js'
import { remoteKeyRoutes } from './service/remote-keys/routes.js'
import { reportRoutes } from './observation/report/control-routes.js'
import type { scenariosModule } from './control/scenarios/module.js'
import { scenarioRoutes } from './control/scenarios/control-routes.js'
import { scopeRoutes } from './service/scopes/routes.js'
import type { ScopeService } from './service/scopes/scope-service.js'
import { syncControlRoutes } from './background/sync/control-routes.js'
import type { SyncParts } from './background/sync/module.js'
import { installSyncRequestHooks } from './background/sync/request-hooks.js'
import { syncRoutes } from './background/sync/routes.js'
import type { TenantService } from './base/tenants/tenant-service.js'
import { webhookReceiverRoutes } from './service/webhook-receivers/routes.js'
import type { WebhookReceivers } from './service/webhook-receivers/webhook-receivers.js'
import type { webhookDeliveryModule } from './background/webhooks/module.js'
import { webhookRoutes } from './background/webhooks/control-routes.js'
import type { WebhookTargets } from './background/webhooks/targets.js'
import { widgetRoutes } from './service/widget/routes.js'
import { asWriteAccount, type WriteParts } from './service/writes/module.js'
import { writeControlRoutes } from './service/writes/control-routes.js'
import { writeRoutes } from './service/writes/routes.js'
import { MetaBuilder } from './service/writes/meta.js'
import { WriteSchemas } from './service/writes/schemas.js'

/** The services the routes and hooks are handed, as the composition root built them. */
export interface RouteServices {
  readonly catalogue: Catalogue
  readonly auth: UnifiedAuth
  readonly tenants: TenantService
  readonly accounts: AccountService
  readonly link: { readonly link: LinkService, readonly widgetPort: LinkWidgetPort }
  readonly data: DataService
  readonly remote: ReturnType<typeof remoteModule>
  readonly fieldMappings: FieldMappings
  readonly customObjects: CustomObjects
  readonly remoteKeys: RemoteKeys
  readonly receivers: WebhookReceivers
  readonly audit: AuditTrail
  readonly issues: Issues
  readonly scopes: ScopeService
  readonly sync: SyncParts
  readonly writes: WriteParts
  readonly targets: WebhookTargets
  readonly webhooks: ReturnType<typeof webhookDeliveryModule>
  readonly faults: FaultService
  readonly scenarios: ReturnType<typeof scenariosModule>
  readonly journal: JournalStore
}

/**
 * The unified service's HTTP side: root hooks, then each plugin handed only what it uses. Root hooks run in the
 * order added: the tenant's time first, then the sync hook (activity, rate limit), the journal's next (so a
 * faulted request is journaled like any other), the faults' last. Routes load when the app starts, after all
 * of this, so every unified route gets the fault check; their order here is the OpenAPI document's.
 */
export function registerUnifiedRoutes (app: FastifyInstance, context: AppContext, s: RouteServices): void {
  const { clock, config, interfaces } = context
  const { auth, accounts, catalogue, data } = s
  const { sync, history, limiter, fullResyncs, fullResyncWindowMs } = s.sync
  const { passthrough, presets: passthroughPresets, asyncPassthroughs, downloads } = s.remote
  const accountId = (request: Parameters<typeof requestAccount>[0]): string => requestAccount(request).account.id
  const now = (): number => clock.now()

  // After the scheduler has started (app.ts): deliveries interrupted by a stop go out again.
  app.addHook('onReady', async () => { s.webhooks.dispatcher.resume() })
  app.addHook('onClose', async () => { await s.webhooks.dispatcher.close() })
  installTenantTime(app, clock)
  installSyncRequestHooks(app, { sync, clock, limiter, rateLimit: config.rateLimit })

  // Tokens travel in some paths (account-token/{public_token}); request logs show them redacted.
  void app.register(named('linkRoutesScope', async (api) => {
    installLenientJson(api)
    await api.register(named('linkRoutes', linkRoutes), { auth, link: s.link.link })
    await api.register(named('accountRoutes', accountRoutes), { auth, accounts })
    await api.register(named('scopeRoutes', scopeRoutes), { auth, scopes: s.scopes })
    await api.register(named('availableActionsRoutes', availableActionsRoutes), { auth, actions: new AvailableActionsService(catalogue) })
    await api.register(named('remoteKeyRoutes', remoteKeyRoutes), { auth, keys: s.remoteKeys })
    await api.register(named('webhookReceiverRoutes', webhookReceiverRoutes), { auth, receivers: s.receivers })
    await api.register(named('auditTrailRoutes', auditTrailRoutes), { auth, audit: s.audit })
    await api.register(named('issueRoutes', issueRoutes), { auth, issues: s.issues })
  }), { logSerializers })
  void app.register(named('controlRoutes', controlRoutes), { prefix: '/_unimock', auth, accounts, link: s.link.link, deliveredEvents: (tenantId) => s.webhooks.fanOut.deliveredEvents(tenantId), logSerializers })
  void app.register(named('widgetRoutes', widgetRoutes), { prefix: '/link', port: s.link.widgetPort, interfaces, logSerializers })
  void app.register(named('dataRoutes', dataRoutes), {
    data, authenticate: auth.account, accountId, disabledFields: (id, modelName) => s.scopes.disabledFields(id, modelName)
  })
  void app.register(named('groupTypesRoute', groupTypesRoute), { catalogue, authenticate: auth.tenant })
  void app.register(named('liveSearchRoute', liveSearchRoute), { data, authenticate: auth.account, accountId })
  void app.register(named('nestedListRoutes', nestedListRoutes), { data, authenticate: auth.account, accountId })
  void app.register(named('subObjectRoutes', subObjectRoutes), { data, authenticate: auth.account, accountId })
  void app.register(named('customObjectRoutesScope', async (api) => {
    installLenientJson(api)
    await api.register(named('customObjectRoutes', customObjectRoutes), { customObjects: s.customObjects, authenticate: auth.account, account: (request) => requestAccount(request).account })
  }))
  void app.register(named('writeRoutesScope', async (api) => {
    installLenientJson(api)
    const { writes, writeSurface, batches, idempotency } = s.writes
    await api.register(named('writeRoutes', writeRoutes), {
      writes,
      operations: writeSurface.operations,
      schemas: WriteSchemas.of(writeSurface),
      dataSchemas: DataSchemas.of(catalogue),
      meta: new MetaBuilder(writeSurface),
      sleep: (ms) => clock.sleep(ms),
      batches,
      idempotency,
      now,
      authenticate: auth.account,
      account: (request) => asWriteAccount(requestAccount(request).account)
    })
  }))
  void app.register(named('passthroughPresetRoutes', passthroughPresetRoutes), { prefix: '/_unimock', auth, presets: passthroughPresets, now })
  void app.register(named('writeControlRoutes', writeControlRoutes), { prefix: '/_unimock', auth, presets: s.writes.presets, now, knownModel: (id) => catalogue.byId(id) !== undefined })
  void app.register(named('remoteRoutesScope', async (api) => {
    installLenientJson(api)
    await api.register(named('remoteRoutes', remoteRoutes), {
      authenticate: auth.account,
      account: (request) => { const { tenant, account } = requestAccount(request); return { tenantId: tenant.id, account } },
      passthrough,
      asyncPassthroughs
    })
  }), { logSerializers })
  void app.register(named('remoteFieldClassRoutes', remoteFieldClassRoutes), { authenticate: auth.account, catalogue })
  void app.register(named('fieldMappingRoutesScope', async (api) => {
    installLenientJson(api)
    await api.register(named('fieldMappingRoutes', fieldMappingRoutes), {
      authenticate: auth.account,
      account: (request) => { const { tenant, account } = requestAccount(request); return { tenantId: tenant.id, id: account.id, category: account.category } },
      mappings: s.fieldMappings
    })
  }))
  void app.register(named('downloadRoutes', downloadRoutes), { authenticate: auth.account, accountId, downloads, data })
  void app.register(named('dataControlRoutes', dataControlRoutes), { prefix: '/_unimock', auth, accounts, data, clock })
  void app.register(named('syncRoutesScope', async (api) => {
    installLenientJson(api)
    await api.register(named('syncRoutes', syncRoutes), { auth, sync, clock, fullResyncs, fullResyncWindowMs })
  }))
  void app.register(named('syncControlRoutes', syncControlRoutes), {
    prefix: '/_unimock', auth, accounts, sync, history, clock, modelEnabled: (id, modelId, enabled) => { s.scopes.setOwnRead(id, modelId, enabled) }
  })
  void app.register(named('webhookRoutes', webhookRoutes), {
    prefix: '/_unimock', auth, accounts, targets: s.targets, keys: s.webhooks.keys, fanOut: s.webhooks.fanOut, faults: s.webhooks.faults, syncStates: (id) => sync.states(id), clock
  })
  // The listener URL's last segment is a secret of the account: request logs show it redacted.
  void app.register(named('webhookListenerRoutes', webhookListenerRoutes), { accounts, logSerializers })
  installJournal(app, context, s.journal, { auth, tenants: s.tenants, link: s.link.link })
  installFaultHooks(app, { faults: s.faults, interfaces })
  void app.register(named('faultRoutes', faultRoutes), { prefix: '/_unimock', auth, faults: s.faults })
  void app.register(named('reportRoutes', reportRoutes), { prefix: '/_unimock', auth, sources: { journal: s.journal, accounts, sync, webhooks: s.webhooks.fanOut }, clock })
  void app.register(named('scenarioRoutes', scenarioRoutes), { prefix: '/_unimock', auth, runner: s.scenarios.runner, library: s.scenarios.library, clock })
}
