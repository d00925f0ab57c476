import t from 'tap'
import { linkedAccount } from './sync/helpers.js'

/** webhook_listener_url: where the third-party system pushes its own webhooks for one linked account. */

t.test('a third party\'s webhook to the account\'s listener URL starts a sync of the account', async (t) => {
  const s = await linkedAccount(t)
  const url = new URL((await s.account.get('/api/hris/v1/account-details')).json().webhook_listener_url as string)
  t.match(url.pathname, /^\/api\/integrations\/webhook-listener\/[A-Za-z0-9_-]+$/, 'the real service\'s path style')
  await s.advance('1h')
  t.equal((await s.status('hris.Employee')).status, 'DONE', 'the initial sync is over')

  const pushed = await s.app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/json' }, payload: { event: 'employee.updated', id: 42 } })
  t.equal(pushed.statusCode, 200, 'no API key: the URL names the account')
  t.same(pushed.json(), {})
  t.ok((await s.statuses()).every((r) => r.status === 'SYNCING'), 'every model syncs at once')
  await s.advance('1h')
  t.equal((await s.status('hris.Employee')).status, 'DONE')

  const form = await s.app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' })
  t.equal(form.statusCode, 200, 'any content type: each third party has its own format')
  const bare = await s.app.inject({ method: 'POST', url: url.pathname })
  t.equal(bare.statusCode, 200, 'or none')
})

t.test('an idle-paused account resumes when its third party pushes a webhook', async (t) => {
  const s = await linkedAccount(t)
  const url = new URL((await s.account.get('/api/hris/v1/account-details')).json().webhook_listener_url as string)
  await s.control('POST', `/linked-accounts/${s.accountId}/pause`)
  t.equal((await s.control('GET', `/linked-accounts/${s.accountId}/sync`)).json().paused, true)
  t.equal((await s.app.inject({ method: 'POST', url: url.pathname, payload: {} })).statusCode, 200)
  t.equal((await s.control('GET', `/linked-accounts/${s.accountId}/sync`)).json().paused, false, 'an inbound webhook is activity')
})

t.test('an unknown or deleted account\'s listener URL is a 404 in the service\'s error shape', async (t) => {
  const s = await linkedAccount(t)
  const url = new URL((await s.account.get('/api/hris/v1/account-details')).json().webhook_listener_url as string)
  const unknown = await s.app.inject({ method: 'POST', url: '/api/integrations/webhook-listener/nope' })
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json(), { detail: /no linked account has this webhook listener URL/ })
  t.equal((await s.account.post('/api/hris/v1/delete-account')).statusCode, 200)
  t.equal((await s.app.inject({ method: 'POST', url: url.pathname, payload: {} })).statusCode, 404, 'gone with its account')
  t.equal((await s.app.inject({ method: 'GET', url: url.pathname })).statusCode, 405, 'only POST')
})
