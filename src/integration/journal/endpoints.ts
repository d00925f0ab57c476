import { CATEGORIES, UNIFIED_PREFIXES } from '../catalog/categories.js'

/** What a route is to the journal: its kind, and for data lists the model. */
export interface Endpoint {
  readonly kind: string
  readonly model?: string
}

export interface DataModelRoute {
  readonly id: string
  readonly category: string
  readonly segment: string
}

/** Routes whose 200 answers are pages: the journal reads their next and previous cursors. */
export const PAGED_KINDS = new Set(['list', 'sync-status', 'linked-accounts'])

/** Route patterns of the link widget's calls and the headless completion that stands in for them. */
export const WIDGET_ROUTES: ReadonlyMap<string, string> = new Map([
  ['/link/api/session', 'widget-session'],
  ['/link/api/connect', 'widget-connect'],
  ['/link/api/exit', 'widget-exit'],
  ['/_unimock/link-tokens/:link_token/complete', 'link-complete']
])

/**
 * Route pattern → endpoint, for every route the report reasons about: a data list is known by its model
 * whichever of its three path forms was used.
 */
export function endpointTable (models: readonly DataModelRoute[]): Map<string, Endpoint> {
  const table = new Map<string, Endpoint>()
  for (const c of CATEGORIES) {
    const base = `/api/${c}/v1`
    table.set(`${base}/link-token`, { kind: 'link-token' })
    table.set(`${base}/account-token/:public_token`, { kind: 'account-token' })
    table.set(`${base}/account-details`, { kind: 'account-details' })
    table.set(`${base}/delete-account`, { kind: 'delete-account' })
    table.set(`${base}/linked-accounts`, { kind: 'linked-accounts' })
    table.set(`${base}/sync-status`, { kind: 'sync-status' })
    table.set(`${base}/sync-status/resync`, { kind: 'resync' })
  }
  table.set('/api/mktg/v1/create-link-token', { kind: 'exchange' })
  for (const m of models) {
    for (const path of [`/api/${m.category}/v1/${m.segment}`, `/api/${m.category}/${m.segment}`, `/${m.category}/v1/${m.segment}`]) {
      table.set(path, { kind: 'list', model: m.id })
      table.set(`${path}/:id`, { kind: 'retrieve', model: m.id })
    }
  }
  for (const [route, kind] of WIDGET_ROUTES) table.set(route, { kind })
  return table
}

const UNVERSIONED = UNIFIED_PREFIXES.filter((p) => p !== '/api')

/** Whether a path belongs to the unified service's interface (/api/..., /{category}/v1/...). */
export function isUnifiedPath (path: string): boolean {
  if (path.startsWith('/api/') || path === '/api') return true
  for (const p of UNVERSIONED) {
    if (path.startsWith(p) && (path.length === p.length || path[p.length] === '/' || path[p.length] === '?')) return true
  }
  return false
}
