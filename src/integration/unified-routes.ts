import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context.js'
import { named } from '../http/plugin-name.js'
import type { AccountService } from './accounts/account-service.js'
import { requestAccount, type UnifiedAuth } from './accounts/request-auth.js'
import { accountRoutes } from './accounts/routes.js'
import { installTenantTime } from './accounts/tenant-time.js'
import { webhookListenerRoutes } from './accounts/webhook-listener.js'
import type { AuditTrail } from './audit-trail/audit-trail.js'
import { auditTrailRoutes } from './audit-trail/routes.js'
import { AvailableActionsService } from './available-actions/available-actions.js'
import { availableActionsRoutes } from './available-actions/routes.js'
import { controlRoutes } from './control/routes.js'
import type { CustomObjects } from './custom-objects/custom-objects.js'
import { customObjectRoutes } from './custom-objects/routes.js'
import type { Catalogue } from './data/catalogue/catalogue.js'
import { dataControlRoutes } from './data/routes/control-routes.js'
import { groupTypesRoute } from './data/routes/group-types-route.js'
import { liveSearchRoute } from './data/routes/live-search-route.js'
import { nestedListRoutes } from './data/routes/nested-list-routes.js'
import { dataRoutes } from './data/routes/data-routes.js'
import { DataSchemas } from './data/catalogue/schemas.js'
import type { DataService } from './data/service.js'
import { subObjectRoutes } from './data/routes/sub-object-routes.js'
import { installFaultHooks } from './faults/fault-hooks.js'
import type { FaultService } from './faults/fault-service.js'
import { faultRoutes } from './faults/routes.js'
import { installLenientJson } from './http/json-body.js'
import { redactingLogSerializers as logSerializers } from './http/redact.js'
import type { Issues } from './issues/issues.js'
import { issueRoutes } from './issues/routes.js'
import { installJournal, type JournalStore } from './journal/index.js'
import type { LinkService } from './link/link-service.js'
import { linkRoutes } from './link/routes.js'
import type { LinkWidgetPort } from './link/widget-port.js'
import { downloadRoutes } from './remote/download-routes.js'
import { fieldMappingRoutes } from './remote/field-mapping-routes.js'
import type { FieldMappings } from './remote/field-mappings.js'
import type { remoteModule } from './remote/module.js'
import { passthroughPresetRoutes } from './remote/passthrough-preset-routes.js'
import { remoteFieldClassRoutes } from './remote/remote-field-class-routes.js'
import { remoteRoutes } from './remote/routes.js'
import type { RemoteKeys } from './remote-keys/remote-keys.js'
import { remoteKeyRoutes } from './remote-keys/routes.js'
import { reportRoutes } from './report/routes.js'
import type { scenariosModule } from './scenarios/module.js'
import { scenarioRoutes } from './scenarios/routes.js'
import { scopeRoutes } from './scopes/routes.js'
import type { ScopeService } from './scopes/scope-service.js'
import { syncControlRoutes } from './sync/control-routes.js'
import type { SyncParts } from './sync/module.js'
import { installSyncRequestHooks } from './sync/request-hooks.js'
import { syncRoutes } from './sync/routes.js'
import type { TenantService } from './tenants/tenant-service.js'
import { webhookReceiverRoutes } from './webhook-receivers/routes.js'
import type { WebhookReceivers } from './webhook-receivers/webhook-receivers.js'
import type { webhookDeliveryModule } from './webhooks/module.js'
import { webhookRoutes } from './webhooks/routes.js'
import type { WebhookTargets } from './webhooks/targets.js'
import { widgetRoutes } from './widget/routes.js'
import { asWriteAccount, type WriteParts } from './writes/module.js'
import { writeControlRoutes } from './writes/control-routes.js'
import { writeRoutes } from './writes/routes.js'
import { MetaBuilder } from './writes/meta.js'
import { WriteSchemas } from './writes/schemas.js'

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
    const { writes, writeCatalogue, batches, idempotency } = s.writes
    await api.register(named('writeRoutes', writeRoutes), {
      writes,
      operations: writeCatalogue.operations,
      schemas: WriteSchemas.of(writeCatalogue),
      dataSchemas: DataSchemas.of(catalogue),
      meta: new MetaBuilder(writeCatalogue),
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
