import type { FastifyInstance } from 'fastify'
import { durationMs } from '../config.js'
import type { AppContext } from '../context.js'
import { AccountFences } from '../core/account-fences.js'
import { EventBus, type Subscriber } from '../core/events.js'
import { createIds, type Ids } from '../core/ids.js'
import type { UnifiedAuth } from './base/accounts/request-auth.js'
import { accountsModule } from './base/accounts/module.js'
import type { AccountService } from './base/accounts/account-service.js'
import { auditTrailModule } from './service/audit-trail/module.js'
import { customObjectsModule } from './service/custom-objects/module.js'
import { loadCatalogue } from './base/catalogue/catalogue.js'
import { dataModule } from './third-party/data/module.js'
import type { DomainEvents } from './domain-events.js'
import { type DomainModule, resetAll, resetTenantAll } from '../core/domain-module.js'
import { faultsModule } from './control/faults/module.js'
import { unifiedInterface } from './base/dialect/unified-interface.js'
import { issuesModule } from './background/issues/module.js'
import { journalModule, type JournalStore } from './observation/journal/index.js'
import type { LinkService } from './service/link/link-service.js'
import { linkModule } from './service/link/module.js'
import type { LinkWidgetPort } from './service/link/widget-port.js'
import { logsModule } from './observation/logs/module.js'
import { MetaRepository } from './meta-repository.js'
import { fieldMappingsModule } from './third-party/field-mappings/module.js'
import { remoteModule } from './third-party/remote/module.js'
import { remoteKeysModule } from './service/remote-keys/module.js'
import { scenariosModule } from './control/scenarios/module.js'
import { scopesModule } from './service/scopes/module.js'
import type { SyncService } from './background/sync/sync-service.js'
import { syncModule } from './background/sync/module.js'
import { TenantWorldRepository } from './base/tenants/tenant-world-repository.js'
import { tenantsModule } from './base/tenants/module.js'
import type { TenantService } from './base/tenants/tenant-service.js'
import { registerUnifiedRoutes } from './unified-routes.js'
import { webhookReceiversModule } from './service/webhook-receivers/module.js'
import { webhookDeliveryModule, webhookTargetsModule } from './background/webhooks/module.js'
import { writesModule } from './service/writes/module.js'
import { injectingPort, serverOrigin } from './self-calls.js'

/** What the unified service offers the layers above it (app, server-control, a UI plugin) and tests. */
export interface UnifiedService {
  /** Every domain event, as it happens (a live dashboard subscribes here). */
  readonly events: Subscriber<DomainEvents>
  readonly auth: UnifiedAuth
  readonly tenants: TenantService
  readonly accounts: AccountService
  readonly link: LinkService
  readonly sync: SyncService
  readonly widgetPort: LinkWidgetPort
  /** The request journal (the conformance board reads a check's requests from it). */
  readonly journal: JournalStore
}

/**
 * The composition root of the unified service. Each domain's module builds its services from those above it,
 * top to bottom; then the root subscribes the domains' reactions to each other's events, derives what a reset
 * clears from the modules, and registers the HTTP hooks and routes (unified-routes.ts). Nothing is registered
 * anywhere else. Cross-domain dependencies are narrow functions over services, never another domain's repository.
 */
export function composeUnifiedService (app: FastifyInstance, context: AppContext): UnifiedService {
  const { db, clock, config, scheduler, random, interfaces } = context
  const log = { warn: (obj: object, msg: string): void => { app.log.warn(obj, msg) }, error: (obj: object, msg: string): void => { app.log.error(obj, msg) } }

  // Ids and tokens: a stream of our own, so other domains' draws never shift ours, nor ours theirs; its label
  // changes with each opening of the database (MetaRepository), so a file database never sees a token twice.
  const meta = new MetaRepository(db)
  const fork = (): Ids => createIds(random.fork(`integration:${meta.nextGeneration()}`))
  let current = fork()
  const ids: Ids = { uuid: () => current.uuid(), token: (size, prefix) => current.token(size, prefix) }
  const uuid = (): string => ids.uuid()
  const events = new EventBus<DomainEvents>()
  const base = { db, clock, ids, events }

  // Organizations, linked accounts and the link flow.
  const remoteKeys = remoteKeysModule(base)
  const tenants = tenantsModule({
    db,
    clock,
    events,
    log,
    apiKeys: config.apiKeys,
    maxTenants: config.maxTenants,
    listKeys: config.dashboardKeys === 'list',
    evict: (tenantId) => { context.resetTenant(tenantId) },
    remoteKey: (key) => remoteKeys.keys.tenantOf(key),
    // Asked at request time only, once the accounts below exist.
    isAccountToken: (value) => accounts.accounts.isAccountToken(value)
  })
  const accounts = accountsModule({ ...base, tenants: tenants.tenants, relinkStatus: config.relinkStatus })
  const link = linkModule({ ...base, accounts: accounts.accounts, publicTokenTtlMs: config.publicTokenTtl * 1000 })
  const account = (id: string) => accounts.accounts.find(id)

  // The simulated third party: its data, written by the sync runs, and its own API over the same data.
  const catalogue = loadCatalogue(config.apiRevision)
  const fieldMappings = fieldMappingsModule({ ...base, catalogue })
  const data = dataModule({
    db,
    clock,
    config,
    catalogue,
    fieldMappings: (accountId, model) => fieldMappings.fieldMappings.mapperFor(accountId, model),
    passed: (accountId, modelId) => { fieldMappings.fieldMappings.synced(accountId, modelId) }
  })
  const remote = remoteModule({ ...base, scheduler, data: data.data, account })
  const customObjects = customObjectsModule({ db, ids, clock, catalogue, data: data.data })

  // What a scenario run adds (targets, faults) holds for its own accounts only; the runs say which those are.
  const fences = new AccountFences()
  // Sync, and what depends on its state. Webhook targets come first: sync asks whether a tenant observes its runs.
  const targets = webhookTargetsModule({ db, clock, random, events, flagUrls: config.webhookUrls, fenced: fences.admits, allowPrivate: config.webhookAllowPrivate })
  const sync = syncModule({
    db,
    clock,
    scheduler,
    events,
    config,
    data: data.data,
    account,
    needsRelink: (id) => accounts.accounts.statusOf(id) === 'RELINK_NEEDED',
    observed: (tenantId) => targets.targets.wantsSyncEvents(tenantId)
  })
  const scopes = scopesModule({ db, clock, catalogue, events, sync: sync.scopePort, account, accounts: (tenantId) => accounts.accounts.ofTenant(tenantId) })

  // The account-level endpoints' domains.
  const receivers = webhookReceiversModule({ db, clock, catalogue, events })
  const audit = auditTrailModule(base)
  const issues = issuesModule({
    ...base,
    scheduler,
    account,
    settle: (tenantId) => { for (const a of accounts.accounts.ofTenant(tenantId)) sync.sync.settle(a.id, clock.now()) },
    accountByToken: (tenantId, token) => accounts.accounts.idByToken(tenantId, token)
  })
  const writes = writesModule({
    db,
    clock,
    scheduler,
    events,
    catalogue,
    data: data.data,
    scopes: { writeEnabled: (accountId, modelName) => scopes.scopes.modelEnabled(accountId, modelName) && scopes.scopes.writeEnabled(accountId, modelName) },
    uuid,
    account
  })

  // Webhooks report on all of the above.
  const webhooks = webhookDeliveryModule({
    db,
    clock,
    scheduler,
    events,
    repo: targets.repo,
    streams: targets.streams,
    targets: targets.targets,
    fenced: fences.admits,
    http: context.dispatcher,
    resolve: context.resolve,
    allowPrivate: config.webhookAllowPrivate,
    timeoutMs: durationMs(config.webhookTimeout),
    secret: config.webhookSecret,
    log,
    origin: () => serverOrigin(app, config),
    account: (id) => accounts.accounts.get(id),
    syncStates: (id) => sync.sync.states(id),
    record: (accountId, modelId, recordId) => {
      const model = catalogue.byId(modelId)
      return model === undefined ? undefined : data.data.record(accountId, model, recordId)?.record
    },
    issue: (tenantId, issueId) => ({ ...issues.issues.get(tenantId, issueId) })
  })

  // The control side: service faults and scenarios, which act through the app's own routes.
  const modelCategory = (id: string): string | undefined => catalogue.byId(id)?.category
  const faults = faultsModule({
    db,
    clock,
    random,
    modelCategory,
    fenced: fences.admits,
    accountCategory: (tenantId, accountId) => {
      const a = account(accountId)
      return a !== undefined && a.tenantId === tenantId ? a.category : undefined
    }
  })
  const scenarios = scenariosModule({ clock, scheduler, random, config, port: injectingPort(app), modelCategory, log, fences, rescheduleSyncs: (tenantId, now) => { sync.sync.reschedule(tenantId, now) } })
  const logs = logsModule(app.log)
  // Every request to the unified service, per API key, in memory (its hooks are installed with the routes).
  const journal = journalModule(config)

  // Every module, in the order built: a reset clears them last-built first (rows referencing an account or a
  // tenant before it), and the id stream is drawn again once their tables are empty, as a fresh database would.
  const modules: readonly DomainModule[] = [
    remoteKeys, tenants, accounts, link, fieldMappings, data, remote, customObjects, targets, sync, scopes,
    receivers, audit, issues, writes, webhooks, faults, scenarios, logs, journal
  ].map((m) => m.module)

  // How the domains react to each other's events, inside the transaction of each change. Within an event the
  // order is this list's: scopes settle what an account may sync before sync starts it; the sync state exists
  // before the webhooks that report on it; log lines follow the domains' reactions; issues and the audit trail
  // record what happened last.
  for (const m of [scopes, data, customObjects, sync, webhooks, logs, issues, audit, tenants]) m.module.react?.(events)

  // POST /_unimock/reset, after the app has rewound the clock, reset the random stream and dropped every job.
  context.onReset(() => {
    db.transaction(() => { resetAll(modules); meta.clear() })()
    current = fork()
  })

  interfaces.add(unifiedInterface)
  registerUnifiedRoutes(app, context, {
    catalogue,
    auth: accounts.auth,
    tenants: tenants.tenants,
    accounts: accounts.accounts,
    link,
    data: data.data,
    remote,
    fieldMappings: fieldMappings.fieldMappings,
    customObjects: customObjects.customObjects,
    remoteKeys: remoteKeys.keys,
    receivers: receivers.receivers,
    audit: audit.audit,
    issues: issues.issues,
    scopes: scopes.scopes,
    sync,
    writes,
    targets: targets.targets,
    webhooks,
    faults: faults.faults,
    scenarios,
    journal: journal.journal
  })

  // POST /_unimock/reset with a key: that key's world alone, inside the app's transaction (which also drops its
  // jobs and its clock). Its rows go; caches over rows of every tenant are dropped whole, being caches.
  const world = new TenantWorldRepository(db)
  context.onResetTenant((tenantId) => {
    world.delete(tenantId)
    resetTenantAll(modules, tenantId)
  })

  return { events, auth: accounts.auth, tenants: tenants.tenants, accounts: accounts.accounts, link: link.link, sync: sync.sync, widgetPort: link.widgetPort, journal: journal.journal }
}
