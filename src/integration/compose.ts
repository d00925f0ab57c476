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
import { loadCatalogue } from './data/catalogue.js'
import { dataControlRoutes } from './data/control-routes.js'
import { dataRoutes } from './data/routes.js'
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
import { OncePerWindow, RateLimiter } from './limits/rate-limiter.js'
import { LinkRepository } from './link/link-repository.js'
import { LinkService } from './link/link-service.js'
import { linkRoutes } from './link/routes.js'
import { createLinkWidgetPort } from './link/widget-port-adapter.js'
import type { LinkWidgetPort } from './link/widget-port.js'
import { MetaRepository } from './meta-repository.js'
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
import { SyncHistoryRepository } from './sync/sync-history.js'
import { SyncRepository } from './sync/sync-repository.js'
import { IDLE_PAUSE_MS, SyncService } from './sync/sync-service.js'
import { TenantRepository } from './tenants/tenant-repository.js'
import { TenantService } from './tenants/tenant-service.js'
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

/** What the unified service offers the layers above it (app, admin, a UI plugin) and tests. */
export interface UnifiedService {
  /** Every domain event, as it happens (a live dashboard subscribes here). */
  readonly events: Subscriber<DomainEvents>
  readonly auth: UnifiedAuth
  readonly tenants: TenantService
  readonly accounts: AccountService
  readonly link: LinkService
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
  const tenants = new TenantService(tenantRepo, clock, config.apiKeys)
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
  const catalogue = loadCatalogue()
  const data = new DataService({ db, clock, catalogue, settings: dataSettingsFrom(config, catalogue) })

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
  const eventWebhooks = new EventWebhooks({ fanOut, targets, account: (id) => accounts.get(id), syncStates: (id) => sync.states(id) })

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
  events.on('link:requested', (e) => { sync.linkRequested(e.account.id, e.account.category, e.disabledModels, e.at) })
  events.on('account:linked', (e) => { sync.accountLinked(e.account.id, e.isRelink, e.at) })
  events.on('account:linked', (e) => { eventWebhooks.accountLinked(e) })
  events.on('account:deleted', (e) => { data.deleteAccount(e.account.id) })
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

  // POST /_unimock/reset, after the app has rewound the clock, reset the random stream and dropped every
  // job. Accounts go last among the tables (the others' rows reference them); the id streams are drawn
  // again after their tables are empty, as a fresh database would.
  context.onReset(() => {
    db.transaction(() => {
      linkRepo.clear()
      eventLog.clear()
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
    scenarioGeneration = 0
    runner.reset()
  })
  interfaces.add(unifiedInterface)
  // After the scheduler has started (app.ts): deliveries interrupted by a stop go out again.
  app.addHook('onReady', async () => { dispatcher.resume() })
  app.addHook('onClose', async () => { await dispatcher.close() })

  // HTTP. Root hooks run in the order added: the sync hook (activity, rate limit) first; the journal's
  // next, so a faulted request is journaled like any other; the faults' last. Routes load when the app
  // starts, after all of this, so every unified route gets the fault check; their order is the OpenAPI
  // document's.
  installSyncRequestHooks(app, { sync, clock, limiter, rateLimit: config.rateLimit })
  // Tokens travel in some paths (account-token/{public_token}); request logs show them redacted.
  void app.register(async (api) => {
    installLenientJson(api)
    await api.register(linkRoutes, { auth, link })
    await api.register(accountRoutes, { auth, accounts })
  }, { logSerializers })
  void app.register(controlRoutes, { prefix: '/_unimock', auth, accounts, link, deliveredEvents: (tenantId) => fanOut.deliveredEvents(tenantId), logSerializers })
  void app.register(widgetRoutes, { prefix: '/link', port: widgetPort, interfaces, logSerializers })
  void app.register(dataRoutes, { data, authenticate: auth.account, accountId: (request) => requestAccount(request).account.id })
  void app.register(dataControlRoutes, { prefix: '/_unimock', auth, accounts, data, clock })
  void app.register(async (api) => {
    installLenientJson(api)
    await api.register(syncRoutes, { auth, sync, clock, fullResyncs, fullResyncWindowMs })
  })
  void app.register(syncControlRoutes, { prefix: '/_unimock', auth, accounts, sync, history: syncHistory, clock })
  void app.register(webhookRoutes, {
    prefix: '/_unimock', auth, accounts, targets, keys, fanOut, faults: deliveryFaults, syncStates: (id) => sync.states(id), clock
  })
  // The listener URL's last segment is a secret of the account: request logs show it redacted.
  void app.register(webhookListenerRoutes, { accounts, logSerializers })
  const journal = registerJournal(app, context, { auth, tenants, link })
  installFaultHooks(app, { faults, interfaces, modelAt: (category, segment) => catalogue.bySegment(category, segment)?.id })
  void app.register(faultRoutes, { prefix: '/_unimock', auth, faults })
  void app.register(reportRoutes, { prefix: '/_unimock', auth, sources: { journal, accounts, sync, webhooks: fanOut }, clock })
  void app.register(scenarioRoutes, { prefix: '/_unimock', auth, runner, library, clock })

  return { events, auth, tenants, accounts, link, widgetPort }
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
