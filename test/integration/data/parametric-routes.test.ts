import t from 'tap'
import { loadCatalogue } from '../../../src/integration/base/catalogue/catalogue.js'
import { CATEGORIES } from '../../../src/integration/base/catalogue/categories.js'
import { faultSetup } from '../faults/helpers.js'
import { journalSetup } from '../journal/helpers.js'
import { dataAccount, dataApp } from './helpers.js'

/**
 * Two parametric routes serve every model's list and retrieve (data-routes.ts). What one route per model
 * answered must not change: a path no model has is no route (404, or 405 where another method serves it),
 * before any authentication or fault; each model's query is validated by its own schema; the journal and the
 * faults see the model's operation; the OpenAPI document keeps one operation per endpoint.
 */

t.test('a path no model has answers as no route: 404 before authentication, 405 where another method serves it', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris')
  for (const [path, client] of [['/api/hris/v1/employeez', hris.api], ['/api/hris/v1/employeez', hris.control], ['/api/nope/v1/employees', hris.control], ['/api/hris/v1/employeez/1', hris.control]] as const) {
    const res = await client.get(path)
    t.equal(res.statusCode, 404, `GET ${path}: 404`)
    t.same(res.json(), { detail: `No route GET ${path}. See GET /openapi.json for every route.` })
  }
  const noRetrieve = loadCatalogue().models.find((m) => !m.retrieve && m.category === 'hris')
  if (noRetrieve !== undefined) {
    const res = await hris.api.get(`/api/hris/v1/${noRetrieve.segment}/some-id`)
    t.equal(res.statusCode, 404, `${noRetrieve.id} has no retrieve: its {id} path is no route`)
  }
  const wrongMethod = await hris.control.get('/api/hris/v1/link-token')
  t.equal(wrongMethod.statusCode, 405, 'a path only POST serves: 405')
  t.equal(wrongMethod.headers.allow, 'POST, OPTIONS')
  const head = await app.inject({ method: 'HEAD', url: '/api/hris/v1/employeez' })
  t.equal(head.statusCode, 404, 'HEAD of no route: 404')
})

t.test('each model\'s query is validated by its own schema, after authentication', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris')
  t.equal((await hris.control.get('/api/hris/v1/employees?page_size=abc')).statusCode, 401, 'authentication first')
  const bad = await hris.api.get('/api/hris/v1/employees?page_size=abc')
  t.equal(bad.statusCode, 400)
  t.match(bad.json(), { detail: /querystring field page_size/ })
  const ok = await hris.api.get('/api/hris/v1/employees?page_size=2&include_remote_data=true')
  t.equal(ok.statusCode, 200)
  t.equal(ok.json().results.length, 2, 'coerced as before: page_size 2')
  const id = ok.json().results[0].id
  const badRetrieve = await hris.api.get(`/api/hris/v1/employees/${id}?include_remote_data=maybe`)
  t.equal(badRetrieve.statusCode, 400, 'the retrieve\'s query has its own schema')
})

t.test('the journal sees the model\'s operation, and a path no model has as no route', async (t) => {
  const { api, journal } = await journalSetup(t)
  const { accountToken } = await api.link('hris', 'org-journal')
  const account = api.withAccount(accountToken)
  await account.get('/api/hris/v1/employees?page_size=1')
  await account.get('/api/hris/v1/employeez')
  const entries = (await journal()).entries
  const list = entries.find((e) => e.path === '/api/hris/v1/employees')
  t.match(list, { status: 200, facets: { endpoint: 'list', model: 'hris.Employee' } })
  const unknown = entries.find((e) => e.path === '/api/hris/v1/employeez')
  t.match(unknown, { status: 404, error: 'ROUTE_NOT_FOUND' })
  t.notOk(unknown.facets?.endpoint, 'no endpoint: no route matched')
})

t.test('a fault scoped to a model answers its operations only; a path no model has stays a 404', async (t) => {
  const { account, addFault } = await faultSetup(t)
  await addFault({ kind: 'status', status: 503, scope: { model: 'hris.Employee' } })
  t.equal((await account.get('/api/hris/v1/employees')).statusCode, 503, 'the model\'s list is faulted')
  t.equal((await account.get('/api/hris/v1/companies')).statusCode, 200, 'another model\'s is not')
  await addFault({ kind: 'status', status: 500, scope: { category: 'hris' } })
  t.equal((await account.get('/api/hris/v1/employeez')).statusCode, 404, 'no route: no fault')
})

t.test('/openapi.json documents each model\'s list and retrieve as its own operation', async (t) => {
  const { app } = await dataApp(t)
  const doc = (await app.inject({ url: '/openapi.json' })).json()
  const catalogue = loadCatalogue()
  for (const model of catalogue.models) {
    const path = `/api/${model.category}/v1/${model.segment}`
    // A model listed only under its parent (a chat conversation's members) has no list of its own.
    if (model.nestedOnly) t.notOk(doc.paths[path]?.get, `${model.id}: no GET ${path}`)
    else t.ok(doc.paths[path]?.get?.operationId, `${model.id}: GET ${path}`)
    if (model.retrieve) t.ok(doc.paths[`${path}/{id}`]?.get?.operationId, `${model.id}: GET ${path}/{id}`)
  }
  t.notOk(Object.keys(doc.paths).some((p) => p.startsWith('/api/{category}') || p.includes('__served')), 'no parametric path of its own')
  t.equal(doc.paths['/api/hris/v1/employees'].get.operationId, 'hris.employees.list')
})

t.test('an operation every category has (routeEach): a category without it is no route; an account is admitted on its own category only', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris')
  for (const path of ['/api/nope/v1/issues', '/api/nope/v1/sync-status', '/api/nope/v1/webhook-receivers']) {
    const res = await hris.control.get(path)
    t.equal(res.statusCode, 404, `GET ${path}: 404 before authentication`)
    t.same(res.json(), { detail: `No route GET ${path}. See GET /openapi.json for every route.` })
  }
  t.equal((await hris.api.get('/api/hris/v1/sync-status')).statusCode, 200, 'the account\'s own category')
  const other = await hris.api.get('/api/ats/v1/sync-status')
  t.not(other.statusCode, 200, 'another category\'s path refuses the account')
  t.match(other.json(), { detail: /category|ats|hris/i })
  const doc = (await app.inject({ url: '/openapi.json' })).json()
  for (const category of CATEGORIES) {
    t.equal(doc.paths[`/api/${category}/v1/sync-status`]?.get?.operationId !== undefined, true, `${category}: GET sync-status documented`)
  }
  // The facts' endpoint list omits knowledgebase's receivers, the Python client calls them: served, with its names.
  t.equal(doc.paths['/api/knowledgebase/v1/webhook-receivers']?.get?.operationId, 'knowledgebase.webhook_receivers.list', 'knowledgebase webhook-receivers documented under the Python client\'s name')
})
