import { readFileSync } from 'node:fs'
import { KitError } from './errors.js'

/**
 * Where the backend's routes are and how they take their inputs. The spec names six routes under
 * {app_prefix}; real integrators name theirs "however fits your API" (Merge's own backend guide): another
 * prefix, relink and delete taking `linked_account_id`, the exchange body carrying the category or the origin
 * id. A route map (`--routes FILE`, JSON) says so, and the kit judges such a backend without glue code. Every
 * key is optional: what a map leaves out is the spec's.
 */

export type RouteName = 'create-link-token' | 'exchange-public-token' | 'relink-integration' | 'delete-integration' | 'check-sync-status'

export interface RouteSpec {
  readonly method: string
  /** Under the prefix; `{category}` and `{id}` are filled in. */
  readonly path: string
  /** The body (query, for GET) field that carries the integration id; unused when the path has `{id}`. */
  readonly id?: string
  /** The field that carries the category; unused when the path has `{category}`. */
  readonly category?: string
  /** The field that carries the end user origin id (the exchange, in Merge's guide). */
  readonly origin_id?: string
}

/** Where the kit learns an integration's id: a field of the exchange answer, or the service's linked account id. */
export type IdSource = { readonly from: 'exchange', readonly field: string } | { readonly from: 'linked-account-id' }

export interface RouteMap {
  readonly prefix: string | undefined
  readonly routes: Readonly<Record<RouteName, RouteSpec>>
  readonly webhook: string
  /** The optional listing of the user's integrations (GET {prefix}/integrations by default); null when there is none. */
  readonly integrations: { readonly method: string, readonly path: string, readonly field: string, readonly id: string } | null
  readonly idFrom: IdSource
}

export const ROUTE_NAMES: readonly RouteName[] = ['create-link-token', 'exchange-public-token', 'relink-integration', 'delete-integration', 'check-sync-status']

/** The spec's route table. */
export const SPEC_ROUTES: RouteMap = {
  prefix: undefined,
  routes: {
    'create-link-token': { method: 'POST', path: '/create-link-token', category: 'category' },
    'exchange-public-token': { method: 'POST', path: '/exchange-public-token' },
    'relink-integration': { method: 'POST', path: '/relink-integration', id: 'integration_id' },
    'delete-integration': { method: 'POST', path: '/delete-integration', id: 'integration_id' },
    'check-sync-status': { method: 'POST', path: '/check-sync-status', id: 'integration_id' }
  },
  webhook: '/webhook/{category}',
  integrations: { method: 'GET', path: '/integrations', field: 'integrations', id: 'integration_id' },
  idFrom: { from: 'exchange', field: 'integration_id' }
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
const FIELD = /^[A-Za-z_][A-Za-z0-9_.-]*$/

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function bad (file: string, key: string, why: string): KitError {
  return new KitError(`--routes ${file}: "${key}" ${why}; see docs/conformance.md ("Your own route names")`)
}

function path (file: string, key: string, value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) throw bad(file, key, `must be a path starting with /, got ${JSON.stringify(value)}`)
  return value
}

function field (file: string, key: string, value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !FIELD.test(value)) throw bad(file, key, `must be a field name such as integration_id, got ${JSON.stringify(value)}`)
  return value
}

function method (file: string, key: string, value: unknown, fallback: string): string {
  if (value === undefined) return fallback
  const m = typeof value === 'string' ? value.toUpperCase() : ''
  if (!METHODS.has(m)) throw bad(file, key, `must be one of ${[...METHODS].join(', ')}, got ${JSON.stringify(value)}`)
  return m
}

function route (file: string, name: RouteName, given: unknown): RouteSpec {
  const spec = SPEC_ROUTES.routes[name]
  if (given === undefined) return spec
  if (!isObject(given)) throw bad(file, name, 'must be an object such as {"path": "/create-link-token"}')
  for (const k of Object.keys(given)) if (!['method', 'path', 'id', 'category', 'origin_id'].includes(k)) throw bad(file, `${name}.${k}`, 'is not a key of a route (method, path, id, category, origin_id)')
  const p = given.path === undefined ? spec.path : path(file, `${name}.path`, given.path)
  const id = field(file, `${name}.id`, given.id) ?? spec.id
  if (spec.id !== undefined && !p.includes('{id}') && id === undefined) throw bad(file, name, 'needs "id" (the field carrying the integration id) or {id} in its path')
  const category = field(file, `${name}.category`, given.category) ?? spec.category
  const originId = field(file, `${name}.origin_id`, given.origin_id)
  return { method: method(file, `${name}.method`, given.method, spec.method), path: p, ...(id === undefined ? {} : { id }), ...(category === undefined ? {} : { category }), ...(originId === undefined ? {} : { origin_id: originId }) }
}

function idSource (file: string, value: unknown): IdSource {
  if (value === undefined) return SPEC_ROUTES.idFrom
  if (value === 'linked-account-id') return { from: 'linked-account-id' }
  const m = typeof value === 'string' ? /^exchange:([A-Za-z_][A-Za-z0-9_.]*)$/.exec(value) : null
  if (m === null) throw bad(file, 'id_from', `must be "exchange:FIELD" (a field of the exchange answer) or "linked-account-id" (the service's linked account id), got ${JSON.stringify(value)}`)
  return { from: 'exchange', field: m[1]! }
}

/** A route map from its JSON text; a KitError naming the key for anything wrong. */
export function parseRouteMap (text: string, file: string): RouteMap {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new KitError(`--routes ${file}: not JSON (${(error as Error).message})`)
  }
  if (!isObject(json)) throw new KitError(`--routes ${file}: must be a JSON object with a key per route`)
  const known = new Set<string>([...ROUTE_NAMES, 'prefix', 'webhook', 'integrations', 'id_from'])
  for (const k of Object.keys(json)) if (!known.has(k)) throw bad(file, k, `is not a key of a route map (${[...known].join(', ')})`)
  const routes = Object.fromEntries(ROUTE_NAMES.map((n) => [n, route(file, n, json[n])])) as Record<RouteName, RouteSpec>
  let webhook = SPEC_ROUTES.webhook
  if (json.webhook !== undefined) {
    const w = isObject(json.webhook) ? json.webhook.path : json.webhook
    webhook = path(file, 'webhook.path', w)
  }
  let integrations = SPEC_ROUTES.integrations
  if (json.integrations === null) integrations = null
  else if (json.integrations !== undefined) {
    if (!isObject(json.integrations)) throw bad(file, 'integrations', 'must be {"path": ..., "field": ..., "id": ...} or null (no listing)')
    for (const k of Object.keys(json.integrations)) if (!['method', 'path', 'field', 'id'].includes(k)) throw bad(file, `integrations.${k}`, 'is not a key of the listing (method, path, field, id)')
    integrations = {
      method: method(file, 'integrations.method', json.integrations.method, 'GET'),
      path: path(file, 'integrations.path', json.integrations.path),
      field: field(file, 'integrations.field', json.integrations.field) ?? 'integrations',
      id: field(file, 'integrations.id', json.integrations.id) ?? 'integration_id'
    }
  }
  const prefix = json.prefix === undefined ? undefined : json.prefix === '' ? '' : path(file, 'prefix', json.prefix).replace(/\/+$/, '')
  return { prefix, routes, webhook, integrations, idFrom: idSource(file, json.id_from) }
}

export function readRouteMap (file: string): RouteMap {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new KitError(`--routes ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  return parseRouteMap(text, file)
}

/** What a call to a route carries; each goes where the route map says. */
export interface RouteArgs {
  readonly category?: string
  readonly id?: string | number
  readonly publicToken?: string
  readonly originId?: string
}

export interface RouteRequest {
  readonly method: string
  /** Under the prefix, with its query. */
  readonly path: string
  readonly body: Readonly<Record<string, unknown>> | undefined
}

/** The request for a route: placeholders filled, the rest in the JSON body (or the query, for GET). */
export function requestFor (spec: RouteSpec, args: RouteArgs): RouteRequest {
  const fields: Record<string, unknown> = {}
  let p = spec.path
  const place = (placeholder: string, name: string | undefined, value: unknown): void => {
    if (p.includes(placeholder)) p = p.replace(placeholder, encodeURIComponent(value === undefined ? '0' : String(value)))
    else if (name !== undefined && value !== undefined) fields[name] = value
  }
  place('{category}', spec.category, args.category)
  place('{id}', spec.id, args.id)
  if (args.publicToken !== undefined) fields.public_token = args.publicToken
  if (spec.origin_id !== undefined && args.originId !== undefined) fields[spec.origin_id] = args.originId
  if (spec.method !== 'GET') return { method: spec.method, path: p, body: fields }
  const query = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString()
  return { method: 'GET', path: query === '' ? p : `${p}?${query}`, body: undefined }
}
