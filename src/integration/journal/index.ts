import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context.js'
import { isAppError } from '../../core/errors.js'
import { toAppError } from '../../http/error-handling.js'
import { accountOf, requestTenant } from '../accounts/request-auth.js'
import { redactUrl } from '../http/redact.js'
import type { AccountService } from '../accounts/account-service.js'
import type { UnifiedAuth } from '../accounts/request-auth.js'
import type { LinkService } from '../link/link-service.js'
import type { SyncService } from '../sync/sync-service.js'
import type { Tenant } from '../tenants/tenant.js'
import type { TenantService } from '../tenants/tenant-service.js'
import { type DataModelRoute, type Endpoint, endpointTable, isUnifiedPath, PAGED_KINDS, WIDGET_ROUTES } from './endpoints.js'
import { fingerprint, personFingerprint } from './fingerprint.js'
import type { JournalEntry, JournalFacets, JournalSurface, SyncBefore } from './journal-entry.js'
import { JournalStore } from './journal-store.js'
import { journaledQuery } from './query-redaction.js'
import { pageCursors, syncBefore, TokenOwners } from './recorder.js'
import { journalRoutes } from './routes.js'

export type { JournalEntry, JournalFacets } from './journal-entry.js'
export { JournalStore } from './journal-store.js'

/** What the hooks learn before the response is written, for the entry written after it. */
interface Extra {
  syncBefore?: SyncBefore
  next?: string | null
  previous?: string | null
  answer?: string
  syncing?: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    unimockJournalAt: number
    unimockJournalMark: number
    unimockJournalError: string | null
    unimockJournalExtra: Extra | null
  }
}

const RELINK_CODES = new Set(['AUTH_ACCOUNT_RELINK_NEEDED', 'AUTH_ACCOUNT_RELINK_NEEDED_FORBIDDEN'])

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

const str = (value: unknown): string | undefined => typeof value === 'string' ? value : undefined
const field = (body: unknown, name: string): unknown => body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined

function pageSizeOf (value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? n : undefined
}

/** The unified-service services the journal reads: who a request's key and tokens belong to. */
export interface JournalServices {
  readonly auth: UnifiedAuth
  readonly tenants: TenantService
  readonly accounts: AccountService
  readonly link: LinkService
}

export interface JournalOptions {
  /** Every data model, so a list is known by its model whatever path form was used. */
  readonly models: readonly DataModelRoute[]
  readonly sync: SyncService
}

/**
 * Journals every request to the unified service, per API key (tenant), in memory: root hooks note when a
 * request arrived, the error it was answered with, a resync's starting state and a page's cursors, and
 * write one entry once it is answered. Requests whose API key names no tenant are not journaled (they
 * belong to no one's view); plant-store requests (/v3) have no tenant and are left out.
 * Also registers GET/DELETE /_unimock/requests.
 */
export function registerJournal (app: FastifyInstance, context: AppContext, services: JournalServices, options: JournalOptions): JournalStore {
  const { clock } = context
  const store = new JournalStore(context.config.journalSize)
  const table = endpointTable(options.models)
  const owners = new TokenOwners(services.accounts)
  context.onReset(() => {
    store.reset()
    owners.clear()
  })

  app.decorateRequest('unimockJournalAt', 0)
  app.decorateRequest('unimockJournalMark', 0)
  app.decorateRequest('unimockJournalError', null)
  app.decorateRequest('unimockJournalExtra', null)

  const extra = (request: FastifyRequest): Extra => (request.unimockJournalExtra ??= {})
  const endpointOf = (request: FastifyRequest): Endpoint | undefined => {
    const route = request.routeOptions.url
    return route === undefined ? undefined : table.get(route)
  }

  app.addHook('onRequest', (request, reply, done) => {
    request.unimockJournalAt = clock.now()
    request.unimockJournalMark = store.lastId
    // A request that never gets an answer (a reset or hang fault, a client giving up) never reaches
    // onResponse: it is journaled when its connection closes, with status 0.
    if (isUnifiedPath(request.url)) {
      reply.raw.once('close', () => { if (!reply.raw.headersSent) record(request, reply, 0) })
    }
    done()
  })

  app.addHook('onError', (request, _reply, error, done) => {
    request.unimockJournalError = isAppError(error) ? error.code : toAppError(error, context.config.bodyLimit).code
    done()
  })

  // A resync changes the state the report judges it by: read it first (auth has run by preHandler time).
  app.addHook('preHandler', (request, _reply, done) => {
    if (endpointOf(request)?.kind === 'resync') {
      const account = accountOf(request)
      if (account !== undefined) extra(request).syncBefore = syncBefore(options.sync.states(account.id))
    }
    done()
  })

  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 200 && request.method === 'GET') {
      const endpoint = endpointOf(request)
      if (endpoint !== undefined && PAGED_KINDS.has(endpoint.kind)) {
        const cursors = pageCursors(payload)
        if (cursors !== undefined) {
          const e = extra(request)
          e.next = cursors.next
          e.previous = cursors.previous
          if (endpoint.kind === 'sync-status' && typeof payload === 'string') {
            e.answer = fingerprint(payload)
            e.syncing = payload.includes('"status":"SYNCING"')
          }
        }
      }
    }
    done(null, payload)
  })

  const tenantOf = (request: FastifyRequest): Tenant | undefined => {
    try {
      return requestTenant(request)
    } catch {
      // No auth hook ran (an unknown path) or it failed; a well-formed key still names its tenant.
    }
    try {
      return services.tenants.authenticate(header(request, 'authorization'))
    } catch {
      return undefined
    }
  }

  const record = (request: FastifyRequest, reply: FastifyReply, status = reply.statusCode): void => {
    const original = request.originalUrl
    const q = original.indexOf('?')
    const rawPath = q < 0 ? original : original.slice(0, q)
    const route = request.routeOptions.url
    const widgetKind = route === undefined ? undefined : WIDGET_ROUTES.get(route)
    let surface: JournalSurface
    if (widgetKind !== undefined) surface = 'widget'
    else if (isUnifiedPath(rawPath) || isUnifiedPath(request.url)) surface = 'api'
    else return

    const endpoint = route === undefined ? undefined : table.get(route)
    let error = request.unimockJournalError
    if (error === null && route === undefined && status === 404) error = 'ROUTE_NOT_FOUND'
    if (error === null && status === 405) error = 'METHOD_NOT_ALLOWED'
    const facets: Record<string, unknown> = {}
    if (endpoint !== undefined) facets.endpoint = endpoint.kind
    let tenantId: number | undefined
    let accountId: string | null = null

    if (surface === 'widget') {
      const token = str(widgetKind === 'widget-connect' ? field(request.body, 'link_token')
        : widgetKind === 'link-complete' ? field(request.params, 'link_token') : field(request.query, 'link_token'))
      const view = token === undefined || token === '' ? undefined : services.link.view(token)
      if (token !== undefined && token !== '') facets.linkToken = fingerprint(token)
      if (widgetKind === 'link-complete') tenantId = tenantOf(request)?.id
      else tenantId = view?.account.tenantId
      if (view !== undefined && view.account.tenantId === tenantId) {
        accountId = view.account.id
        facets.linkTokenState = view.state
        facets.accountStatus = view.account.status
        facets.category = view.account.category
      }
    } else {
      const tenant = tenantOf(request)
      if (tenant === undefined) return
      tenantId = tenant.id
      accountId = accountOf(request)?.id ?? null
      if (accountId === null && error !== null && RELINK_CODES.has(error)) {
        accountId = owners.owner(tenant, header(request, 'x-account-token')) ?? null
      }
      if (endpoint !== undefined) apiFacets(endpoint, request, facets)
    }
    if (tenantId === undefined) return

    const seen = request.unimockJournalExtra
    if (seen !== null) {
      if (seen.syncBefore !== undefined) facets.syncBefore = seen.syncBefore
      if (seen.next !== undefined) { facets.next = seen.next; facets.previous = seen.previous }
      if (seen.answer !== undefined) { facets.answer = seen.answer; facets.syncing = seen.syncing }
    }
    const entry: JournalEntry = {
      id: store.nextId(),
      tenantId,
      // 0 when an earlier root hook answered before ours ran.
      at: request.unimockJournalAt === 0 ? clock.now() : request.unimockJournalAt,
      startedAfter: request.unimockJournalMark,
      surface,
      method: request.method,
      path: redactUrl(rawPath),
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

  void app.register(journalRoutes, { prefix: '/_unimock', auth: services.auth, store })
  return store
}

/** The facets of one unified-service endpoint, from what the client sent. */
function apiFacets (endpoint: Endpoint, request: FastifyRequest, facets: Record<string, unknown>): void {
  const query = request.query
  const body = request.body
  switch (endpoint.kind) {
    case 'list':
    case 'sync-status':
    case 'linked-accounts': {
      if (endpoint.model !== undefined) facets.model = endpoint.model
      const size = pageSizeOf(field(query, 'page_size'))
      if (size !== undefined) facets.pageSize = size
      const cursor = str(field(query, 'cursor'))
      if (cursor !== undefined && cursor !== '') facets.cursor = fingerprint(cursor)
      const after = str(field(query, 'modified_after'))
      const before = str(field(query, 'modified_before'))
      if (after !== undefined) facets.modifiedAfter = after
      if (before !== undefined) facets.modifiedBefore = before
      return
    }
    case 'retrieve':
      facets.model = endpoint.model
      return
    case 'resync': {
      const type = field(body, 'sync_type')
      // No body (or no sync_type) is a FULL resync, as the service reads it.
      facets.syncType = type === undefined || type === null ? 'FULL' : String(type)
      const target = str(field(body, 'target'))
      if (target !== undefined) facets.target = target
      return
    }
    case 'link-token': {
      const origin = str(field(body, 'end_user_origin_id'))
      if (origin !== undefined) facets.endUserOriginId = origin
      const email = personFingerprint(str(field(body, 'end_user_email_address')))
      const organization = personFingerprint(str(field(body, 'end_user_organization_name')))
      if (email !== undefined) facets.endUserEmail = email
      if (organization !== undefined) facets.organization = organization
      facets.category = /^\/api\/([^/]+)\//.exec(request.routeOptions.url ?? '')?.[1]
      return
    }
    case 'account-token': {
      const token = str(field(request.params, 'public_token'))
      if (token !== undefined) facets.publicToken = fingerprint(token)
      return
    }
    case 'exchange': {
      const token = str(field(body, 'public_token'))
      if (token !== undefined) facets.publicToken = fingerprint(token)
    }
  }
}
