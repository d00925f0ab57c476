import type { FastifyRequest } from 'fastify'
import { routeConfigOf } from './route-context.js'

/**
 * The one declaration of what a route is, written where the route is registered and read by whoever
 * observes its requests, instead of each working it out from the URL: authentication (the category an
 * account token must be of), the service faults (the category, model and sync-status route a fault may be
 * scoped to), the request journal (the endpoint kind, the facets it shows, where a link token travels) and
 * the dashboard (what a control write changes). A route declares it in its config; observers read
 * `request.routeOptions.config.facts` (factsOf) or, when the route is added, `route.config.facts`:
 *
 *   r.get(path, { onRequest: auth.account, config: journaled('list', { category, model: model.id, facets: ['model'] }), schema }, handler)
 *   r.post('/webhooks/targets', { onRequest: auth.tenant, config: touching('webhooks'), schema }, handler)
 *
 * journaled() (integration/base/dialect/journal-recorder.ts) declares a route of the unified service or of the link
 * widget; touching() a control write. test/architecture/route-facts.test.ts walks every route and fails on
 * a unified route without a declaration, or on a declaration its path contradicts.
 */

/** What a route is to the journal and the integrator report (the `endpoint` facet). */
export type JournalKind =
  | 'list' | 'retrieve'
  | 'sync-status' | 'resync'
  | 'link-token' | 'account-token' | 'exchange'
  | 'account-details' | 'delete-account' | 'linked-accounts'
  | 'scopes' | 'available-actions' | 'account-token-regenerate' | 'remote-key' | 'webhook-receivers' | 'audit-trail' | 'issues' | 'group-types' | 'live-search'
  | 'widget-session' | 'widget-connect' | 'widget-exit' | 'link-complete'
  /** Writes (create, partial update, action, ignore, bulk), /meta and async tasks: writes/routes.ts. */
  | 'write' | 'meta' | 'bulk' | 'async-task'
  | 'passthrough' | 'async-passthrough' | 'async-passthrough-poll' | 'download' | 'download-meta' | 'remote-field-classes' | 'field-mappings'

/** `api`: /api/..., /{category}/v1/...; `widget`: the link widget's calls and the headless completion. */
export type JournalSurface = 'api' | 'widget'

/** What changed, as the dashboard's stream names it; the page reads the matching control API views again. */
export type Topic = 'accounts' | 'sync' | 'webhooks' | 'requests' | 'clock'

/** The category of a route registered with a `:category` param: each request's param names it. */
export const CATEGORY_PARAM = ':category'

export interface RouteFacts {
  /** Where the journal keeps its requests; a route of the unified service is `api`, and only those get faults. */
  readonly surface?: JournalSurface
  /** The endpoint it is; `sync-status` is the route a sync-status quirk rewrites. */
  readonly kind?: JournalKind
  /** The category its path names (`/api/{category}/...`), or CATEGORY_PARAM. */
  readonly category?: string
  /** The common model whose endpoint it is (`hris.Employee`), whatever path form a request used. */
  readonly model?: string
  /** Which of category and model its journal entries show among their facets. */
  readonly facets?: ReadonlyArray<'category' | 'model'>
  /**
   * A call of the link widget (or the headless completion standing in for it): journaled on the widget
   * surface, tied to the link token found in this part of the request (`link_token`), and, when the route
   * takes no API key, under the API key of the link token's account.
   */
  readonly linkToken?: 'query' | 'body' | 'params'
  /** What a write through it changes that the dashboard shows (and has no domain event for yet). */
  readonly touches?: readonly Topic[]
}

/** Route config of a control write: `config: touching('accounts', 'sync')`. */
export function touching (...topics: Topic[]): { readonly facts: RouteFacts } {
  return { facts: { touches: topics } }
}

/**
 * One operation a parametric route serves (see served-operations.ts): its own path, its declaration and its
 * schemas, built on first use. The route answers it as a route registered for it alone would, and the OpenAPI
 * document, the 405 table and the route-facts test read it as such a route.
 */
export interface ServedOperation {
  readonly method: string
  /** The operation's own path (`/api/hris/v1/employees/:id`). */
  readonly url: string
  readonly facts: RouteFacts
  /** Its schemas, as its own route would declare them (query, params, responses). */
  readonly schema: () => Record<string, unknown>
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared with journaled() or touching(). */
    readonly facts?: RouteFacts
    /** A parametric route's operations, in the OpenAPI document's order (the route declares its family's). */
    readonly operations?: readonly ServedOperation[]
  }
}

const OPERATION = Symbol('unimock.operation')

/** A parametric route names the operation a request is once its params are read: observers see that one's facts. */
export function nameOperation (request: FastifyRequest, facts: RouteFacts): void {
  (request as unknown as Record<symbol, RouteFacts>)[OPERATION] = facts
}

/** The operation a parametric route named for this request; undefined for every other route. */
export function namedOperation (request: FastifyRequest): RouteFacts | undefined {
  return request.is404 ? undefined : (request as unknown as Record<symbol, RouteFacts | undefined>)[OPERATION]
}

/** The declaration of the route a request matched; undefined when it matched none or the route declared nothing. */
export function factsOf (request: FastifyRequest): RouteFacts | undefined {
  const config = routeConfigOf(request)
  return config === undefined ? undefined : namedOperation(request) ?? config.facts
}

/** The category a request's route serves: the declared one, or the request's `category` param. */
export function categoryOf (facts: RouteFacts | undefined, request: FastifyRequest): string | undefined {
  if (facts?.category !== CATEGORY_PARAM) return facts?.category
  const param = (request.params as Record<string, unknown> | undefined)?.category
  return typeof param === 'string' ? param : undefined
}
