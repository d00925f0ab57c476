import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context.js'
import { durationMs } from '../../config.js'
import { appError } from '../../core/errors.js'
import { accountOf } from '../accounts/request-auth.js'
import { installLenientJson } from '../http/json-body.js'
import { OncePerWindow, RateLimiter } from '../limits/rate-limiter.js'
import type { IntegrationServices } from '../services.js'
import { syncControlRoutes } from './control-routes.js'
import { syncRoutes } from './routes.js'
import type { SyncDataPort } from './sync-data-port.js'
import { SyncRepository } from './sync-repository.js'
import { IDLE_PAUSE_MS, type SyncAccount, SyncService } from './sync-service.js'

export type { SyncDataPort } from './sync-data-port.js'
export type { ModelSyncFinished } from './sync-service.js'

/**
 * Registers the sync simulation: every linked account's per-model sync state, moved by the scheduler on the
 * injected clock; GET sync-status and POST resync; the control routes; and, for every request made with an
 * account token, the per-account rate limit and the activity that keeps an account from pausing.
 */
export function registerSync (app: FastifyInstance, context: AppContext, services: IntegrationServices, data: SyncDataPort): SyncService {
  const { db, clock, scheduler, config } = context
  const repo = new SyncRepository(db)
  // An account's id, tenant and category never change: every scheduled sync step would otherwise look them up.
  const known = new Map<string, SyncAccount>()
  const account = (id: string): SyncAccount | undefined => {
    const cached = known.get(id)
    if (cached !== undefined) return cached
    try {
      const a = services.accounts.get(id)
      const found = { id: a.id, tenantId: a.tenantId, category: a.category }
      known.set(id, found)
      return found
    } catch {
      return undefined
    }
  }
  const needsRelink = (id: string): boolean => services.accounts.statusOf(id) === 'RELINK_NEEDED'
  services.onAccountDeleted((a) => { known.delete(a.id) })
  const sync = new SyncService({
    db,
    clock,
    scheduler,
    repo,
    data,
    account,
    needsRelink,
    settings: {
      intervalMs: durationMs(config.syncInterval),
      initialPasses: config.syncPasses,
      initialDurationMs: config.initialSyncDuration === undefined ? null : durationMs(config.initialSyncDuration),
      idlePauseMs: IDLE_PAUSE_MS
    }
  })

  services.onLinkRequested((event) => { sync.linkRequested(event.account.id, event.account.category, event.disabledModels, clock.now()) })
  services.onAccountLinked((event) => { sync.accountLinked(account(event.account.id)!, event.isRelink, event.at) })

  const limiter = config.rateLimit === 'off' ? undefined : new RateLimiter(config.rateLimit)
  const fullResyncWindowMs = durationMs(config.fullResyncInterval)
  const fullResyncs = new OncePerWindow(fullResyncWindowMs)
  context.onReset(() => {
    known.clear()
    repo.clear()
    limiter?.clear()
    fullResyncs.clear()
  })

  // Route-level onRequest hooks (auth.account) have run by preHandler time: the account, if any, is known.
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const resolved = accountOf(request)
    if (resolved === undefined) return
    const now = clock.now()
    sync.touch(resolved.id, now)
    if (limiter === undefined) return
    const take = limiter.take(resolved.id, now)
    if (!take.ok) {
      throw appError('RATE_LIMITED', { limit: config.rateLimit, seconds: take.retryAfterSeconds }, { 'Retry-After': String(take.retryAfterSeconds) })
    }
  })

  void app.register(async (api) => {
    installLenientJson(api)
    await api.register(syncRoutes, { services, sync, clock, fullResyncs, fullResyncWindowMs })
  })
  void app.register(syncControlRoutes, { prefix: '/_unimock', services, sync, clock })
  return sync
}
