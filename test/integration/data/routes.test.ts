import t from 'tap'
import { resolve } from '../../helpers/openapi.js'
import { dataAccount, dataApp } from './helpers.js'

/** The three path forms of the data endpoints, their 404s, and their place among the other unified routes. */

t.test('the unversioned aliases answer exactly as /api/{category}/v1', async (t) => {
  const { app } = await dataApp(t)
  const ats = await dataAccount(app, 'ats')
  const canonical = await ats.api.get('/api/ats/v1/candidates?page_size=4&expand=applications')
  t.equal(canonical.statusCode, 200)
  const firstPage = canonical.json()
  for (const path of ['/api/ats/candidates', '/ats/v1/candidates']) {
    const res = await ats.api.get(`${path}?page_size=4&expand=applications`)
    t.equal(res.statusCode, 200, `${path} answers`)
    t.same(res.json(), firstPage, `${path}: the same page, cursors included`)
    const next = await ats.api.get(`${path}?page_size=4&expand=applications&cursor=${firstPage.next}`)
    const canonicalNext = await ats.api.get(`/api/ats/v1/candidates?page_size=4&expand=applications&cursor=${firstPage.next}`)
    t.same(next.json(), canonicalNext.json(), `${path}: a cursor of one form works on the other`)
    const one = await ats.api.get(`${path}/${firstPage.results[0].id}`)
    t.same(one.json().id, firstPage.results[0].id, `${path}/{id} retrieves`)
    const unauth = await ats.control.get(path)
    t.equal(unauth.statusCode, 401, `${path} needs the X-Account-Token too`)
    t.match(unauth.json(), { detail: /X-Account-Token/ })
  }
  const companies = await dataAccount(app, 'hris')
  t.equal((await companies.api.get('/api/hris/companies')).statusCode, 200, 'the spec\'s /api/hris/companies example')
  t.equal((await companies.api.get('/hris/v1/employees')).statusCode, 200, 'the spec\'s /hris/v1/employees example')
})

t.test('unknown segments and ids are 404s with {"detail"}; the other unified routes still answer', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris')
  for (const path of ['/api/hris/v1/employeez', '/api/hris/employeez', '/hris/v1/employeez', '/api/hris/v1/candidates']) {
    const res = await hris.api.get(path)
    t.equal(res.statusCode, 404, `${path}: 404`)
    t.type(res.json().detail, 'string', 'with {"detail": ...}')
  }
  const employee = (await hris.api.get('/api/hris/v1/employees?page_size=1')).json().results[0]
  const company = (await hris.api.get('/api/hris/v1/companies?page_size=1')).json().results[0]
  for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', company.id]) {
    const res = await hris.api.get(`/api/hris/v1/employees/${id}`)
    t.equal(res.statusCode, 404, `employees/${id}: 404`)
    t.match(res.json(), { detail: /No Employee with id/ })
  }
  const other = await dataAccount(app, 'hris', 'other-key')
  const foreign = await other.api.get(`/api/hris/v1/employees/${employee.id}`)
  t.equal(foreign.statusCode, 404, 'another linked account does not see this account\'s records')
  t.equal((await hris.api.get('/api/hris/v1/account-details')).statusCode, 200, 'account-details is not a model')
  const linkToken = await hris.control.post('/api/hris/v1/link-token', { end_user_origin_id: 'another-org' })
  t.equal(linkToken.statusCode, 200, 'link-token still answers')
  const wrongCategory = await hris.api.get('/api/ats/v1/candidates')
  t.equal(wrongCategory.statusCode, 401, 'an hris account token on an ats model path is refused')
})

t.test('the OpenAPI document describes every model once, with typed fields', async (t) => {
  const { app } = await dataApp(t)
  const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
  const list = doc.paths['/api/hris/v1/employees']?.get
  t.ok(list, 'the list endpoint is documented')
  t.notOk(doc.paths['/api/hris/employees'], 'aliases are not repeated in the document')
  const schema = resolve(doc, list.responses['200']).content['application/json'].schema
  const employee = schema.properties.results.items.properties
  t.match(employee.work_email, { type: ['string', 'null'], format: 'email' })
  t.match(employee.employment_status, { type: ['string', 'null'], enum: ['ACTIVE', 'PENDING', 'INACTIVE', null] })
  t.match(employee.remote_was_deleted, { type: 'boolean' })
  t.ok(doc.paths['/api/accounting/v1/invoices/{id}'], 'retrieve endpoints are documented')
  t.notOk(doc.paths['/api/ats/v1/tags/{id}'], 'no retrieve where the real service has none (ats tags)')
  t.ok(resolve(doc, list.parameters).some((p: { name: string }) => p.name === 'modified_after'), 'query parameters are documented')
})
