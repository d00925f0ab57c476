import t from 'tap'
import { buildApp } from '../../src/app.js'
import { VirtualClock } from '../../src/core/virtual-clock.js'
import { CATEGORY_PARAM, type RouteFacts } from '../../src/http/route-facts.js'
import { CATEGORIES, UNIFIED_PREFIXES } from '../../src/integration/base/catalogue/categories.js'
import { type ApiRevision, type Catalogue, loadCatalogue } from '../../src/integration/base/catalogue/catalogue.js'
import { journaled } from '../../src/integration/base/dialect/journal-recorder.js'
import { START } from '../helpers/app.js'

/**
 * Authentication, the service faults, the journal and the dashboard learn what a route is from its
 * declaration (src/http/route-facts.ts), never from its URL. So every route of the unified service must
 * declare itself, and say what its path says: a route that forgot would skip the account's category check
 * and every fault, and one that contradicts its path would be scoped, authenticated or journaled wrongly.
 * Every control write declares what it changes on the dashboard.
 */

interface Route {
  readonly method: string
  readonly url: string
  readonly facts: RouteFacts | undefined
}

const categories: readonly string[] = CATEGORIES
const isUnified = (url: string): boolean => UNIFIED_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`))

/** What is wrong with a route's declaration, judged from its path; empty when nothing is. */
function disagreements (route: Route, catalogue: Pick<Catalogue, 'bySegment'>): string[] {
  const { method, url, facts } = route
  if (!isUnified(url)) {
    if (facts?.surface === 'api') return ['declares the unified API but is not under /api or /{category}/v1']
    if (url.startsWith('/_unimock/') && method !== 'GET' && (facts?.touches === undefined || facts.touches.length === 0)) return ['a control write that declares nothing it touches']
    return []
  }
  if (facts?.surface !== 'api') return ['a route of the unified API without its declaration (journaled(kind, { category, ... }))']
  const parts = url.split('/').filter((p) => p !== '')
  if (parts[0] === 'api') parts.shift()
  const segment = parts.shift()!
  if (parts[0] === 'v1') parts.shift()
  const problems: string[] = []
  const category = segment === CATEGORY_PARAM ? CATEGORY_PARAM : categories.includes(segment) ? segment : undefined
  if (facts.category !== category) problems.push(`declares category ${String(facts.category)}, its path says ${String(category)}`)
  const pathModel = category === undefined || category === CATEGORY_PARAM || parts[0] === undefined ? undefined : catalogue.bySegment(category, parts[0])?.id
  if (pathModel !== undefined && facts.model !== pathModel) problems.push(`declares model ${String(facts.model)}, its path is ${pathModel}'s`)
  if (pathModel === undefined && facts.model !== undefined && category !== CATEGORY_PARAM && !facts.model.startsWith(`${String(category)}.`)) {
    problems.push(`declares model ${facts.model}, not one of category ${String(category)}`)
  }
  const syncStatus = method === 'GET' && parts.length === 1 && parts[0] === 'sync-status'
  if ((facts.kind === 'sync-status') !== syncStatus) problems.push(syncStatus ? 'is GET sync-status but declares kind ' + String(facts.kind) : 'declares kind sync-status on another path')
  return problems
}

/** Every route an app registers, and every operation a parametric route serves, with its declaration. */
async function routesOf (apiRevision: ApiRevision): Promise<Route[]> {
  const app = buildApp({ clock: 'virtual', logLevel: 'silent', apiRevision }, { clock: new VirtualClock(START) })
  const routes: Route[] = []
  app.addHook('onRoute', (r) => {
    for (const method of Array.isArray(r.method) ? r.method : [r.method]) routes.push({ method, url: r.url, facts: r.config?.facts })
    // A parametric route's operations are judged as the routes they stand for, each by its own path.
    for (const op of r.config?.operations ?? []) routes.push({ method: op.method, url: op.url, facts: op.facts })
  })
  await app.ready()
  await app.close()
  return routes
}

for (const revision of ['4.0.4', '2026'] as const) {
  t.test(`every route of the unified API (revision ${revision}) declares what its path says, every control write what it touches`, async (t) => {
    const catalogue = loadCatalogue(revision)
    const routes = await routesOf(revision)
    const unified = routes.filter((r) => isUnified(r.url))
    t.ok(unified.length > 500, `${unified.length} unified routes`)
    t.ok(routes.filter((r) => r.url.startsWith('/_unimock/') && r.method !== 'GET').length > 30, 'and the control writes')
    const wrong = routes.flatMap((r) => disagreements(r, catalogue).map((p) => `${r.method} ${r.url}: ${p}`))
    t.same(wrong, [])
  })
}

t.test('the check fails on a forgotten declaration or one its path contradicts', async (t) => {
  const catalogue = loadCatalogue()
  const check = (method: string, url: string, config?: { facts: RouteFacts }): string[] => disagreements({ method, url, facts: config?.facts }, catalogue)
  t.same(check('GET', '/api/hris/v1/forgotten'), ['a route of the unified API without its declaration (journaled(kind, { category, ... }))'])
  t.same(check('GET', '/api/hris/v1/employees', journaled('list', { category: 'ats', model: 'hris.Employee' })), ['declares category ats, its path says hris'])
  t.same(check('GET', '/api/hris/v1/employees', journaled('list', { category: 'hris' })), ['declares model undefined, its path is hris.Employee\'s'])
  t.same(check('GET', '/api/hris/v1/things', journaled('list', { category: 'hris', model: 'ats.Job' })), ['declares model ats.Job, not one of category hris'])
  t.same(check('GET', '/api/hris/v1/sync-status', journaled('list', { category: 'hris' })), ['is GET sync-status but declares kind list'])
  t.same(check('GET', '/api/:category/v1/sync-status', journaled('sync-status', { category: 'hris' })), ['declares category hris, its path says :category'])
  t.same(check('GET', '/api/:category/v1/sync-status', journaled('sync-status', { category: CATEGORY_PARAM })), [])
  t.same(check('GET', '/_unimock/things', journaled('list')), ['declares the unified API but is not under /api or /{category}/v1'])
  t.same(check('POST', '/_unimock/things'), ['a control write that declares nothing it touches'])
  t.same(check('GET', '/_unimock/things'), [], 'a control read touches nothing')
})
