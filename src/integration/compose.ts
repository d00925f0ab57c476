import type { FastifyInstance } from 'fastify'
import { durationMs } from '../config.js'
import type { AppContext } from '../context.js'
import { EventBus, type Subscriber } from '../core/events.js'
import { createIds, type Ids } from '../core/ids.js'
import { AccountRepository } from './accounts/account-repository.js'
import { AccountService } from './accounts/account-service.js'
import { createUnifiedAuth, requestAccount, type UnifiedAuth } from './accounts/request-auth.js'
import { accountRoutes } from './accounts/routes.js'
import { webhookListenerRoutes } from './accounts/webhook-listener.js'
import { controlRoutes } from './control/routes.js'
import { loadCatalogue } from './data/catalogue/catalogue.js'
import { dataControlRoutes } from './data/routes/control-routes.js'
import { dataRoutes } from './data/routes/data-routes.js'
import { groupTypesRoute } from './data/routes/group-types-route.js'
import { liveSearchRoute } from './data/routes/live-search-route.js'
import { subObjectRoutes } from './data/routes/sub-object-routes.js'
import { nestedListRoutes } from './data/routes/nested-list-routes.js'
import { CustomObjects, type ObjectClass } from './custom-objects/custom-objects.js'
import { CustomObjectRepository } from './custom-objects/repository.js'
import { customObjectRoutes } from './custom-objects/routes.js'
import { DataService } from './data/service.js'
import { dataSettingsFrom } from './data/settings.js'
import type { DomainEvents } from './domain-events.js'
import { EventRepository } from './events/event-repository.js'
import { installFaultHooks } from './faults/fault-hooks.js'
import { FaultRepository } from './faults/fault-repository.js'
import { FaultService } from './faults/fault-service.js'
import { faultRoutes } from './faults/routes.js'
import { installLenientJson } from './http/json-body.js'
import { redactingLogSerializers as logSerializers } from './http/redact.js'
import { unifiedInterface } from './http/unified-interface.js'
import { registerJournal } from './journal/index.js'
import { ActivityLog } from './logs/activity-log.js'
import { OncePerWindow, RateLimiter } from './limits/rate-limiter.js'
import { LinkRepository } from './link/link-repository.js'
import { LinkService } from './link/link-service.js'
import { linkRoutes } from './link/routes.js'
import { createLinkWidgetPort } from './link/widget-port-adapter.js'
import type { LinkWidgetPort } from './link/widget-port.js'
import { MetaRepository } from './meta-repository.js'
import { AsyncPassthroughs } from './remote/async-passthrough.js'
import { downloadRoutes } from './remote/download-routes.js'
import { Downloads } from './remote/downloads.js'
import { FieldMappingRepository } from './remote/field-mapping-repository.js'
import { fieldMappingRoutes } from './remote/field-mapping-routes.js'
import { FieldMappings } from './remote/field-mappings.js'
import { remoteFieldClassRoutes } from './remote/remote-field-class-routes.js'
import { Passthrough } from './remote/passthrough.js'
import { RawVendorApi } from './remote/raw-api.js'
import { remoteRoutes } from './remote/routes.js'
import { reportRoutes } from './report/routes.js'
import { packageScenarios } from './scenarios/files.js'
import { ScenarioLibrary } from './scenarios/library.js'
import type { ScenarioAnswer, ScenarioPort } from './scenarios/port.js'
import { scenarioRoutes } from './scenarios/routes.js'
import { ScenarioRunner } from './scenarios/runner.js'
import { syncControlRoutes } from './sync/control-routes.js'
import { createSyncDataPort } from './sync/data-port-adapter.js'
import type { SyncAccount } from './sync/sync-events.js'
import { installSyncRequestHooks } from './sync/request-hooks.js'
import { syncRoutes } from './sync/routes.js'
import { DefaultScopeRepository } from './scopes/default-scope-repository.js'
import { ScopeRepository } from './scopes/scope-repository.js'
import { ScopeService } from './scopes/scope-service.js'
import { scopeRoutes } from './scopes/routes.js'
import { AvailableActionsService } from './available-actions/available-actions.js'
import { availableActionsRoutes } from './available-actions/routes.js'
import { RemoteKeys } from './remote-keys/remote-keys.js'
import { remoteKeyRoutes } from './remote-keys/routes.js'
import { WebhookReceivers } from './webhook-receivers/webhook-receivers.js'
import { webhookReceiverRoutes } from './webhook-receivers/routes.js'
import { AuditTrail } from './audit-trail/audit-trail.js'
import { auditTrailRoutes } from './audit-trail/routes.js'
import { Issues } from './issues/issues.js'
import { issueRoutes } from './issues/routes.js'
import { digestHex } from '../core/secrets.js'
import { SyncHistoryRepository } from './sync/sync-history.js'
import { SyncRepository } from './sync/sync-repository.js'
import { IDLE_PAUSE_MS, SyncService } from './sync/sync-service.js'
import { TenantRepository } from './tenants/tenant-repository.js'
import { TenantService } from './tenants/tenant-service.js'
import { RemoteKeyRepository } from './remote-keys/remote-key-repository.js'
import { AuditRepository } from './audit-trail/audit-repository.js'
import { IssueRepository } from './issues/issue-repository.js'
import { AsyncPassthroughRepository } from './remote/async-passthrough-repository.js'
import { WebhookReceiverRepository } from './webhook-receivers/webhook-receiver-repository.js'
import { DeliveryFaults } from './webhooks/delivery-faults.js'
import { Dispatcher } from './webhooks/dispatcher.js'
import { EventWebhooks } from './webhooks/event-webhooks.js'
import { FanOut } from './webhooks/fan-out.js'
import { DEFAULT_RETRY_POLICY } from './webhooks/retry-policy.js'
import { webhookRoutes } from './webhooks/routes.js'
import { SignatureKeys } from './webhooks/signature-keys.js'
import { WebhookStreams } from './webhooks/streams.js'
import { WebhookTargets } from './webhooks/targets.js'
import { WebhookRepository } from './webhooks/webhook-repository.js'
import { widgetRoutes } from './widget/routes.js'
import { DataSchemas } from './data/catalogue/schemas.js'
import { BatchRepository } from './writes/batch-repository.js'
import { Batches } from './writes/batches.js'
import { writeControlRoutes } from './writes/control-routes.js'
import { installTenantTime } from './accounts/tenant-time.js'
import { TenantWorldRepository } from './tenants/tenant-world-repository.js'
import { passthroughPresetRoutes } from './remote/passthrough-preset-routes.js'
import { PassthroughPresets } from './remote/passthrough-presets.js'
import { Idempotency } from './writes/idempotency.js'
import { MetaBuilder } from './writes/meta.js'
import { WritePresets } from './writes/presets.js'
import { writeRoutes } from './writes/routes.js'
import { WriteSchemas } from './writes/schemas.js'
import { loadWriteCatalogue } from './writes/write-catalogue.js'
import { type WriteAccount, WriteService } from './writes/write-service.js'
import { named } from '../http/plugin-name.js'

/** What the unified service offers the layers above it (app, admin, a UI plugin) and tests. */
export interface UnifiedService {
  /** Every domain event, as it happens (a live dashboard subscribes here). */
  readonly events: Subscriber<DomainEvents>
  readonly auth: UnifiedAuth
  readonly tenants: TenantService
  readonly accounts: AccountService
  readonly link: LinkService
  readonly sync: SyncService
  readonly widgetPort: LinkWidgetPort
}

/**
 * The composition root of the unified service. It builds every service with its dependencies, top to
 * bottom, each from those above it; then connects the domains through their events, says what a reset
 * clears, and registers the HTTP hooks and routes, each plugin handed only what it uses. Nothing is
 * registered anywhere else, and where an order matters the code below says why.
 */
export function composeUnifiedService (app: FastifyInstance, context: AppContext): UnifiedService {
  const { db, clock, config, scheduler, random, interfaces } = context
  const log = { error: (obj: object, msg: string): void => { app.log.error(obj, msg) } }

  // Ids and tokens: a stream of our own, so other domains' draws never shift ours, nor ours theirs; its
  // label changes with each opening of the database (MetaRepository), so a file database never sees a
  // token twice.
  const meta = new MetaRepository(db)
  const fork = (): Ids => createIds(random.fork(`integration:${meta.nextGeneration()}`))
  let current = fork()
  const ids: Ids = { uuid: () => current.uuid(), token: (size, prefix) => current.token(size, prefix) }

  const events = new EventBus<DomainEvents>()

  // Tenants, linked accounts and the link flow.
  const tenantRepo = new TenantRepository(db)
  // A remote production key authenticates as the organization that generated it (facts §12).
  const remoteKeyRepo = new RemoteKeyRepository(db)
  const tenants = new TenantService(tenantRepo, clock, config.apiKeys, (key) => remoteKeyRepo.tenantOf(key), config.maxTenants)
  const accountRepo = new AccountRepository(db)
  const eventLog = new EventRepository(db)
  const accounts = new AccountService({ db, repo: accountRepo, log: eventLog, events, clock, ids, relinkStatus: config.relinkStatus })
  const linkRepo = new LinkRepository(db)
  const link = new LinkService({ db, accounts, repo: linkRepo, events, clock, ids, publicTokenTtlMs: config.publicTokenTtl * 1000 })
  const auth = createUnifiedAuth(tenants, accounts)
  const widgetPort = createLinkWidgetPort(link)
  const syncAccount = (id: string): SyncAccount | undefined => {
    const a = accountRepo.byId(id)
    return a === undefined ? undefined : { id: a.id, tenantId: a.tenantId, category: a.category }
  }

  // The simulated third-party data, written by the sync runs.
  const catalogue = loadCatalogue(config.apiRevision)
  // Field mappings read the third party's records as the data service shows them, and fill their field_mappings.
  const fieldMappings = new FieldMappings({ repo: new FieldMappingRepository(db), catalogue, ids, clock, events })
  const data = new DataService({
    db,
    clock,
    catalogue,
    settings: dataSettingsFrom(config, catalogue),
    fieldMappings: (accountId, model) => fieldMappings.mapperFor(accountId, model),
    passed: (accountId, modelId) => { fieldMappings.synced(accountId, modelId) }
  })

  // The simulated third party's own API over the same data, and passthrough to it.
  const passthroughPresets = new PassthroughPresets(db)
  const passthrough = new Passthrough(new RawVendorApi(data, clock), passthroughPresets, clock)
  const passthroughAccount = (id: string): { id: string, category: string, integrationSlug: string | null } | undefined => {
    const a = accountRepo.byId(id)
    return a === undefined ? undefined : { id: a.id, category: a.category, integrationSlug: a.integrationSlug }
  }
  // CRM custom objects hang off the account's custom object classes, as reads show them.
  const objectClasses = catalogue.byId('crm.CustomObjectClass')
  const customObjects = new CustomObjects({
    repo: new CustomObjectRepository(db),
    ids,
    clock,
    classes: (accountId) => objectClasses === undefined
      ? []
      : (JSON.parse(data.listJson(accountId, objectClasses, { page_size: '100', expand: 'fields' }).json.toString()) as { results: ObjectClass[] }).results
  })
  const asyncPassthroughs = new AsyncPassthroughs({ repo: new AsyncPassthroughRepository(db), clock, scheduler, passthrough, ids, account: passthroughAccount, events })

  // Webhook targets come before sync: a tenant whose targets may want sync events has its runs finish on time.
  const webhookRepo = new WebhookRepository(db)
  const streams = new WebhookStreams(random, () => webhookRepo.sequences())
  const targets = new WebhookTargets({ db, clock, repo: webhookRepo, streams, events, flagUrls: config.webhookUrls })

  const syncRepo = new SyncRepository(db)
  const sync = new SyncService({
    db,
    clock,
    scheduler,
    repo: syncRepo,
    data: createSyncDataPort(data),
    events,
    settings: {
      intervalMs: durationMs(config.syncInterval),
      initialPasses: config.syncPasses,
      initialDurationMs: config.initialSyncDuration === undefined ? null : durationMs(config.initialSyncDuration),
      idlePauseMs: IDLE_PAUSE_MS
    },
    account: syncAccount,
    needsRelink: (id) => accounts.statusOf(id) === 'RELINK_NEEDED',
    observed: (tenantId) => targets.wantsSyncEvents(tenantId)
  })
  // Scopes: READ is whether a model syncs (the sync state), WRITE and disabled fields are the scopes' own.
  const scopes = new ScopeService({
    db,
    clock,
    catalogue,
    repo: new ScopeRepository(db),
    defaults: new DefaultScopeRepository(db),
    events,
    sync: {
      readEnabled: (id) => new Map(syncRepo.states(id).map((s) => [s.modelId, s.enabled])),
      modelReadEnabled: (id, modelName) => syncRepo.modelEnabled(id, modelName),
      setReadEnabled: (id, modelId, enabled, now) => { sync.setEnabled(id, modelId, enabled, now) },
      started: (id) => syncRepo.states(id).some((s) => s.lastSyncStart !== null),
      initialScope: (id, category, disabledModels, now) => { sync.linkRequested(id, category, disabledModels, now) }
    },
    account: (id) => accountRepo.byId(id),
    accounts: (tenantId) => accountRepo.all(tenantId)
  })
  const remoteKeys = new RemoteKeys({ repo: remoteKeyRepo, clock, ids, events })
  const receivers = new WebhookReceivers({ repo: new WebhookReceiverRepository(db), clock, catalogue, events })
  const audit = new AuditTrail({ repo: new AuditRepository(db), clock, ids })
  const issues = new Issues({
    repo: new IssueRepository(db),
    clock,
    ids,
    scheduler,
    events,
    account: (id) => accountRepo.byId(id),
    settle: (tenantId) => { for (const a of accountRepo.all(tenantId)) sync.settle(a.id, clock.now()) },
    accountByToken: (tenantId, token) => {
      const a = accountRepo.byTokenHash(digestHex(token))
      return a !== undefined && a.tenantId === tenantId ? a.id : undefined
    }
  })
  // Writes go into the same simulated third-party data the sync runs read (DataService): a created record is a
  // record of the third party, seen by reads, later syncs and passthrough alike. A model whose READ or WRITE
  // scope is off refuses writes (DISABLED_MODEL_WRITE).
  const writeCatalogue = loadWriteCatalogue()
  const writePresets = new WritePresets(db)
  const writes = new WriteService({
    presets: writePresets,
    transaction: (fn) => db.transaction(fn)(),
    data,
    catalogue,
    writes: writeCatalogue,
    clock,
    events,
    scopes: { writeEnabled: (accountId, modelName) => scopes.modelEnabled(accountId, modelName) && scopes.writeEnabled(accountId, modelName) },
    uuid: () => ids.uuid(),
    defer: (account, write) => { batches.defer(account, write) }
  })
  const writeAccount = (id: string): WriteAccount | undefined => {
    const a = accountRepo.byId(id)
    return a === undefined ? undefined : asWriteAccount(a)
  }
  const batchRepo = new BatchRepository(db)
  const batches = new Batches({ repo: batchRepo, scheduler, clock, writes, catalogue: writeCatalogue, account: writeAccount, uuid: () => ids.uuid(), events })
  const idempotency = new Idempotency(batchRepo)
  // Every finished run, for the dashboard's timeline (bounded per account).
  const syncHistory = new SyncHistoryRepository(db)
  const limiter = config.rateLimit === 'off' ? undefined : new RateLimiter(config.rateLimit)
  const fullResyncWindowMs = durationMs(config.fullResyncInterval)
  const fullResyncs = new OncePerWindow(fullResyncWindowMs)

  const keys = new SignatureKeys(webhookRepo, streams, config.webhookSecret)
  const deliveryFaults = new DeliveryFaults(webhookRepo, streams, clock)
  const dispatcher = new Dispatcher({
    db, clock, scheduler, repo: webhookRepo, streams, http: context.dispatcher, timeoutMs: durationMs(config.webhookTimeout), policy: DEFAULT_RETRY_POLICY, log, events
  })
  const fanOut = new FanOut({ db, repo: webhookRepo, streams, targets, keys, faults: deliveryFaults, dispatcher, origin: () => serverOrigin(app, config) })
  const eventWebhooks = new EventWebhooks({
    fanOut,
    targets,
    account: (id) => accounts.get(id),
    syncStates: (id) => sync.states(id),
    record: (accountId, modelId, recordId) => {
      const model = catalogue.byId(modelId)
      return model === undefined ? undefined : data.record(accountId, model, recordId)?.record
    },
    issue: (tenantId, issueId) => ({ ...issues.get(tenantId, issueId) })
  })

  const faults = new FaultService({
    clock,
    random,
    repo: new FaultRepository(db),
    modelCategory: (id) => catalogue.byId(id)?.category,
    accountCategory: (tenantId, accountId) => {
      const account = accountRepo.byId(accountId)
      return account !== undefined && account.tenantId === tenantId ? account.category : undefined
    }
  })

  // Scenarios act through the app's own routes, as a user's calls would.
  let scenarioGeneration = 0
  const runner = new ScenarioRunner({
    clock,
    scheduler,
    port: injectingPort(app),
    ids: () => createIds(random.fork(`scenarios:${scenarioGeneration++}`)),
    log
  })
  const library = new ScenarioLibrary(packageScenarios(), { modelCategory: (id) => catalogue.byId(id)?.category }, config)

  // How the domains react to each other's events, inside the transaction of each change. The order within
  // an event is the order below: the sync state exists before the webhooks that report on it.
  events.on('link:requested', (e) => { scopes.linkRequested(e.account, e.linkScopes, e.at) })
  events.on('account:linked', (e) => { scopes.accountLinked(e.account, e.at) })
  events.on('account:linked', (e) => { sync.accountLinked(e.account.id, e.isRelink, e.at) })
  events.on('account:linked', (e) => { eventWebhooks.accountLinked(e) })
  events.on('account:deleted', (e) => { data.deleteAccount(e.account.id) })
  events.on('account:deleted', (e) => { customObjects.forgetAccount(e.account.id) })
  events.on('account:deleted', (e) => { sync.forget(e.account.id) })
  events.on('account:deleted', (e) => { syncHistory.forget(e.account.id) })
  events.on('account:deleted', (e) => { eventWebhooks.accountDeleted(e) })
  events.on('account:webhook-received', (e) => { sync.syncNow(e.account.id, undefined, e.at) })
  events.on('model-sync:finished', (e) => { eventWebhooks.modelSyncFinished(e) })
  events.on('model-sync:finished', (e) => {
    const s = e.state
    if (s.lastSyncResult === null) return
    syncHistory.record({ accountId: s.accountId, modelId: s.modelId, startedAt: s.lastSyncStart ?? e.at, finishedAt: e.at, result: s.lastSyncResult, wasInitial: e.wasInitialSync })
  })
  events.on('webhook-target:added', (e) => { sync.observe(e.at) })
  events.on('webhook-target:added', () => { dispatcher.loadSender() })
  // Log lines for the work on the clock, once the domains have reacted.
  const activity = new ActivityLog(app.log)
  events.on('model-sync:stepped', (e) => { activity.syncStepped(e) })
  events.on('model-sync:finished', (e) => { activity.syncFinished(e) })
  events.on('webhook:attempted', (e) => { activity.webhookAttempted(e) })
  events.on('record:written', (e) => { eventWebhooks.recordWritten(e) })
  events.on('write:async-completed', (e) => { eventWebhooks.asyncWriteCompleted(e) })
  events.on('async-passthrough:resolved', (e) => { eventWebhooks.asyncPassthroughResolved(e) })
  events.on('issue:opened', (e) => { eventWebhooks.issueChanged(e, 'opened') })
  events.on('issue:resolved', (e) => { eventWebhooks.issueChanged(e, 'resolved') })
  // Issues open from what goes wrong, and a relink resolves them.
  events.on('account:relink-needed', (e) => { issues.incident(e.account.id, 'credentials', 'Invalid login credentials', 'The third party refused the linked account\'s credentials.', e.at) })
  events.on('model-sync:finished', (e) => {
    if (e.state.status === 'FAILED') issues.incident(e.account.id, 'sync-failed', 'Sync failed', `The ${e.state.modelName} sync failed.`, e.at)
  })
  events.on('account:linked', (e) => { if (e.isRelink) issues.relinked(e.account.id, e.at) })
  // The audit trail records what the organization did, in the transaction of each change.
  events.on('account:deleted', (e) => { audit.record(e.account.tenantId, 'DELETED_LINKED_ACCOUNT', `Deleted linked account ${e.account.id} (${e.account.integrationName ?? e.account.category}, end user ${e.account.endUserOriginId}).`, e.at) })
  events.on('scopes:changed', (e) => {
    const models = e.models.map((m) => `${e.category}.${m}`).join(', ')
    audit.record(e.tenantId, 'CHANGED_SCOPES', e.accountId === null
      ? `Changed the organization-wide default scopes of ${models}.`
      : `Changed the common model scopes of ${models} for linked account ${e.accountId}.`, e.at)
  })
  // The replaced secret stops working at once: drop the tenants cached by key.
  events.on('remote-key:generated', (e) => { if (e.regenerated) tenants.forget() })
  events.on('remote-key:generated', (e) => {
    audit.record(e.tenantId, e.regenerated ? 'REGENERATED_PRODUCTION_API_KEY' : 'CREATED_REMOTE_PRODUCTION_API_KEY', `${e.regenerated ? 'Regenerated' : 'Created'} the remote production API key "${e.name}".`, e.at)
  })
  events.on('webhook-receiver:changed', (e) => {
    audit.record(e.tenantId, e.isActive ? 'ENABLED_MERGE_WEBHOOK' : 'DISABLED_MERGE_WEBHOOK', `${e.change === 'created' ? 'Added' : 'Changed'} the ${e.event} webhook receiver of linked account ${e.accountId} (${e.isActive ? 'active' : 'inactive'}).`, e.at)
  })
  events.on('write:failed', (e) => { issues.incident(e.accountId, `write-failed:${e.modelId}`, 'Write failed', `The third party refused a ${e.modelId.slice(e.modelId.indexOf('.') + 1)} write: ${e.message}`, e.at) })
  events.on('field-mapping:changed', (e) => {
    const verb = e.change === 'created' ? 'CREATED' : e.change === 'updated' ? 'CHANGED' : 'DELETED'
    const scope = e.accountId === null ? 'INTEGRATION_WIDE' : 'LINKED_ACCOUNT'
    audit.record(e.tenantId, `${verb}_${scope}_FIELD_MAPPING`, `${verb.charAt(0) + verb.slice(1).toLowerCase()} field mapping ${e.mappingId}${e.accountId === null ? '' : ` of linked account ${e.accountId}`}.`, e.at)
  })

  // POST /_unimock/reset, after the app has rewound the clock, reset the random stream and dropped every
  // job. Accounts go last among the tables (the others' rows reference them); the id streams are drawn
  // again after their tables are empty, as a fresh database would.
  context.onReset(() => {
    db.transaction(() => {
      linkRepo.clear()
      eventLog.clear()
      scopes.clear()
      receivers.clear()
      audit.clear()
      issues.clear()
      remoteKeys.clear()
      accountRepo.clear()
      tenantRepo.clear()
      meta.clear()
    })()
    tenants.forget()
    current = fork()
    data.clear()
    sync.clear()
    syncHistory.clear()
    limiter?.clear()
    fullResyncs.clear()
    webhookRepo.clear()
    dispatcher.reset()
    targets.forget()
    streams.renew()
    faults.reset()
    writePresets.clear()
    batchRepo.clear()
    scenarioGeneration = 0
    runner.reset()
    asyncPassthroughs.clear()
    customObjects.clear()
    passthroughPresets.clear()
    fieldMappings.clear()
  })
  // POST /_unimock/reset with a key: that key's world alone, inside the app's transaction (which also drops
  // its jobs and its clock). Its rows go; caches over rows of every tenant are dropped whole, being caches.
  const world = new TenantWorldRepository(db)
  context.onResetTenant((tenantId) => {
    faults.resetTenant(tenantId)
    world.delete(tenantId)
    journal.clear(tenantId)
    runner.forgetTenant(tenantId)
    tenants.forget()
    targets.forget()
    data.forgetCaches()
    sync.forgetCaches()
    scopes.forgetCaches()
  })
  interfaces.add(unifiedInterface)
  // After the scheduler has started (app.ts): deliveries interrupted by a stop go out again.
  app.addHook('onReady', async () => { dispatcher.resume() })
  app.addHook('onClose', async () => { await dispatcher.close() })

  // HTTP. Root hooks run in the order added: the tenant's time first, then the sync hook (activity, rate limit); the journal's
  // next, so a faulted request is journaled like any other; the faults' last. Routes load when the app
  // starts, after all of this, so every unified route gets the fault check; their order is the OpenAPI
  // document's.
  installTenantTime(app, clock)
  installSyncRequestHooks(app, { sync, clock, limiter, rateLimit: config.rateLimit })
  // Tokens travel in some paths (account-token/{public_token}); request logs show them redacted.
  void app.register(named('linkRoutesScope', async (api) => {
    installLenientJson(api)
    await api.register(named('linkRoutes', linkRoutes), { auth, link })
    await api.register(named('accountRoutes', accountRoutes), { auth, accounts })
    await api.register(named('scopeRoutes', scopeRoutes), { auth, scopes })
    await api.register(named('availableActionsRoutes', availableActionsRoutes), { auth, actions: new AvailableActionsService(catalogue) })
    await api.register(named('remoteKeyRoutes', remoteKeyRoutes), { auth, keys: remoteKeys })
    await api.register(named('webhookReceiverRoutes', webhookReceiverRoutes), { auth, receivers })
    await api.register(named('auditTrailRoutes', auditTrailRoutes), { auth, audit })
    await api.register(named('issueRoutes', issueRoutes), { auth, issues })
  }), { logSerializers })
  void app.register(named('controlRoutes', controlRoutes), { prefix: '/_unimock', auth, accounts, link, deliveredEvents: (tenantId) => fanOut.deliveredEvents(tenantId), logSerializers })
  void app.register(named('widgetRoutes', widgetRoutes), { prefix: '/link', port: widgetPort, interfaces, logSerializers })
  void app.register(named('dataRoutes', dataRoutes), {
    data,
    authenticate: auth.account,
    accountId: (request) => requestAccount(request).account.id,
    disabledFields: (accountId, modelName) => scopes.disabledFields(accountId, modelName)
  })
  void app.register(named('groupTypesRoute', groupTypesRoute), { catalogue, authenticate: auth.tenant })
  void app.register(named('liveSearchRoute', liveSearchRoute), { data, authenticate: auth.account, accountId: (request) => requestAccount(request).account.id })
  void app.register(named('nestedListRoutes', nestedListRoutes), { data, authenticate: auth.account, accountId: (request) => requestAccount(request).account.id })
  void app.register(named('subObjectRoutes', subObjectRoutes), { data, authenticate: auth.account, accountId: (request) => requestAccount(request).account.id })
  void app.register(named('customObjectRoutesScope', async (api) => {
    installLenientJson(api)
    await api.register(named('customObjectRoutes', customObjectRoutes), { customObjects, authenticate: auth.account, account: (request) => requestAccount(request).account })
  }))
  void app.register(named('writeRoutesScope', async (api) => {
    installLenientJson(api)
    await api.register(named('writeRoutes', writeRoutes), {
      writes,
      operations: writeCatalogue.operations,
      schemas: WriteSchemas.of(writeCatalogue),
      dataSchemas: DataSchemas.of(catalogue),
      meta: new MetaBuilder(writeCatalogue),
      sleep: (ms) => clock.sleep(ms),
      batches,
      idempotency,
      now: () => clock.now(),
      authenticate: auth.account,
      account: (request) => asWriteAccount(requestAccount(request).account)
    })
  }))
  void app.register(named('passthroughPresetRoutes', passthroughPresetRoutes), { prefix: '/_unimock', auth, presets: passthroughPresets, now: () => clock.now() })
  void app.register(named('writeControlRoutes', writeControlRoutes), { prefix: '/_unimock', auth, presets: writePresets, now: () => clock.now(), knownModel: (id) => catalogue.byId(id) !== undefined })
  void app.register(named('remoteRoutesScope', async (api) => {
    installLenientJson(api)
    await api.register(named('remoteRoutes', remoteRoutes), {
      authenticate: auth.account,
      account: (request) => { const { tenant, account } = requestAccount(request); return { tenantId: tenant.id, account } },
      passthrough,
      asyncPassthroughs
    })
  }), { logSerializers })
  void app.register(named('remoteFieldClassRoutes', remoteFieldClassRoutes), { authenticate: auth.account })
  void app.register(named('fieldMappingRoutesScope', async (api) => {
    installLenientJson(api)
    await api.register(named('fieldMappingRoutes', fieldMappingRoutes), {
      authenticate: auth.account,
      account: (request) => { const { tenant, account } = requestAccount(request); return { tenantId: tenant.id, id: account.id, category: account.category } },
      mappings: fieldMappings
    })
  }))
  void app.register(named('downloadRoutes', downloadRoutes), { authenticate: auth.account, accountId: (request) => requestAccount(request).account.id, downloads: new Downloads(data), data })
  void app.register(named('dataControlRoutes', dataControlRoutes), { prefix: '/_unimock', auth, accounts, data, clock })
  void app.register(named('syncRoutesScope', async (api) => {
    installLenientJson(api)
    await api.register(named('syncRoutes', syncRoutes), { auth, sync, clock, fullResyncs, fullResyncWindowMs })
  }))
  void app.register(named('syncControlRoutes', syncControlRoutes), {
    prefix: '/_unimock', auth, accounts, sync, history: syncHistory, clock, modelEnabled: (id, modelId, enabled) => { scopes.setOwnRead(id, modelId, enabled) }
  })
  void app.register(named('webhookRoutes', webhookRoutes), {
    prefix: '/_unimock', auth, accounts, targets, keys, fanOut, faults: deliveryFaults, syncStates: (id) => sync.states(id), clock
  })
  // The listener URL's last segment is a secret of the account: request logs show it redacted.
  void app.register(named('webhookListenerRoutes', webhookListenerRoutes), { accounts, logSerializers })
  const journal = registerJournal(app, context, { auth, tenants, link })
  installFaultHooks(app, { faults, interfaces, modelAt: (category, segment) => catalogue.bySegment(category, segment)?.id })
  void app.register(named('faultRoutes', faultRoutes), { prefix: '/_unimock', auth, faults })
  void app.register(named('reportRoutes', reportRoutes), { prefix: '/_unimock', auth, sources: { journal, accounts, sync, webhooks: fanOut }, clock })
  void app.register(named('scenarioRoutes', scenarioRoutes), { prefix: '/_unimock', auth, runner, library, clock })

  return { events, auth, tenants, accounts, link, sync, widgetPort }
}

/** The linked account as the write pipeline needs it. */
function asWriteAccount (a: WriteAccount): WriteAccount {
  return { id: a.id, tenantId: a.tenantId, category: a.category, integrationName: a.integrationName, status: a.status }
}

/** scheme://host:port of this server once it listens (the configured one before): webhook_listener_url. */
function serverOrigin (app: FastifyInstance, config: AppContext['config']): string {
  const address = app.server.address()
  if (address !== null && typeof address === 'object') {
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
    return `http://${host}:${address.port}`
  }
  return `http://${config.host}:${config.port}`
}

/** A scenario step's call, made through the app's own routes (app.inject). */
function injectingPort (app: FastifyInstance): ScenarioPort {
  return {
    async call (c): Promise<ScenarioAnswer> {
      const headers: Record<string, string> = { authorization: c.authorization }
      if (c.accountToken !== undefined) headers['x-account-token'] = c.accountToken
      if (c.body !== undefined) headers['content-type'] = 'application/json'
      const res = await app.inject({ method: c.method, url: c.path, headers, ...(c.body === undefined ? {} : { payload: JSON.stringify(c.body) }) })
      const type = String(res.headers['content-type'] ?? '')
      let body: unknown = res.body
      if (type.includes('json') && res.body !== '') body = JSON.parse(res.body)
      return { status: res.statusCode, headers: res.headers, body }
    }
  }
}
