import t from 'tap'
import { webhookSetup } from '../webhooks/helpers.js'
import { cited, reportSetup } from './helpers.js'

// Each test scripts one misuse through the real flows and checks the finding and the requests it cites.

const entryIds = async (journal: (q: string) => Promise<{ entries: any[] }>, query: string): Promise<number[]> =>
  (await journal(`order=oldest&limit=1000&${query}`)).entries.map((e) => e.id)

t.test('duplicate link attempts: a new origin id while the same end user\'s attempt is incomplete', async (t) => {
  const { api, finding, journal } = await reportSetup(t)
  const user = { end_user_email_address: 'it@acme.test', end_user_organization_name: 'Acme' }
  const first = await api.linkToken('hris', { end_user_origin_id: 'acme_hris_1', ...user })
  t.equal((await api.complete(first, { outcome: 'exit' })).statusCode, 200)
  await api.linkToken('hris', { end_user_origin_id: 'acme_hris_2', end_user_email_address: 'IT@Acme.test' })
  // Not duplicates: the same origin id again, another end user, another category.
  await api.linkToken('hris', { end_user_origin_id: 'acme_hris_2', ...user })
  await api.linkToken('hris', { end_user_origin_id: 'other_hris', end_user_email_address: 'x@other.test', end_user_organization_name: 'Other' })
  await api.linkToken('ats', { end_user_origin_id: 'acme_ats', ...user })

  const f = await finding('duplicate_link_attempts')
  t.ok(f, 'flagged')
  t.equal(f.count, 1)
  t.equal(f.severity, 'warning')
  const linkTokens = await entryIds(journal, 'path=/api/hris/v1/link-token')
  t.same(cited(f), [linkTokens[0], linkTokens[1]], 'the first attempt and the request under a new origin id')
  t.same(f.requests.map((r: any) => r.facets.end_user_origin_id), ['acme_hris_1', 'acme_hris_2'])
  const accounts = (await api.get('/_unimock/linked-accounts')).json().results
  const id = (origin: string): string => accounts.find((a: any) => a.end_user_origin_id === origin).id
  t.same(f.accounts, [id('acme_hris_1'), id('acme_hris_2')])
  t.match(f.advice, /reuse the same value/)
})

t.test('a link token or a public token used twice', async (t) => {
  const { app, api, finding, journal } = await reportSetup(t)
  const { publicToken } = await api.link('hris', 'org-1_hris')
  t.equal((await api.get(`/api/hris/v1/account-token/${publicToken}`)).statusCode, 400, 'a public token exchanges once')

  const linkToken = await api.linkToken('ats', { end_user_origin_id: 'org-1_ats' })
  t.equal((await api.complete(linkToken)).statusCode, 200)
  t.equal((await api.complete(linkToken)).statusCode, 400, 'a link token completes once')
  const session = await app.inject({ method: 'GET', url: `/link/api/session?link_token=${encodeURIComponent(linkToken)}` })
  t.equal(JSON.parse(session.body).state, 'USED', 'the widget opened again with the spent token')

  const f = await finding('token_reused')
  t.equal(f.count, 3)
  t.equal(f.severity, 'error')
  const exchanges = await entryIds(journal, 'path=/api/hris/v1/account-token')
  const completions = await entryIds(journal, 'path=/_unimock/link-tokens')
  const sessions = await entryIds(journal, 'path=/link/api/session')
  t.same(cited(f), [...exchanges, ...completions.slice(1), ...sessions].sort((a, b) => a - b),
    'both exchanges, both completions of the ats link token and the session')
})

t.test('page_size over 100', async (t) => {
  const { api, finding, journal } = await reportSetup(t)
  const { accountToken } = await api.link('hris', 'org-1_hris')
  const account = api.withAccount(accountToken)
  await account.get('/api/hris/v1/employees?page_size=500')
  await account.get('/api/hris/v1/sync-status?page_size=101')
  await account.get('/api/hris/v1/employees?page_size=100')
  const f = await finding('page_size_over_max')
  t.equal(f.count, 2)
  t.same(f.requests.map((r: any) => r.facets.page_size), [500, 101])
  const employees = await entryIds(journal, 'path=/api/hris/v1/employees')
  const statuses = await entryIds(journal, 'path=/api/hris/v1/sync-status')
  t.same(cited(f), [employees[0], statuses[0]], 'not the page_size=100 call')
})

t.test('filters changed between pages: the cursor links the page to the request that answered it', async (t) => {
  const { api, advance, finding } = await reportSetup(t)
  for (const origin of ['a', 'b', 'c']) await api.post('/_unimock/linked-accounts', { category: 'hris', end_user_origin_id: origin })
  const { accountToken } = await api.link('hris', 'org-1_hris')
  const account = api.withAccount(accountToken)
  await advance('1h')

  const page1 = await account.get('/api/hris/v1/employees?page_size=10&include_deleted_data=false')
  const page2 = await account.get(`/api/hris/v1/employees?page_size=10&include_deleted_data=true&cursor=${encodeURIComponent(page1.json().next)}`)
  t.equal(page2.statusCode, 400, 'the service refuses the changed parameters')
  const list1 = await api.get('/api/hris/v1/linked-accounts?page_size=2&is_test_account=true')
  const list2 = await api.get(`/api/hris/v1/linked-accounts?page_size=2&is_test_account=true&status=COMPLETE&cursor=${encodeURIComponent(list1.json().next)}`)
  t.equal(list2.statusCode, 200, 'position cursors do not check the other parameters')
  // Paging correctly (page_size may differ) is not flagged.
  const ok1 = await account.get('/api/hris/v1/employees?page_size=10')
  await account.get(`/api/hris/v1/employees?page_size=20&cursor=${encodeURIComponent(ok1.json().next)}`)

  const f = await finding('filters_changed_between_pages')
  t.equal(f.count, 2)
  t.same(f.requests.map((r: any) => `${r.status} ${r.path} ${r.facets.cursor_fp === undefined ? 'first' : 'next'}`), [
    '200 /api/hris/v1/employees first',
    '400 /api/hris/v1/employees next',
    '200 /api/hris/v1/linked-accounts first',
    '200 /api/hris/v1/linked-accounts next'
  ])
  t.equal(f.requests[1].facets.cursor_fp, f.requests[0].facets.next_fp)
  t.equal(f.requests[1].error, 'DATA_CURSOR_PARAMS_CHANGED')
})

t.test('modified_after re-used after newer data, then moved back', async (t) => {
  const { api, clock, advance, finding, syncStatus, fetchAll, journal } = await reportSetup(t)
  const { accountToken, accountId } = await api.link('hris', 'org-1_hris')
  const account = api.withAccount(accountToken)
  await advance('1h')
  const path = '/api/hris/v1/employees'
  const fetch = async (after: string | null): Promise<string> => {
    const started = new Date(clock.now()).toISOString()
    const finished = (await syncStatus(account, 'hris.Employee')).last_sync_finished as string
    await fetchAll(account, path, `page_size=100${after === null ? '' : `&modified_after=${encodeURIComponent(after)}`}&modified_before=${encodeURIComponent(finished)}`)
    return started
  }
  const t1 = await fetch(null)
  await advance('25h')
  await fetch(t1) // correct: modified_after = the start of the previous fetch
  await advance('24h')
  await fetch(t1) // re-used although a newer sync finished
  await advance('24h')
  await fetch('2026-01-01T00:00:00Z') // moved back

  const f = await finding('modified_after_not_advancing')
  t.equal(f.count, 2)
  t.same(f.accounts, [accountId])
  const firstPages = (await journal(`order=oldest&limit=1000&path=${path}`)).entries.filter((e) => e.facets.cursor_fp === undefined).map((e) => e.id)
  t.equal(firstPages.length, 4)
  t.same(cited(f), [firstPages[1], firstPages[2], firstPages[3]], 'each flagged fetch with the complete fetch before it')
})

t.test('a FULL resync where INCREMENTAL would do; not when a model FAILED', async (t) => {
  const { app, api, advance, finding, journal } = await reportSetup(t, { fullResyncInterval: '0s' })
  const { accountToken, accountId } = await api.link('hris', 'org-1_hris')
  const account = api.withAccount(accountToken)
  const resync = async (body: object): Promise<void> => {
    t.equal((await account.post('/api/hris/v1/sync-status/resync', body)).statusCode, 200)
  }
  await resync({ sync_type: 'FULL' }) // during the initial sync: not flagged
  await advance('1h')
  await resync({ sync_type: 'FULL' }) // flagged
  await advance('1h')
  await resync({ sync_type: 'INCREMENTAL', target: 'hris.Employee' })
  await advance('1h')
  const preset = await app.inject({ method: 'PUT', url: `/_unimock/linked-accounts/${accountId}/next-sync`, headers: api.headers(), payload: { model_id: 'hris.Employee', result: 'FAILED' } })
  t.equal(preset.statusCode, 200)
  await resync({ sync_type: 'INCREMENTAL', target: 'hris.Employee' })
  await advance('1h')
  await resync({}) // a FULL resync (the default) after a FAILED sync: not flagged

  const f = await finding('full_resync_instead_of_incremental')
  t.equal(f.count, 1)
  const resyncs = await entryIds(journal, 'path=/api/hris/v1/sync-status/resync')
  t.equal(resyncs.length, 5)
  t.same(cited(f), [resyncs[1]])
  t.same(f.requests[0].facets.sync_before, { models: 16, initial: 0, failed: 0, partial: 0, paused: 0, syncing: 0 })
})

t.test('sync-status polled every 5 minutes for 12 hours while nothing changed', async (t) => {
  const { api, advance, finding } = await reportSetup(t)
  const { accountToken, accountId } = await api.link('hris', 'org-1_hris')
  const account = api.withAccount(accountToken)
  await advance('1h')
  for (let i = 0; i < 144; i++) {
    t.equal((await account.get('/api/hris/v1/sync-status')).statusCode, 200)
    await advance('5m')
  }
  const f = await finding('polling_too_often')
  t.equal(f.count, 1)
  t.same(f.accounts, [accountId])
  t.equal(f.requests.length, 20, 'cited requests are bounded')
  t.ok(f.requests.every((r: any) => r.facets.endpoint === 'sync-status' && r.facets.answer_fp === f.requests[0].facets.answer_fp), 'all the same answer')
})

t.test('calls on an account after a 401 without a relink', async (t) => {
  const { api, finding, journal } = await reportSetup(t)
  const { accountToken, accountId } = await api.link('hris', 'org-1_hris')
  const account = api.withAccount(accountToken)
  t.equal((await api.post(`/_unimock/linked-accounts/${accountId}/relink-needed`)).statusCode, 200)
  t.equal((await account.get('/api/hris/v1/employees')).statusCode, 401)
  t.equal((await account.get('/api/hris/v1/sync-status')).statusCode, 401, 'called again without relinking')
  t.equal((await account.get('/api/hris/v1/account-details')).statusCode, 401, 'a health check is allowed')
  // The relink: a link token for the same origin id, completed.
  t.equal((await api.complete(await api.linkToken('hris', { end_user_origin_id: 'org-1_hris' }))).statusCode, 200)
  t.equal((await account.get('/api/hris/v1/employees')).statusCode, 200)

  const f = await finding('calls_after_relink_needed')
  t.equal(f.count, 1)
  t.same(f.accounts, [accountId])
  const refused = await entryIds(journal, 'status=401')
  t.same(cited(f), refused.slice(0, 2), 'the 401 and the call after it, not the health check nor the calls after the relink')
})

t.test('webhooks answered non-2xx, or not within the timeout', async (t) => {
  const w = await webhookSetup(t, { webhookTimeout: '300ms' }, (n) => n === 0 ? 500 : n === 1 ? 'hang' : 200)
  const id = await w.account()
  await w.addTarget()
  await w.send(id)
  await w.advance('1m')
  const [d] = await w.deliveries()
  t.same(d.attempts.map((a: any) => a.status_code), [500, null, 200])
  const report = (await w.api.get('/_unimock/report')).json()
  const byCode = Object.fromEntries(report.findings.map((f: any) => [f.code, f]))
  t.same(Object.keys(byCode), ['webhook_non_2xx', 'webhook_slow'])
  t.equal(byCode.webhook_non_2xx.count, 1)
  t.same(byCode.webhook_non_2xx.deliveries.map((x: any) => [x.delivery_id, x.attempt, x.status_code]), [[d.id, 1, 500]])
  t.equal(byCode.webhook_slow.count, 1)
  t.same(byCode.webhook_slow.deliveries.map((x: any) => [x.delivery_id, x.attempt, x.status_code]), [[d.id, 2, null]])
  t.match(byCode.webhook_slow.deliveries[0].error, /timeout/)
  t.same(byCode.webhook_slow.accounts, [id])
  t.equal(report.summary.webhook_attempts, 3)
})
