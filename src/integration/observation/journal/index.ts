import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../../context.js'
import { isAppError } from '../../../core/errors.js'
import { toAppError } from '../../../http/error-handling.js'
import { authFacts, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { JournalRecorder } from '../../base/dialect/journal-recorder.js'
import { categoryOf, namedOperation } from '../../../http/route-facts.js'
import { routeConfigOf } from '../../../http/route-context.js'
import { redactUrl } from '../../base/dialect/log-serializers.js'
import { unifiedInterface } from '../../base/dialect/unified-interface.js'
import type { LinkService } from '../../service/link/link-service.js'
import type { TenantService } from '../../base/tenants/tenant-service.js'
import { cursorFingerprints } from './cursor-fingerprints.js'
import { fingerprint } from '../../../core/fingerprint.js'
import type { JournalEntry, JournalFacets } from './journal-entry.js'
import { JournalStore } from './journal-store.js'
import { journaledQuery } from './journaled-query.js'
import { REQUEST_FACETS } from './request-facets.js'
import { journalRoutes } from './control-routes.js'
import { named } from '../../../http/plugin-name.js'
import type { DomainModule } from '../../../core/domain-module.js'

export type { JournalEntry, JournalFacets } from './journal-entry.js'
export { JournalStore } from './journal-store.js'

/** Refusals for the account's state: the call is still the account's ("calls after a 401" are tied to it). */
const RELINK_CODES = new Set(['AUTH_ACCOUNT_RELINK_NEEDED', 'AUTH_ACCOUNT_RELINK_NEEDED_FORBIDDEN'])

/** The unified-service services the journal reads: who a request's key and link token belong to. */
export interface JournalServices {
  readonly auth: UnifiedAuth
  readonly tenants: TenantService
  readonly link: LinkService
}

const fp = (cursor: string | null | undefined): string | null => cursor === null || cursor === undefined ? null : cursorFingerprints.of(cursor)

/**
 * Journals every request to the unified service, per API key (tenant), in memory. Each unified route
 * declares what it is (`config: journaled(...)`, src/http/route-facts.ts) and tells the request's recorder
 * what only it knows; the auth hooks record what they resolved; one entry is written once the request is
 * answered. Requests whose API key names no tenant are not journaled (they belong to no one's view), nor
 * are the plant store (/v3) and the control API, but for the headless link completion standing in for the
 * widget. The store is the composition root's (journalModule); the hooks and GET/DELETE /_unimock/requests are
 * installed here when the root registers them, between the sync hooks and the fault hooks.
 */
export function installJournal (app: FastifyInstance, context: AppContext, store: JournalStore, services: JournalServices): void {
  const { clock } = context
  const isUnified = (url: string): boolean => context.interfaces.forUrl(url) === unifiedInterface

  app.decorateRequest('journal', null as unknown as JournalRecorder)

  // Whether a route's path is the unified service's, per route: asking the URL on every request of the
  // plant store or the control API was a twentieth of a plant read's CPU.
  const unifiedRoutes = new Map<string, boolean>()
  const isUnifiedRoute = (path: string): boolean => {
    let unified = unifiedRoutes.get(path)
    if (unified === undefined) {
      unified = isUnified(path)
      unifiedRoutes.set(path, unified)
    }
    return unified
  }

  app.addHook('onRequest', (request, reply, done) => {
    // The route's config from its context: request.routeOptions builds a new object on every read.
    const options = routeConfigOf(request)
    const route = options?.facts
    // A route that declares no surface is the API's if its path is: one added from outside compose.ts (the
    // app's own unified routes all declare theirs: test/architecture/route-facts.test.ts).
    const surface = route?.surface ?? ((options?.url === undefined ? isUnified(request.url) : isUnifiedRoute(options.url)) ? 'api' : undefined)
    request.journal = new JournalRecorder(clock.of(null).now(), store.lastId, route, surface)
    // A request to the API that never gets an answer (a reset or hang fault, a client giving up) never
    // reaches onResponse: it is journaled when its connection closes, with status 0.
    if (surface === 'api') {
      reply.raw.once('close', () => { if (!reply.raw.headersSent) record(request, reply, 0) })
    }
    done()
  })

  app.addHook('onError', (request, _reply, error, done) => {
    if (request.journal !== null) request.journal.error = isAppError(error) ? error.code : toAppError(error, context.config.bodyLimit).code
    done()
  })

  /** The tenant of a request no auth hook ran for (no route matched): its API key, identified here once. */
  const keyTenant = (request: FastifyRequest): number | undefined => {
    const value = request.headers.authorization
    try {
      return services.tenants.authenticate(Array.isArray(value) ? value.join(', ') : value).id
    } catch {
      return undefined
    }
  }

  const record = (request: FastifyRequest, reply: FastifyReply, status = reply.statusCode): void => {
    const told = request.journal as JournalRecorder | null
    // No recorder: an earlier root hook answered before ours ran; the URL still says whether it was the API.
    const surface = told === null ? (isUnified(request.originalUrl) ? 'api' : undefined) : told.surface
    if (surface === undefined) return
    // A parametric route names its operation once its params are read; one that found none answered as no route.
    const route = request.is404 ? undefined : namedOperation(request) ?? told?.route
    const auth = authFacts(request)
    let tenantId = auth !== undefined ? auth.tenant?.id : surface === 'api' ? keyTenant(request) : undefined

    let error = told?.error ?? null
    if (error === null && route?.kind === undefined && status === 404) error = 'ROUTE_NOT_FOUND'
    if (error === null && status === 405) error = 'METHOD_NOT_ALLOWED'
    const facets: Record<string, unknown> = {}
    let accountId: string | null = null

    if (route?.linkToken !== undefined) {
      const part = route.linkToken === 'query' ? request.query : route.linkToken === 'body' ? request.body : request.params
      const token = (part as Record<string, unknown> | null | undefined)?.link_token
      // The handler tells what it found and left; only a request refused before it (a body that fails its
      // schema) has its token looked up here.
      const found = told?.linkTokenFound
      const view = found !== undefined ? found ?? undefined : typeof token === 'string' && token !== '' ? services.link.view(token) : undefined
      if (typeof token === 'string' && token !== '') facets.linkToken = fingerprint(token)
      // The widget's own calls carry no API key: they belong to the link token's.
      if (auth === undefined) tenantId = view?.account.tenantId
      if (view !== undefined && view.account.tenantId === tenantId) {
        accountId = view.account.id
        facets.linkTokenState = view.state
        facets.accountStatus = view.account.status
        facets.category = view.account.category
      }
    } else {
      accountId = auth?.account?.id ?? told?.actedOn ?? null
      if (accountId === null && error !== null && RELINK_CODES.has(error)) accountId = auth?.identified?.id ?? null
    }
    if (tenantId === undefined) return

    if (route?.kind !== undefined) {
      facets.endpoint = route.kind
      if (surface === 'api') {
        if (route.model !== undefined && route.facets?.includes('model') === true) facets.model = route.model
        const category = route.facets?.includes('category') === true ? categoryOf(route, request) : undefined
        if (category !== undefined) facets.category = category
        REQUEST_FACETS[route.kind]?.(request, facets)
      }
    }
    if (told !== null) {
      if (told.syncBefore !== undefined) facets.syncBefore = told.syncBefore
      if (told.written !== undefined) facets.write = told.written
      // What the client saw: a page's cursors and contents count only on a GET answered 200.
      if (status === 200 && request.method === 'GET') {
        if (told.next !== undefined) { facets.next = fp(told.next); facets.previous = fp(told.previous) }
        if (told.polled !== undefined) {
          facets.answer = fingerprint(JSON.stringify(told.polled))
          facets.syncing = told.polled.results.some((s) => s.status === 'SYNCING')
        }
      }
    }

    const original = request.originalUrl
    const q = original.indexOf('?')
    const entry: JournalEntry = {
      id: store.nextId(),
      tenantId,
      // Stamped in the server's time as the request began (its key unknown then), shown in the key's.
      at: (told?.at ?? clock.of(null).now()) + clock.of(tenantId).now() - clock.of(null).now(),
      startedAfter: told?.startedAfter ?? 0,
      surface,
      method: request.method,
      path: redactUrl(q < 0 ? original : original.slice(0, q)),
      query: journaledQuery(request.query),
      status,
      error,
      durationMs: Math.round(reply.elapsedTime * 1000) / 1000,
      accountId,
      facets: facets as JournalFacets
    }
    store.add(entry)
  }

  app.addHook('onResponse', (request, reply, done) => {
    record(request, reply)
    done()
  })

  void app.register(named('journalRoutes', journalRoutes), { prefix: '/_unimock', auth: services.auth, store })
}

/** The journal's store: kept in memory, emptied by a full reset, a key's part dropped by that key's reset. */
export function journalModule (config: { journalSize: number, journalTotal: number }): { journal: JournalStore, module: DomainModule } {
  const journal = new JournalStore(config.journalSize, config.journalTotal)
  return { journal, module: { reset: () => { journal.reset() }, resetTenant: (tenantId) => { journal.clear(tenantId) } } }
}
