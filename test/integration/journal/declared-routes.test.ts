import t from 'tap'
import { buildApp } from '../../../src/app.js'
import { VirtualClock } from '../../../src/core/virtual-clock.js'
import { fingerprint } from '../../../src/core/fingerprint.js'
import { journaled } from '../../../src/integration/base/dialect/journal-recorder.js'
import { START } from '../../helpers/app.js'
import { Client } from '../helpers.js'

/**
 * A route of the unified service is journaled by what it declares (its config) and tells (the request's
 * recorder): the one-liner a catalogue-driven route of a later surface writes.
 */
t.test('a route\'s declared kind and model, and the cursors it tells, are what the journal shows', async (t) => {
  const app = buildApp({ clock: 'virtual', logLevel: 'silent', rateLimit: 'off' }, { clock: new VirtualClock(START) })
  t.teardown(() => app.close())
  const { auth } = app.unified
  void app.register(async (api) => {
    api.get('/api/hris/v1/probes', { onRequest: auth.tenant, config: journaled('list', { model: 'hris.Probe' }) }, async (request) => {
      request.journal.page('cursor-of-the-next-page', null)
      return { next: 'cursor-of-the-next-page', previous: null, results: [] }
    })
    api.get('/api/hris/v1/refused-probes', { onRequest: auth.tenant, config: journaled('list', { model: 'hris.Probe' }) }, async (request, reply) => {
      request.journal.page('never-seen', null)
      return reply.code(503).send({ detail: 'down' })
    })
    // Undeclared: journaled all the same, with no kind.
    api.get('/api/hris/v1/undeclared', { onRequest: auth.tenant }, async () => ({ ok: true }))
  })
  await app.ready()
  const api = new Client(app, 'test_probe')
  t.equal((await api.get('/api/hris/v1/probes?page_size=250&cursor=abc&modified_after=2026-01-01T00:00:00Z')).statusCode, 200)
  t.equal((await api.get('/api/hris/v1/refused-probes')).statusCode, 503)
  t.equal((await api.get('/api/hris/v1/undeclared')).statusCode, 200)

  const res = await api.get('/_unimock/requests?order=oldest')
  t.equal(res.statusCode, 200)
  const [probe, refused, undeclared] = res.json().entries
  t.same(probe.facets, {
    endpoint: 'list',
    model: 'hris.Probe',
    page_size: 250,
    cursor_fp: fingerprint('abc'),
    next_fp: fingerprint('cursor-of-the-next-page'),
    previous_fp: null,
    modified_after: '2026-01-01T00:00:00Z'
  })
  t.same(refused.facets, { endpoint: 'list', model: 'hris.Probe' }, 'told cursors count only on a 200 answer')
  t.same(undeclared.facets, {}, 'an undeclared route has no kind')
  t.equal(undeclared.path, '/api/hris/v1/undeclared')
})

t.test('a refused relink-needed token is tied to its account by what auth resolved, for every path form', async (t) => {
  const app = buildApp({ clock: 'virtual', logLevel: 'silent', rateLimit: 'off', relinkStatus: 403 }, { clock: new VirtualClock(START) })
  t.teardown(() => app.close())
  await app.ready()
  const api = new Client(app, 'test_relink')
  const { accountToken, accountId } = await api.link('hris', 'org-r')
  t.equal((await api.post(`/_unimock/linked-accounts/${accountId}/relink-needed`)).statusCode, 200)
  const account = api.withAccount(accountToken)
  for (const path of ['/api/hris/v1/employees', '/hris/v1/employees', '/api/hris/employees', '/api/hris/v1/sync-status']) {
    t.equal((await account.get(path)).statusCode, 403, path)
  }
  t.equal((await account.get('/api/ats/v1/candidates')).statusCode, 401, 'another category')
  const { entries } = (await api.get('/_unimock/requests?order=oldest&status=4xx')).json()
  t.same(entries.map((e: any) => [e.path, e.error, e.account_id]), [
    ['/api/hris/v1/employees', 'AUTH_ACCOUNT_RELINK_NEEDED_FORBIDDEN', accountId],
    ['/hris/v1/employees', 'AUTH_ACCOUNT_RELINK_NEEDED_FORBIDDEN', accountId],
    ['/api/hris/employees', 'AUTH_ACCOUNT_RELINK_NEEDED_FORBIDDEN', accountId],
    ['/api/hris/v1/sync-status', 'AUTH_ACCOUNT_RELINK_NEEDED_FORBIDDEN', accountId],
    ['/api/ats/v1/candidates', 'AUTH_ACCOUNT_WRONG_CATEGORY', null]
  ])
  t.same(entries.slice(0, 3).map((e: any) => e.facets.model), ['hris.Employee', 'hris.Employee', 'hris.Employee'], 'a list is known by its model whatever path form was used')
})

t.test('a sync-status poll is fingerprinted as the client saw it, and says whether a model was SYNCING', async (t) => {
  const app = buildApp({ clock: 'virtual', logLevel: 'silent', rateLimit: 'off', initialSyncDuration: '10m' }, { clock: new VirtualClock(START) })
  t.teardown(() => app.close())
  await app.ready()
  const api = new Client(app, 'test_poll')
  const account = api.withAccount((await api.link('crm', 'org-p')).accountToken)
  const syncing = await account.get('/api/crm/v1/sync-status?page_size=3')
  t.equal((await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1h' } })).statusCode, 200)
  const done = await account.get('/api/crm/v1/sync-status?page_size=3')
  const again = await account.get('/api/crm/v1/sync-status?page_size=3')
  t.not(syncing.body, done.body)
  t.equal(done.body, again.body)
  const polls = (await api.get('/_unimock/requests?order=oldest&path=/api/crm/v1/sync-status')).json().entries
  t.same(polls.map((e: any) => e.facets.answer_fp), [syncing.body, done.body, again.body].map(fingerprint), 'the fingerprint of the body answered')
  t.same(polls.map((e: any) => e.facets.syncing), [true, false, false])
  t.same(polls.map((e: any) => e.facets.next_fp), [syncing, done, again].map((r) => fingerprint(r.json().next)))
})
