import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Clock } from '../../../core/clock.js'
import { appError } from '../../../core/errors.js'
import { accountOf } from '../../base/accounts/request-auth.js'
import type { RateLimiter } from '../../base/limits/rate-limiter.js'
import type { SyncService } from './sync-service.js'

export interface SyncRequestHookOptions {
  readonly sync: SyncService
  readonly clock: Clock
  /** undefined with --rate-limit off. */
  readonly limiter: RateLimiter | undefined
  readonly rateLimit: number | 'off'
}

/**
 * For every request made with an account token: the activity that keeps the account from pausing, and the
 * per-account rate limit. Route-level onRequest hooks (auth.account) have run by preHandler time, so the
 * account, if any, is known.
 */
export function installSyncRequestHooks (app: FastifyInstance, { sync, clock, limiter, rateLimit }: SyncRequestHookOptions): void {
  // A callback, not an async function: every request of the server passes here, most with no account.
  app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
    const resolved = accountOf(request)
    if (resolved === undefined) { done(); return }
    const now = clock.now()
    sync.touch(resolved.id, now)
    const take = limiter?.take(resolved.id, now)
    if (take !== undefined && !take.ok) {
      done(appError('RATE_LIMITED', { limit: rateLimit, seconds: take.retryAfterSeconds }, { 'Retry-After': String(take.retryAfterSeconds) }))
      return
    }
    done()
  })
}
