import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Clock } from '../../core/clock.js'
import { appError } from '../../core/errors.js'
import { decodeCursor, encodeCursor } from '../accounts/cursor.js'
import { CATEGORIES } from '../catalog/categories.js'
import { requestAccount, type UnifiedAuth } from '../accounts/request-auth.js'
import { Detail } from '../http/schemas.js'
import type { OncePerWindow } from '../limits/rate-limiter.js'
import { formatDuration } from '../../core/durations.js'
import { ResyncAnswer, ResyncBody, SyncStatusPage, SyncStatusQuery } from './schemas.js'
import type { SyncService } from './sync-service.js'
import { syncStatusRecord } from './sync-view.js'

export interface SyncRouteOptions {
  readonly auth: UnifiedAuth
  readonly sync: SyncService
  readonly clock: Clock
  readonly fullResyncs: OncePerWindow
  readonly fullResyncWindowMs: number
}

const PAGE_SIZE_DEFAULT = 30
const PAGE_SIZE_MAX = 100

/** GET sync-status and POST sync-status/resync of every category. */
export const syncRoutes: FastifyPluginAsync<SyncRouteOptions> = async (app, { auth, sync, clock, fullResyncs, fullResyncWindowMs }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()

  for (const category of CATEGORIES) {
    const tags = [`unified: ${category}`]

    r.get(`/api/${category}/v1/sync-status`, {
      onRequest: auth.account,
      schema: {
        tags,
        summary: 'Sync status of every model of the linked account, in a stable order',
        querystring: SyncStatusQuery,
        response: { 200: SyncStatusPage, 400: Detail, 401: Detail, 403: Detail, 429: Detail }
      }
    }, async (request) => {
      const { account } = requestAccount(request)
      const limit = Math.min(request.query.page_size ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX)
      let after = -1
      if (request.query.cursor !== undefined) {
        const cursor = decodeCursor(request.query.cursor)
        if (cursor === undefined || cursor.backward) throw appError('ACCOUNT_LIST_BAD_CURSOR')
        after = cursor.position - 1
      }
      // A cursor names the position a page starts at; its first row is the one after `after`.
      const rows = sync.page(account.id, after, limit + 1)
      const page = rows.slice(0, limit)
      const last = page[page.length - 1]
      const first = page[0]
      return {
        next: rows.length > limit && last !== undefined ? encodeCursor({ position: last.position + 1, backward: false }) : null,
        // Positions run 0..n-1 in catalogue order, so the previous page simply starts `limit` earlier.
        previous: first !== undefined && first.position > 0
          ? encodeCursor({ position: Math.max(0, first.position - limit), backward: false })
          : null,
        results: page.map(syncStatusRecord)
      }
    })

    r.post(`/api/${category}/v1/sync-status/resync`, {
      onRequest: auth.account,
      schema: {
        tags,
        summary: 'Force a resync: FULL (no body, or sync_type FULL) or INCREMENTAL with a target model_id',
        body: ResyncBody,
        response: { 200: ResyncAnswer, 400: Detail, 401: Detail, 403: Detail, 409: Detail, 429: Detail }
      }
    }, async (request) => {
      const { account } = requestAccount(request)
      const body = request.body ?? {}
      const type = body.sync_type ?? 'FULL'
      if (type !== 'FULL' && type !== 'INCREMENTAL') throw appError('SYNC_BAD_TYPE', { value: type })
      if (type === 'INCREMENTAL' && (body.target === undefined || body.target === '')) throw appError('SYNC_MISSING_TARGET')
      const now = clock.now()
      if (type === 'FULL') {
        const wait = fullResyncs.take(account.id, now)
        if (wait !== undefined) {
          throw appError('RESYNC_RATE_LIMITED', { window: formatDuration(fullResyncWindowMs), seconds: wait }, { 'Retry-After': String(wait) })
        }
      }
      const states = sync.resync(account.id, type === 'FULL' ? 'full' : 'incremental', body.target, now)
      return states.map(syncStatusRecord)
    })
  }
}
