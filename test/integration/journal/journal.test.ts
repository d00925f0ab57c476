import t from 'tap'
import { Client } from '../helpers.js'
import { journalSetup } from './helpers.js'

t.test('every unified-service request is journaled with method, path as sent, query, status, duration, account and facets', async (t) => {
  const { api, advance, journal } = await journalSetup(t)
  const { accountToken, accountId } = await api.link('hris', 'org-1_hris')
  const account = api.withAccount(accountToken)
  await advance('1h')
  const first = await account.get('/api/hris/v1/employees?page_size=20&modified_before=2026-01-01T01:00:00Z')
  t.equal(first.statusCode, 200)
  const cursor = first.json().next as string
  await account.get(`/hris/v1/employees?page_size=20&modified_before=2026-01-01T01:00:00Z&cursor=${encodeURIComponent(cursor)}`)
  await account.get('/api/hris/v1/sync-status')
  await api.get('/api/hris/v1/no-such-model')

  const { entries, size } = await journal('order=oldest')
  t.equal(size, entries.length)
  t.same(entries.map((e) => `${e.method} ${e.path} ${e.status}`), [
    'POST /api/hris/v1/link-token 200',
    'POST /_unimock/link-tokens/[redacted]/complete 200',
    'GET /api/hris/v1/account-token/[redacted] 200',
    'GET /api/hris/v1/employees 200',
    'GET /hris/v1/employees 200',
    'GET /api/hris/v1/sync-status 200',
    'GET /api/hris/v1/no-such-model 404'
  ])
  t.same(entries.map((e) => e.surface), ['api', 'widget', 'api', 'api', 'api', 'api', 'api'])
  const ids = entries.map((e) => e.id)
  t.same(ids, [...ids].sort((a, b) => a - b), 'ids increase in the order requests finished')
  t.equal(new Set(ids).size, ids.length, 'ids are unique')

  const [linkToken, complete, exchange, page1, page2, status, missing] = entries
  t.equal(exchange.account_id, accountId, 'the account-token exchange is tied to the account it returned')
  t.equal(linkToken.facets.end_user_origin_id, 'org-1_hris')
  t.equal(linkToken.facets.category, 'hris')
  t.equal(complete.account_id, accountId, 'the headless completion is tied to the link token\'s account')
  t.equal(complete.facets.link_token_state, 'USED')
  t.equal(complete.facets.account_status, 'COMPLETE')

  t.equal(page1.at, '2026-01-01T01:00:00.000Z', 'at is the app clock\'s time')
  t.same(page1.query, { page_size: '20', modified_before: '2026-01-01T01:00:00Z' })
  t.equal(page1.account_id, accountId)
  t.equal(page1.error, null)
  t.equal(typeof page1.duration_ms, 'number')
  t.ok(page1.duration_ms >= 0)
  t.equal(page1.facets.endpoint, 'list')
  t.equal(page1.facets.model, 'hris.Employee')
  t.equal(page1.facets.page_size, 20)
  t.equal(page1.facets.modified_before, '2026-01-01T01:00:00Z')
  t.equal(page1.facets.previous_fp, null)
  t.match(page1.facets.next_fp, /^[0-9a-f]{12}$/)

  t.equal(page2.facets.model, 'hris.Employee', 'an alias path is known by its model')
  t.equal(page2.facets.cursor_fp, page1.facets.next_fp, 'the cursor sent is the fingerprint of the cursor answered')
  t.equal(page2.query.cursor, cursor)

  t.equal(status.facets.endpoint, 'sync-status')
  t.match(status.facets.answer_fp, /^[0-9a-f]{12}$/)
  t.equal(status.facets.syncing, false)

  t.equal(missing.error, 'ROUTE_NOT_FOUND')
  t.equal(missing.account_id, null)
})

t.test('an error answer carries its catalogue code; a 401 on an account needing relinking still names the account', async (t) => {
  const { api, journal } = await journalSetup(t)
  const { accountToken, accountId } = await api.link('hris', 'org-1_hris')
  const account = api.withAccount(accountToken)
  t.equal((await api.post(`/_unimock/linked-accounts/${accountId}/relink-needed`)).statusCode, 200)
  t.equal((await account.get('/api/hris/v1/employees')).statusCode, 401)
  t.equal((await api.withAccount('not-a-token').get('/api/hris/v1/employees')).statusCode, 401)
  t.equal((await account.get('/api/hris/v1/employees?page_size=0')).statusCode, 401)

  const { entries } = await journal('path=/api/hris/v1/employees&order=oldest')
  t.same(entries.map((e) => [e.status, e.error, e.account_id]), [
    [401, 'AUTH_ACCOUNT_RELINK_NEEDED', accountId],
    [401, 'AUTH_ACCOUNT_TOKEN_UNKNOWN', null],
    [401, 'AUTH_ACCOUNT_RELINK_NEEDED', accountId]
  ])
})

t.test('filters: method, path prefix and glob, status and status class, account, since/until, limit with an after cursor, order', async (t) => {
  const { api, advance, journal } = await journalSetup(t)
  const a = await api.link('hris', 'org-a')
  const b = await api.link('hris', 'org-b')
  const accountA = api.withAccount(a.accountToken)
  const accountB = api.withAccount(b.accountToken)
  await advance('1h')
  await accountA.get('/api/hris/v1/employees')
  await accountB.get('/api/hris/v1/companies')
  await advance('1h')
  await accountA.get('/api/hris/v1/sync-status')
  await accountA.get('/api/hris/v1/employees/not-an-id')
  await accountA.post('/api/hris/v1/sync-status/resync', { sync_type: 'SIDEWAYS' })

  const all = (await journal('order=oldest&limit=1000')).entries
  t.equal(all.length, 11)

  t.same((await journal('method=post&order=oldest')).entries.map((e) => e.path), [
    '/api/hris/v1/link-token', '/_unimock/link-tokens/[redacted]/complete',
    '/api/hris/v1/link-token', '/_unimock/link-tokens/[redacted]/complete',
    '/api/hris/v1/sync-status/resync'
  ])
  t.same((await journal('path=/api/hris/v1/sync-status&order=oldest')).entries.map((e) => e.method), ['GET', 'POST'], 'a prefix')
  t.same((await journal('path=' + encodeURIComponent('/api/*/v1/employees*') + '&order=oldest')).entries.map((e) => e.path),
    ['/api/hris/v1/employees', '/api/hris/v1/employees/not-an-id'], 'a glob')
  t.same((await journal('path=' + encodeURIComponent('/api/hris/v1/?????????'))).entries.map((e) => e.path), ['/api/hris/v1/companies', '/api/hris/v1/employees'], '? is one character')
  t.same((await journal('status=404')).entries.map((e) => e.path), ['/api/hris/v1/employees/not-an-id'])
  t.same((await journal('status=4xx&order=oldest')).entries.map((e) => e.status), [404, 400])
  t.same((await journal('status=2XX')).entries.length, 9)
  t.same((await journal(`account=${b.accountId}&order=oldest`)).entries.map((e) => e.path),
    ['/_unimock/link-tokens/[redacted]/complete', '/api/hris/v1/account-token/[redacted]', '/api/hris/v1/companies'], 'an account\'s own calls, its link completion and token exchange')
  t.same((await journal('since=2026-01-01T01:00:00Z&until=2026-01-01T02:00:00Z&order=oldest')).entries.map((e) => e.path),
    ['/api/hris/v1/employees', '/api/hris/v1/companies'], 'since inclusive, until exclusive')

  // Paging: newest first by default; `next` is the `after` of the next page.
  const seen: number[] = []
  let after: number | null = null
  let pages = 0
  do {
    const page = await journal(`limit=4${after === null ? '' : `&after=${after}`}`)
    seen.push(...page.entries.map((e) => e.id))
    after = page.next
    pages++
  } while (after !== null)
  t.equal(pages, 3)
  t.same(seen, all.map((e) => e.id).reverse(), 'newest first, every entry once')
  const oldest = await journal('limit=4&order=oldest')
  t.same(oldest.entries.map((e) => e.id), all.slice(0, 4).map((e) => e.id))
  t.same((await journal(`limit=4&order=oldest&after=${oldest.next!}`)).entries.map((e) => e.id), all.slice(4, 8).map((e) => e.id))
})

t.test('bad filters answer 400 problem details naming the parameter', async (t) => {
  const { api } = await journalSetup(t)
  for (const [query, pattern] of [
    ['since=yesterday', /since/],
    ['until=2026-13-45T00:00:00Z', /until/],
    ['status=4x', /status/],
    ['limit=1001', /limit/],
    ['limit=0', /limit/],
    ['after=-1', /after/],
    ['order=sideways', /order/]
  ] as const) {
    const res = await api.get(`/_unimock/requests?${query}`)
    t.equal(res.statusCode, 400, query)
    t.match(res.headers['content-type'], /application\/problem\+json/)
    t.match(res.json().detail, pattern, query)
  }
})

t.test('bounded by --journal-size: the oldest entries go first', async (t) => {
  const { api, journal } = await journalSetup(t, { journalSize: 5 })
  for (let i = 0; i < 8; i++) await api.get(`/api/hris/v1/linked-accounts?page_size=${i + 1}`)
  const page = await journal('order=oldest')
  t.equal(page.capacity, 5)
  t.equal(page.size, 5)
  t.equal(page.dropped, 3)
  t.same(page.entries.map((e) => e.query.page_size), ['4', '5', '6', '7', '8'])
  t.same(page.entries.map((e) => e.id), [4, 5, 6, 7, 8], 'ids stay stable as older entries go')
})

t.test('per API key: each key sees only its own requests; DELETE clears only its own', async (t) => {
  const { app, api, journal } = await journalSetup(t)
  const other = new Client(app, 'test_other')
  await api.get('/api/hris/v1/linked-accounts')
  await other.get('/api/ats/v1/linked-accounts')
  await other.get('/api/ats/v1/linked-accounts?page_size=5')
  t.same((await journal()).entries.map((e) => e.path), ['/api/hris/v1/linked-accounts'])
  t.same((await journal('', other)).entries.map((e) => e.path), ['/api/ats/v1/linked-accounts', '/api/ats/v1/linked-accounts'])

  const cleared = await other.request('DELETE', '/_unimock/requests')
  t.equal(cleared.statusCode, 200)
  t.same(cleared.json(), { cleared: 2 })
  t.equal((await journal('', other)).size, 0)
  t.equal((await journal()).size, 1, 'the other key\'s journal is untouched')
  t.equal((await app.inject({ method: 'GET', url: '/_unimock/requests' })).statusCode, 401, 'the journal needs an API key')
})

t.test('not journaled: requests whose API key names no tenant, the plant store, the control API', async (t) => {
  const { app, api, journal } = await journalSetup(t, { apiKeys: ['test_journal'] })
  t.equal((await new Client(app, 'test_intruder').get('/api/hris/v1/linked-accounts')).statusCode, 401)
  t.equal((await app.inject({ method: 'GET', url: '/api/hris/v1/linked-accounts' })).statusCode, 401)
  t.equal((await app.inject({ method: 'GET', url: '/v3/plant/findByStatus?status=available' })).statusCode, 200)
  await api.get('/_unimock/linked-accounts')
  await api.get('/api/hris/v1/linked-accounts')
  t.same((await journal()).entries.map((e) => `${e.status} ${e.path}`), ['200 /api/hris/v1/linked-accounts'])
})

t.test('POST /_unimock/reset clears every journal and ids start again', async (t) => {
  const { app, api, journal } = await journalSetup(t)
  await api.get('/api/hris/v1/linked-accounts')
  await api.get('/api/hris/v1/linked-accounts')
  t.equal((await journal()).size, 2)
  t.equal((await app.inject({ method: 'POST', url: '/_unimock/reset' })).statusCode, 200)
  t.equal((await journal()).size, 0)
  await api.get('/api/hris/v1/linked-accounts')
  t.same((await journal()).entries.map((e) => e.id), [1])
})

t.test('--journal-size and UNIMOCK_JOURNAL_SIZE set the bound; it must be a positive integer', async (t) => {
  const { parseCli } = await import('../../../src/server.js')
  const flag = parseCli(['--journal-size', '25'], {})
  t.equal(flag.kind === 'run' && flag.config.journalSize, 25)
  const env = parseCli([], { UNIMOCK_JOURNAL_SIZE: '7' })
  t.equal(env.kind === 'run' && env.config.journalSize, 7)
  const byDefault = parseCli([], {})
  t.equal(byDefault.kind === 'run' && byDefault.config.journalSize, 10_000)
  t.throws(() => parseCli(['--journal-size', '0'], {}), /--journal-size/)
  t.throws(() => parseCli(['--journal-size', 'many'], {}), /--journal-size/)
})

t.test('the create-link-token exchange is tied to the account it returned; a failed one to none', async (t) => {
  const { api, journal } = await journalSetup(t)
  const linkToken = await api.linkToken('crm', { end_user_origin_id: 'org-x', end_user_organization_name: 'X', end_user_email_address: 'x@example.com', categories: ['crm'] })
  const publicToken = (await api.complete(linkToken)).json().public_token as string
  const exchanged = await api.post('/api/mktg/v1/create-link-token', { public_token: publicToken })
  t.equal(exchanged.statusCode, 200)
  t.equal((await api.post('/api/mktg/v1/create-link-token', { public_token: publicToken })).statusCode, 400, 'a public token is single-use')
  const { entries } = await journal('order=oldest&path=/api/mktg')
  t.same(entries.map((e) => [e.status, e.account_id]), [[200, exchanged.json().id], [400, null]])
})
