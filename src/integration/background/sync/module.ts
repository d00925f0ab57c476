import type { Config } from '../../../config.js'
import { durationMs } from '../../../config.js'
import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { Scheduler } from '../../../jobs/scheduler.js'
import type { Db } from '../../../store/database.js'
import type { DataService } from '../../third-party/data/service.js'
import type { DomainModule } from '../../../core/domain-module.js'
import type { AccountEvents } from '../../base/accounts/account-events.js'
import { OncePerWindow, RateLimiter } from '../../base/limits/rate-limiter.js'
import type { ScopeSyncPort } from '../../service/scopes/scope-service.js'
import { createSyncDataPort } from './data-port-adapter.js'
import type { SyncAccount, SyncEvents } from './sync-events.js'
import { SyncHistoryRepository } from './sync-history.js'
import { SyncRepository } from './sync-repository.js'
import { IDLE_PAUSE_MS, SyncService, type SyncServiceDeps } from './sync-service.js'

/** A tenant got a webhook target (declared here: webhooks import sync, not the other way). */
interface TargetAdded { 'webhook-target:added': { readonly at: number } }

export interface SyncDeps {
  readonly db: Db
  readonly clock: Clock
  readonly scheduler: Scheduler
  readonly events: Emitter<SyncEvents>
  readonly config: Config
  readonly data: DataService
  readonly account: (id: string) => SyncAccount | undefined
  readonly needsRelink: SyncServiceDeps['needsRelink']
  readonly observed: SyncServiceDeps['observed']
}

export interface SyncParts {
  readonly sync: SyncService
  /** Every finished run, for the dashboard's timeline (bounded per account). */
  readonly history: SyncHistoryRepository
  /** What scopes ask of sync: READ is whether a model syncs (the sync state). */
  readonly scopePort: ScopeSyncPort
  readonly limiter: RateLimiter | undefined
  /** At most one FULL resync per account in this window. */
  readonly fullResyncs: OncePerWindow
  readonly fullResyncWindowMs: number
  readonly module: DomainModule<AccountEvents & SyncEvents & TargetAdded>
}

/** Per-model sync runs on the scheduler, their history, and the per-account limits of the requests that observe them. */
export function syncModule (d: SyncDeps): SyncParts {
  const { config } = d
  const repo = new SyncRepository(d.db)
  const sync = new SyncService({
    db: d.db,
    clock: d.clock,
    scheduler: d.scheduler,
    repo,
    data: createSyncDataPort(d.data),
    events: d.events,
    settings: {
      intervalMs: durationMs(config.syncInterval),
      initialPasses: config.syncPasses,
      initialDurationMs: config.initialSyncDuration === undefined ? null : durationMs(config.initialSyncDuration),
      idlePauseMs: IDLE_PAUSE_MS
    },
    account: d.account,
    needsRelink: d.needsRelink,
    observed: d.observed
  })
  const history = new SyncHistoryRepository(d.db)
  const limiter = config.rateLimit === 'off' ? undefined : new RateLimiter(config.rateLimit)
  const fullResyncWindowMs = durationMs(config.fullResyncInterval)
  const fullResyncs = new OncePerWindow(fullResyncWindowMs)
  const scopePort: ScopeSyncPort = {
    readEnabled: (id) => new Map(repo.states(id).map((s) => [s.modelId, s.enabled])),
    modelReadEnabled: (id, modelName) => repo.modelEnabled(id, modelName),
    setReadEnabled: (id, modelId, enabled, now) => { sync.setEnabled(id, modelId, enabled, now) },
    started: (id) => sync.started(id),
    initialScope: (id, category, disabledModels, now) => { sync.linkRequested(id, category, disabledModels, now) }
  }
  return {
    sync,
    history,
    scopePort,
    limiter,
    fullResyncs,
    fullResyncWindowMs,
    module: {
      react: (events) => {
        events.on('account:linked', (e) => { sync.accountLinked(e.account.id, e.isRelink, e.at) })
        events.on('account:deleted', (e) => { sync.forget(e.account.id); history.forget(e.account.id) })
        events.on('account:webhook-received', (e) => { sync.syncNow(e.account.id, undefined, e.at) })
        events.on('model-sync:finished', (e) => {
          const s = e.state
          if (s.lastSyncResult === null) return
          history.record({ accountId: s.accountId, modelId: s.modelId, startedAt: s.lastSyncStart ?? e.at, finishedAt: e.at, result: s.lastSyncResult, wasInitial: e.wasInitialSync })
        })
        events.on('webhook-target:added', (e) => { sync.observe(e.at) })
      },
      reset: () => { sync.clear(); history.clear(); limiter?.clear(); fullResyncs.clear() },
      resetTenant: () => { sync.forgetCaches() }
    }
  }
}
