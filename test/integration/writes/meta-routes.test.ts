import t from 'tap'
import { journalSetup } from '../journal/helpers.js'
import { dataAccount, dataApp } from '../data/helpers.js'

/**
 * Two parametric routes serve every model's /meta/post and /meta/patch/{id} (meta-routes.ts), as one route per
 * model did: a path no model has is no route (404 before authentication, 405 where another method serves it),
 * and the journal sees the model's operation.
 */

t.test('a /meta path no model has answers as no route, before authentication', async (t) => {
  const { app } = await dataApp(t)
  const crm = await dataAccount(app, 'crm', 'meta-key', { sync: false })
  for (const path of ['/api/crm/v1/contactz/meta/post', '/api/nope/v1/contacts/meta/post', '/api/crm/v1/contactz/meta/patch/1', '/api/hris/v1/locations/meta/post', '/api/hris/v1/employees/meta/patch/1']) {
    const res = await crm.control.get(path)
    t.equal(res.statusCode, 404, `GET ${path}: 404`)
    t.same(res.json(), { detail: `No route GET ${path}. See GET /openapi.json for every route.` })
  }
  const wrongMethod = await app.inject({ method: 'POST', url: '/api/crm/v1/contacts/meta/post' })
  t.equal(wrongMethod.statusCode, 405, 'POST of a /meta path: 405')
  t.equal(wrongMethod.headers.allow, 'GET, HEAD, OPTIONS')
  t.equal((await crm.control.get('/api/crm/v1/contacts/meta/post')).statusCode, 401, 'a served path authenticates')
  t.equal((await crm.api.get('/api/crm/v1/contacts/meta/post')).statusCode, 200, 'and answers the account')
})

t.test('the journal sees the model\'s /meta operation', async (t) => {
  const { api, journal } = await journalSetup(t)
  const { accountToken } = await api.link('crm', 'org-meta')
  await api.withAccount(accountToken).get('/api/crm/v1/contacts/meta/post')
  const entry = (await journal()).entries.find((e) => e.path === '/api/crm/v1/contacts/meta/post')
  t.match(entry, { status: 200, facets: { endpoint: 'meta', model: 'crm.Contact' } })
})
