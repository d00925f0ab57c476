import t from 'tap'
import { MergeClient } from '@mergeapi/merge-node-client'
import { makeApp } from '../helpers/app.js'
import { injectFetch } from '../helpers/inject-fetch.js'
import { strictProblems } from '../helpers/strict-parse.js'
import { Client } from './helpers.js'

/** GET audit-trail (issue #15, facts §9): what the organization did, from the domains' events. */

t.test('the audit trail records deletes, scopes, keys and receivers, per organization, with filters', async (t) => {
  const { app, clock } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const hris = await c.link('hris', 'org1')
  const api = c.withAccount(hris.accountToken)
  t.same((await c.get('/api/hris/v1/audit-trail')).json().results, [], 'nothing yet')

  await api.post('/api/hris/v1/linked-account-scopes', { common_models: [{ model_name: 'Employee', model_permissions: { WRITE: { is_enabled: false } } }] })
  await clock.advanceBy(60_000)
  await c.post('/api/hris/v1/generate-key', { name: 'k1' })
  await c.post('/api/hris/v1/regenerate-key', { name: 'k1' })
  await api.post('/api/hris/v1/webhook-receivers', { event: 'employee.updated', is_active: true })
  await clock.advanceBy(60_000)
  await api.post('/api/hris/v1/delete-account')
  await c.post('/api/hris/v1/generate-key', { name: 'k1' }) // refused (exists): not recorded

  const page = (await c.get('/api/ats/v1/audit-trail')).json()
  t.same(strictProblems('hris.PaginatedAuditLogEventList', page), [], 'a strict client parses it')
  t.same(page.results.map((e: { event_type: string }) => e.event_type),
    ['CHANGED_SCOPES', 'CREATED_REMOTE_PRODUCTION_API_KEY', 'REGENERATED_PRODUCTION_API_KEY', 'ENABLED_MERGE_WEBHOOK', 'DELETED_LINKED_ACCOUNT'],
    'in order, on any category path')
  t.match(page.results[0], { role: 'API', user_name: null, event_description: /Employee/, created_at: '2026-01-01T00:00:00.000Z' })
  t.match(page.results[4].event_description, new RegExp(hris.accountId))

  const filtered = (await c.get('/api/hris/v1/audit-trail?event_type=CHANGED_SCOPES')).json().results
  t.equal(filtered.length, 1)
  const window = (await c.get('/api/hris/v1/audit-trail?start_date=2026-01-01T00:00:30Z&end_date=2026-01-01T00:01:30Z')).json().results
  t.same(window.map((e: { event_type: string }) => e.event_type), ['CREATED_REMOTE_PRODUCTION_API_KEY', 'REGENERATED_PRODUCTION_API_KEY', 'ENABLED_MERGE_WEBHOOK'])
  t.same((await c.get('/api/hris/v1/audit-trail?user_email=someone@example.com')).json().results, [], 'no entry has a user')
  const paged = (await c.get('/api/hris/v1/audit-trail?page_size=2')).json()
  t.equal(paged.results.length, 2)
  t.same((await c.get(`/api/hris/v1/audit-trail?page_size=2&cursor=${encodeURIComponent(paged.next as string)}`)).json().results.map((e: { event_type: string }) => e.event_type),
    ['REGENERATED_PRODUCTION_API_KEY', 'ENABLED_MERGE_WEBHOOK'])

  t.same((await new Client(app, 'key-b').get('/api/hris/v1/audit-trail')).json().results, [], 'another organization sees nothing of it')
})

t.test('malformed dates and cursors are 400s naming the problem', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  for (const [query, message] of [['start_date=yesterday', /start_date "yesterday"/], ['end_date=2026-13-45', /end_date/], ['cursor=nope', /cursor/]] as const) {
    const res = await c.get(`/api/hris/v1/audit-trail?${query}`)
    t.equal(res.statusCode, 400, query)
    t.match(res.json(), { detail: message })
  }
})

t.test('the official client lists the audit trail with an account token configured', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const linked = await c.link('crm', 'org1')
  await c.post('/api/crm/v1/generate-key', { name: 'k' })
  const merge = new MergeClient({ apiKey: 'key-a', accountToken: linked.accountToken, baseUrl: 'http://unimock.test/api', fetch: injectFetch(app, () => {}), maxRetries: 0 })
  const page = await merge.crm.auditTrail.list({ eventType: 'CREATED_REMOTE_PRODUCTION_API_KEY' })
  t.same(page.data.map((e) => e.eventType), ['CREATED_REMOTE_PRODUCTION_API_KEY'])
})
