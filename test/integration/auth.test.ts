import { Writable } from 'node:stream'
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { VirtualClock } from '../../src/core/virtual-clock.js'
import { makeApp, START } from '../helpers/app.js'
import { Client } from './helpers.js'

const DETAILS = '/api/hris/v1/account-details'

t.test('every /api call needs Authorization: Bearer <key>; the 401 says what is wrong', async (t) => {
  const { app } = await makeApp(t)
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{}, /^Authentication credentials were not provided/],
    [{ authorization: '' }, /^Authentication credentials were not provided/],
    [{ authorization: 'Basic dXNlcjpwYXNz' }, /^Invalid Authorization header: the scheme is not Bearer/],
    [{ authorization: 'sk_live_secret' }, /^Invalid Authorization header: no scheme/],
    [{ authorization: 'Bearer' }, /^Invalid Authorization header: no API key follows "Bearer"/],
    [{ authorization: 'Bearer two words' }, /must not contain spaces/]
  ]
  const routes: Array<['GET' | 'POST', string]> = [
    ['POST', '/api/hris/v1/link-token'],
    ['GET', '/api/hris/v1/account-token/abc'],
    ['GET', DETAILS],
    ['POST', '/api/hris/v1/delete-account'],
    ['GET', '/api/ats/v1/linked-accounts'],
    ['POST', '/api/mktg/v1/create-link-token']
  ]
  for (const [method, url] of routes) {
    for (const [headers, message] of cases) {
      const res = await app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) })
      t.equal(res.statusCode, 401, `${method} ${url} ${JSON.stringify(headers)}`)
      t.match(res.headers['content-type'], /^application\/json/)
      t.match(JSON.parse(res.body), { detail: message })
      t.notMatch(res.body, /secret|two words/, 'the offending value is not echoed')
    }
  }
  const lower = await app.inject({ method: 'GET', url: '/api/hris/v1/linked-accounts', headers: { authorization: 'bearer key-a' } })
  t.equal(lower.statusCode, 200, 'the scheme is case-insensitive')
})

t.test('with --api-key only the configured keys are valid', async (t) => {
  const { app } = await makeApp(t, { apiKeys: ['key-a', 'test_key-b'] })
  t.equal((await new Client(app, 'key-a').get('/api/hris/v1/linked-accounts')).statusCode, 200)
  t.equal((await new Client(app, 'test_key-b').get('/api/hris/v1/linked-accounts')).statusCode, 200)
  for (const key of ['key-c', 'key-', 'key-aa', 'KEY-A']) {
    const res = await new Client(app, key).get('/api/hris/v1/linked-accounts')
    t.equal(res.statusCode, 401, key)
    t.match(res.json(), { detail: /Invalid API key: it is not one of the keys unimock was started with \(--api-key\)/ })
  }
  const control = await new Client(app, 'key-c').get('/_unimock/linked-accounts')
  t.equal(control.statusCode, 401, 'the control API checks the same keys')
  t.match(control.headers['content-type'], /application\/problem\+json/)
  t.match(control.json(), { status: 401, code: 'AUTH_KEY_UNKNOWN' })
})

t.test('X-Account-Token problems are 401s that say which', async (t) => {
  const { app } = await makeApp(t)
  const a = new Client(app, 'key-a')
  const b = new Client(app, 'key-b')
  const hris = await a.link('hris', 'org1')
  const other = await b.link('hris', 'org1')
  const deleted = await a.link('crm', 'org1')
  t.equal((await a.withAccount(deleted.accountToken).post('/api/crm/v1/delete-account')).statusCode, 200)

  const cases: Array<[Client, string, RegExp]> = [
    [a, DETAILS, /^Account Token must be passed in as an X-Account-Token header\.$/],
    [a.withAccount('nope'), DETAILS, /no linked account of this API key has this account token\. Each API key is a world of its own/],
    // Another key's token answers exactly as an unknown one: a key learns nothing of other tenants.
    [a.withAccount(other.accountToken), DETAILS, /no linked account of this API key has this account token\. Each API key is a world of its own/],
    [b.withAccount(hris.accountToken), DETAILS, /no linked account of this API key has this account token\. Each API key is a world of its own/],
    [a.withAccount(deleted.accountToken), '/api/crm/v1/account-details', /its linked account was deleted/],
    [b.withAccount(deleted.accountToken), '/api/crm/v1/account-details', /no linked account of this API key has this account token\. Each API key is a world of its own/],
    [a.withAccount(hris.accountToken), '/api/ats/v1/account-details', /for the ats category: this account token belongs to a hris linked account/]
  ]
  for (const [client, url, message] of cases) {
    const res = await client.get(url)
    t.equal(res.statusCode, 401, message.source)
    t.match(res.json(), { detail: message })
  }
  t.equal((await a.withAccount(hris.accountToken).get(DETAILS)).statusCode, 200)
  t.equal((await b.withAccount(other.accountToken).get(DETAILS)).statusCode, 200)
  t.equal((await a.withAccount(other.accountToken).get(DETAILS)).body, (await a.withAccount('nope').get(DETAILS)).body, 'byte for byte')
})

t.test('an X-Account-Token sent on link-token, account-token and linked-accounts calls is ignored', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a').withAccount('whatever-the-client-was-configured-with')
  const token = await c.linkToken('hris', { end_user_origin_id: 'o1' })
  const done = await c.complete(token)
  t.equal((await c.get(`/api/hris/v1/account-token/${done.json().public_token}`)).statusCode, 200)
  t.equal((await c.get('/api/hris/v1/linked-accounts')).statusCode, 200)
  const second = await c.complete(await c.linkToken('ats', { end_user_origin_id: 'o2' }))
  t.equal((await c.post('/api/mktg/v1/create-link-token', { public_token: second.json().public_token })).statusCode, 200)
})

t.test('an account needing relinking answers 401 on every call until relinked; --relink-status 403 switches', async (t) => {
  for (const relinkStatus of [401, 403] as const) {
    const { app } = await makeApp(t, { relinkStatus })
    const c = new Client(app, 'key-a')
    const { accountToken, accountId } = await c.link('ticketing', 'org9')
    const mark = await c.post(`/_unimock/linked-accounts/${accountId}/relink-needed`)
    t.equal(mark.statusCode, 200)
    t.equal(mark.json().status, 'RELINK_NEEDED')
    const acct = c.withAccount(accountToken)
    for (const [method, url] of [['GET', '/api/ticketing/v1/account-details'], ['POST', '/api/ticketing/v1/delete-account']] as const) {
      const res = method === 'GET' ? await acct.get(url) : await acct.post(url)
      t.equal(res.statusCode, relinkStatus, `${method} ${url} with relinkStatus ${relinkStatus}`)
      t.match(res.json(), { detail: /needs to be relinked.*same end_user_origin_id/ })
    }
    const listed = (await c.get('/api/ticketing/v1/linked-accounts')).json().results
    t.equal(listed[0].status, 'RELINK_NEEDED', 'the list still shows it')
    const relinked = await c.link('ticketing', 'org9')
    t.equal(relinked.accountToken, accountToken)
    t.equal((await acct.get('/api/ticketing/v1/account-details')).json().status, 'COMPLETE')
  }
})

t.test('tenants: two keys with the same origin id never see each other', async (t) => {
  const { app } = await makeApp(t)
  const a = new Client(app, 'key-a')
  const b = new Client(app, 'test_key-b')
  const tokenA = await a.linkToken('hris', { end_user_origin_id: 'shared', integration: 'workday' })
  const tokenB = await b.linkToken('hris', { end_user_origin_id: 'shared' })

  t.equal((await b.complete(tokenA)).statusCode, 404, 'another key cannot complete my link token')
  const doneA = await a.complete(tokenA)
  const doneB = await b.complete(tokenB, { integration: 'gusto' })
  t.equal((await b.get(`/api/hris/v1/account-token/${doneA.json().public_token}`)).statusCode, 400, 'nor exchange my public token')
  const exA = await a.get(`/api/hris/v1/account-token/${doneA.json().public_token}`)
  t.equal(exA.statusCode, 200, 'which stays usable for me')
  const exB = await b.get(`/api/hris/v1/account-token/${doneB.json().public_token}`)
  t.not(exA.json().account_token, exB.json().account_token)
  t.not(exA.json().id, exB.json().id)

  const listA = (await a.get('/api/hris/v1/linked-accounts')).json().results
  const listB = (await b.get('/api/hris/v1/linked-accounts?is_test_account=true')).json().results
  t.same(listA.map((x: any) => [x.id, x.integration.slug, x.account_type]), [[exA.json().id, 'workday', 'PRODUCTION']])
  t.same(listB.map((x: any) => [x.id, x.integration.slug, x.account_type]), [[exB.json().id, 'gusto', 'TEST']])
  t.same((await a.get('/_unimock/linked-accounts')).json().results.map((x: any) => x.id), [exA.json().id])
  t.same((await b.get('/_unimock/events')).json().results.map((x: any) => x.linked_account_id), [exB.json().id])
  t.equal((await a.post(`/_unimock/linked-accounts/${exB.json().id}/relink-needed`)).statusCode, 404, 'the control API acts only on my accounts')

  const detailsB = (await b.withAccount(exB.json().account_token).get(DETAILS)).json()
  t.equal(detailsB.account_type, 'TEST', 'test_ keys make test accounts')
  t.equal(detailsB.end_user_origin_id, 'shared')
})

t.test('keys, tokens and end-user emails never reach the logs in clear', async (t) => {
  const lines: string[] = []
  const logStream = new Writable({ write (chunk, _enc, done) { lines.push(String(chunk)); done() } })
  const app = buildApp({ clock: 'virtual', logLevel: 'trace' }, { clock: new VirtualClock(START), logStream })
  t.teardown(() => app.close())
  await app.ready()
  const c = new Client(app, 'sk_key_visible_nowhere')
  const linkToken = await c.linkToken('hris', { end_user_origin_id: 'o1', end_user_email_address: 'person@private.example' })
  const done = await c.complete(linkToken)
  const publicToken = done.json().public_token
  const exchanged = await c.get(`/api/hris/v1/account-token/${publicToken}`)
  const accountToken = exchanged.json().account_token
  await c.withAccount(accountToken).get(DETAILS)
  await c.withAccount(accountToken).get('/api/hris/v1/account-token/another-public-token')
  // Filters on people and keys in query strings, on every surface (#19: these were logged in clear).
  await c.withAccount(accountToken).get('/api/hris/v1/employees?work_email=filter%40private.example')
  await c.get('/api/hris/v1/linked-accounts?end_user_email_address=listed%40private.example')
  await app.inject({ method: 'GET', url: '/link/demo?api_key=sk_demo_key_in_query' })
  const log = lines.join('')
  t.match(log, /work_email=\[redacted\]/, 'a redacted filter still shows which filter was used')
  t.match(log, /incoming request/, 'requests were logged')
  t.match(log, /account-token\/\[redacted\]/, 'the public token in the path is redacted')
  t.match(log, /link-tokens\/\[redacted\]\/complete/)
  for (const secret of ['sk_key_visible_nowhere', linkToken, publicToken, accountToken, 'person@private.example', 'another-public-token', 'filter%40private.example', 'listed%40private.example', 'sk_demo_key_in_query']) {
    t.notOk(log.includes(secret), `not in the log: ${secret.slice(0, 12)}...`)
  }
})
