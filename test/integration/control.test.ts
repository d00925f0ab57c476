import t from 'tap'
import { makeApp, START } from '../helpers/app.js'
import { Client } from './helpers.js'
import { CATEGORIES } from '../../src/integration/base/catalogue/categories.js'

t.test('POST /_unimock/linked-accounts creates a complete account directly', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const res = await c.post('/_unimock/linked-accounts', { category: 'ats', end_user_origin_id: 'org1_ats', integration: 'lever', end_user_email_address: 'hr@org1.example' })
  t.equal(res.statusCode, 201)
  const created = res.json()
  t.match(created, {
    id: String,
    account_token: String,
    category: 'ats',
    end_user_origin_id: 'org1_ats',
    end_user_email_address: 'hr@org1.example',
    status: 'COMPLETE',
    integration: 'Lever',
    integration_slug: 'lever',
    account_type: 'PRODUCTION',
    created_at: new Date(START).toISOString(),
    completed_at: new Date(START).toISOString()
  })
  const details = await c.withAccount(created.account_token).get('/api/ats/v1/account-details')
  t.equal(details.statusCode, 200)
  t.equal(details.json().id, created.id)
  t.match((await c.get('/_unimock/events')).json().results, [{ event: 'LinkedAccount.linked', linked_account_id: created.id, data: { is_relink: false } }])

  const dflt = await c.post('/_unimock/linked-accounts', { category: 'knowledgebase', end_user_origin_id: 'kb' })
  t.equal(dflt.json().integration_slug, 'confluence', 'the category\'s first integration by default')

  const dup = await c.post('/_unimock/linked-accounts', { category: 'ats', end_user_origin_id: 'org1_ats' })
  t.equal(dup.statusCode, 409)
  t.match(dup.headers['content-type'], /application\/problem\+json/)
  t.match(dup.json(), { code: 'LINKED_ACCOUNT_EXISTS', detail: new RegExp(created.id) })

  const pending = await c.post('/api/crm/v1/link-token', { end_user_origin_id: 'org1_crm' })
  t.equal(pending.statusCode, 200)
  const pendingId = (await c.get('/_unimock/linked-accounts')).json().results.find((a: any) => a.category === 'crm').id
  const completed = await c.post('/_unimock/linked-accounts', { category: 'crm', end_user_origin_id: 'org1_crm' })
  t.equal(completed.statusCode, 201)
  t.equal(completed.json().id, pendingId, 'an incomplete attempt for the origin id is completed, not duplicated')

  const bad: Array<[unknown, RegExp]> = [
    [{ category: 'payroll', end_user_origin_id: 'x' }, /category/],
    [{ category: 'hris' }, /end_user_origin_id/],
    [{ category: 'hris', end_user_origin_id: 'x', integration: 'lever' }, /"lever" is not an integration of the hris category/]
  ]
  for (const [body, message] of bad) {
    const r = await c.post('/_unimock/linked-accounts', body)
    t.equal(r.statusCode, 400, JSON.stringify(body))
    t.match(r.json(), { status: 400, detail: message })
  }
  const anonymous = await new Client(app, undefined).post('/_unimock/linked-accounts', { category: 'hris', end_user_origin_id: 'x' })
  t.equal(anonymous.statusCode, 401)
  t.match(anonymous.json(), { code: 'AUTH_KEY_MISSING', detail: /Authorization: Bearer/ })
})

t.test('GET /_unimock/linked-accounts lists the key\'s accounts with their state', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  await c.linkToken('hris', { end_user_origin_id: 'pending' })
  const linked = await c.link('hris', 'linked')
  const list = (await c.get('/_unimock/linked-accounts')).json().results
  t.same(list.map((a: any) => [a.end_user_origin_id, a.status, a.account_token]), [
    ['pending', 'INCOMPLETE', null],
    ['linked', 'COMPLETE', linked.accountToken]
  ], 'an account token shows once the account has finished linking')
})

t.test('relink-needed: unknown ids are 404, incomplete accounts 409', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  t.equal((await c.post('/_unimock/linked-accounts/nope/relink-needed')).statusCode, 404)
  await c.linkToken('hris', { end_user_origin_id: 'pending' })
  const id = (await c.get('/_unimock/linked-accounts')).json().results[0].id
  const res = await c.post(`/_unimock/linked-accounts/${id}/relink-needed`)
  t.equal(res.statusCode, 409)
  t.match(res.json(), { code: 'LINKED_ACCOUNT_NOT_COMPLETE', detail: /INCOMPLETE/ })
  const created = (await c.post('/_unimock/linked-accounts', { category: 'ats', end_user_origin_id: 'a' })).json()
  t.equal((await c.post(`/_unimock/linked-accounts/${created.id}/relink-needed`)).json().status, 'RELINK_NEEDED')
  t.equal((await c.post(`/_unimock/linked-accounts/${created.id}/relink-needed`)).statusCode, 200, 'idempotent')
})

t.test('reset empties the unified service and replays the same tokens for the same seed', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const first = await c.link('hris', 'o1')
  t.equal((await app.inject({ method: 'POST', url: '/_unimock/reset' })).statusCode, 200)
  t.same((await c.get('/_unimock/linked-accounts')).json().results, [])
  t.same((await c.get('/_unimock/events')).json().results, [])
  const gone = await c.withAccount(first.accountToken).get('/api/hris/v1/account-details')
  t.equal(gone.statusCode, 401)
  const again = await c.link('hris', 'o1')
  t.same(again, first, 'ids and tokens come from the seed')
})

t.test('the OpenAPI document lists the unified routes with their error responses', async (t) => {
  const { app } = await makeApp(t)
  const res = await app.inject({ method: 'GET', url: '/openapi.json' })
  t.equal(res.statusCode, 200)
  const doc = JSON.parse(res.body)
  for (const category of CATEGORIES) {
    t.ok(doc.paths[`/api/${category}/v1/link-token`]?.post, `${category} link-token`)
    t.ok(doc.paths[`/api/${category}/v1/account-token/{public_token}`]?.get)
    t.ok(doc.paths[`/api/${category}/v1/account-details`]?.get?.responses?.['401'])
    t.ok(doc.paths[`/api/${category}/v1/delete-account`]?.post)
    t.ok(doc.paths[`/api/${category}/v1/linked-accounts`]?.get)
  }
  t.ok(doc.paths['/api/mktg/v1/create-link-token']?.post)
  for (const path of ['/_unimock/linked-accounts', '/_unimock/linked-accounts/{id}/relink-needed', '/_unimock/link-tokens/{link_token}/complete', '/_unimock/events']) {
    t.ok(doc.paths[path], path)
  }
})
