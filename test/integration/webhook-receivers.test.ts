import t from 'tap'
import { MergeClient } from '@mergeapi/merge-node-client'
import { makeApp } from '../helpers/app.js'
import { injectFetch } from '../helpers/inject-fetch.js'
import { strictProblems } from '../helpers/strict-parse.js'
import { Client } from './helpers.js'

/** webhook-receivers GET/POST (issue #15, facts §13): per linked account, a bare array, upsert by event. */

t.test('receivers are per account, listed in creation order as a bare array; POST upserts by event and answers 201', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const one = c.withAccount((await c.link('hris', 'org1')).accountToken)
  const two = c.withAccount((await c.link('hris', 'org2')).accountToken)
  t.same((await one.get('/api/hris/v1/webhook-receivers')).json(), [])

  const created = await one.post('/api/hris/v1/webhook-receivers', { event: 'employee.updated', is_active: true, key: 'secret-1' })
  t.equal(created.statusCode, 201)
  t.same(created.json(), { event: 'employee.updated', is_active: true, key: 'secret-1' })
  t.same(strictProblems('hris.WebhookReceiver', created.json()), [])
  await one.post('/api/hris/v1/webhook-receivers', { event: 'time_off.created', is_active: true })
  const updated = await one.post('/api/hris/v1/webhook-receivers', { event: 'employee.updated', is_active: false })
  t.equal(updated.statusCode, 201)
  t.same(updated.json(), { event: 'employee.updated', is_active: false, key: 'secret-1' }, 'the key is kept when not sent')

  const list = (await one.get('/api/hris/v1/webhook-receivers')).json()
  t.same(list.map((r: { event: string }) => r.event), ['employee.updated', 'time_off.created'])
  t.same(strictProblems('hris.webhookReceivers.list.Response', list), [])
  t.same((await two.get('/api/hris/v1/webhook-receivers')).json(), [], 'another account has its own')
  t.equal((await new Client(app, 'key-b', one.accountToken).get('/api/hris/v1/webhook-receivers')).statusCode, 401, 'another API key sees nothing')
})

t.test('an unknown event or a bad body is a 400 naming the problem, and nothing is stored', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const one = c.withAccount((await c.link('crm', 'org1')).accountToken)
  for (const [body, message] of [
    [{ event: 'employee.updated', is_active: true }, /"employee.updated": not a third-party event of the crm category/],
    [{ event: 'contact.exploded', is_active: true }, /"contact.exploded"/],
    [{ event: '', is_active: true }, /event/],
    [{ event: 'contact.updated' }, /is_active/]
  ] as const) {
    const res = await one.post('/api/crm/v1/webhook-receivers', body)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    t.match(res.json(), { detail: message })
  }
  t.same((await one.get('/api/crm/v1/webhook-receivers')).json(), [])
})

t.test('the official client lists and creates receivers', async (t) => {
  const { app } = await makeApp(t)
  const linked = await new Client(app, 'key-a').link('ticketing', 'org1')
  const merge = new MergeClient({ apiKey: 'key-a', accountToken: linked.accountToken, baseUrl: 'http://unimock.test/api', fetch: injectFetch(app, () => {}), maxRetries: 0 })
  const made = await merge.ticketing.webhookReceivers.create({ event: 'ticket.created', isActive: true })
  t.same(made, { event: 'ticket.created', isActive: true, key: undefined })
  t.same((await merge.ticketing.webhookReceivers.list()).map((r) => r.event), ['ticket.created'])
})
