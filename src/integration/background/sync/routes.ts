import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Clock } from '../../../core/clock.js'
import { plainCursors } from '../../../core/cursor.js'
import { appError } from '../../../core/errors.js'
import { denseStart, denseWalk, openCursor, pageOf, pageSize } from '../../../core/pagination.js'
import { requestAccount, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { CATEGORIES } from '../../base/catalogue/categories.js'
import { routeEach } from '../../../http/route-each.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { Detail } from '../../base/dialect/schemas.js'
import type { OncePerWindow } from '../../base/limits/rate-limiter.js'
import { formatDuration } from '../../../core/durations.js'
import { ResyncAnswer, ResyncBody, SyncStatusAnswer, SyncStatusQuery } from './schemas.js'
import type { SyncService } from './sync-service.js'
import { resyncStartingPoint, syncStatusRecord } from './sync-view.js'

export interface SyncRouteOptions {
  readonly auth: UnifiedAuth
  readonly sync: SyncService
  readonly clock: Clock
  readonly fullResyncs: OncePerWindow
  readonly fullResyncWindowMs: number
}

/** GET sync-status and POST sync-status/resync of every category. */
export const syncRoutes: FastifyPluginAsync<SyncRouteOptions> = async (app, { auth, sync, clock, fullResyncs, fullResyncWindowMs }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()

  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    r.get(`/api/${category}/v1/sync-status`, {
      onRequest: auth.account,
      config: journaled('sync-status', { category, facets: [] }),
      schema: {
        tags,
        summary: 'Sync status of every model of the linked account, in a stable order',
        querystring: SyncStatusQuery,
        description: 'Under the control API\'s sync_status_field_names quirk the records take the spec\'s sample names (model, last_sync_started): the second schema of the 200 answer.',
        response: { 200: SyncStatusAnswer, 400: Detail, 401: Detail, 403: Detail, 429: Detail }
      }
    }, async (request) => {
      const { account } = requestAccount(request)
      const size = pageSize(request.query.page_size)
      // Positions run 0..n-1 in catalogue order: a dense list, whose cursors name the row a page starts at.
      const cursor = openCursor(plainCursors, request.query.cursor, undefined, () => appError('ACCOUNT_LIST_BAD_CURSOR'))
      if (cursor?.backward === true) throw appError('ACCOUNT_LIST_BAD_CURSOR')
      const w = denseWalk(cursor?.position ?? null, size)
      const page = pageOf(w, sync.page(account.id, w.from ?? -1, w.limit), (s) => s.position)
      const start = (at: typeof page.next): string | null => {
        const position = denseStart(at, size)
        return position === null ? null : plainCursors.encode({ position, backward: false })
      }
      const answer = { next: start(page.next), previous: start(page.previous), results: page.rows.map(syncStatusRecord) }
      request.journal.syncStatus(answer)
      return answer
    })
  })
  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    r.post(`/api/${category}/v1/sync-status/resync`, {
      onRequest: auth.account,
      config: journaled('resync', { category, facets: [] }),
      schema: {
        tags,
        summary: 'Force a resync: FULL (no body, or sync_type FULL) or INCREMENTAL with a target model_id',
        body: ResyncBody,
        response: { 200: ResyncAnswer, 400: Detail, 401: Detail, 403: Detail, 409: Detail, 429: Detail }
      }
    }, async (request) => {
      const { account } = requestAccount(request)
      request.journal.resyncFrom(resyncStartingPoint(sync.states(account.id)))
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
  })
}
