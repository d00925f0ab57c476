import t from 'tap'
import { dataAccount, dataApp } from '../integration/data/helpers.js'

/**
 * The remote-field-classes lists of every model that has one are one route (operation-route.ts), whose shape
 * `/api/{category}/v1/{segment}/remote-field-classes` is also a record retrieve's with the id
 * `remote-field-classes`. For a model without the list the router must go on to that retrieve, as it did when
 * each list was a route of its own: the path is a record that does not exist, not a route that does not.
 */

t.test('a remote-field-classes path is the list where the model has one, the record retrieve where not', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris', 'classes-key', { sync: false })
  const crm = await dataAccount(app, 'crm', 'classes-key', { sync: false })

  const list = await crm.api.get('/api/crm/v1/accounts/remote-field-classes?page_size=1')
  t.equal(list.statusCode, 200, 'a model with the list: the list')
  t.match(list.json(), { results: [{ id: String, remote_key_name: String }] })
  const lines = await app.inject({ url: '/api/accounting/v1/invoices/line-items/remote-field-classes', headers: crm.api.headers() })
  t.not(lines.statusCode, 200, 'a list of another category\'s resource refuses the account')
  t.match(lines.json().detail, /^Invalid X-Account-Token for the accounting category/, 'as its own route did: the line items\' list is served')

  const retrieve = await hris.api.get('/api/hris/v1/employees/remote-field-classes')
  const missing = await hris.api.get('/api/hris/v1/employees/no-such-record')
  t.equal(retrieve.statusCode, 404, 'a model without the list: a record that does not exist')
  t.same(retrieve.json(), JSON.parse(missing.body.replace('no-such-record', 'remote-field-classes')), 'answered by the retrieve, as any missing id')
  const anonymous = await app.inject({ url: '/api/hris/v1/employees/remote-field-classes' })
  t.equal(anonymous.statusCode, 401, 'the retrieve authenticates first')

  const unknown = await hris.api.get('/api/hris/v1/nothing/remote-field-classes')
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json().detail, /^No route GET \/api\/hris\/v1\/nothing\/remote-field-classes/, 'a segment no model has: no route')
  const encoded = await crm.api.get('/api/crm/v1/acc%6Funts/remote-field-classes?page_size=1')
  t.same(encoded.json(), list.json(), 'a percent-encoded segment routes as its decoded form')
})
