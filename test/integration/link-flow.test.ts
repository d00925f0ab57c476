import t from 'tap'
import { makeApp, START } from '../helpers/app.js'
import { Client } from './helpers.js'

const MIN = 60_000

t.test('link-token accepts the spec body and the real service body; unknown fields are ignored', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const spec = await c.post('/api/hris/v1/link-token', { end_user_origin_id: 'org1_hris', integration_category: 'hris' })
  t.equal(spec.statusCode, 200)
  t.match(spec.headers['content-type'], /application\/json/)
  t.same(Object.keys(spec.json()).sort(), ['integration_name', 'link_token', 'magic_link_url'])
  t.match(spec.json(), { link_token: String, integration_name: null, magic_link_url: null })

  const real = await c.post('/api/ats/v1/link-token', {
    end_user_email_address: 'pat@example.com',
    end_user_organization_name: 'Example Co',
    end_user_origin_id: 'org1_ats',
    categories: ['ats'],
    link_expiry_mins: 60,
    should_create_magic_link_url: false,
    common_models: [{ model_id: 'ats.Candidate', enabled_actions: ['READ'], disabled_fields: [] }],
    language: 'en',
    some_future_field: { anything: true }
  })
  t.equal(real.statusCode, 200, real.body)
  t.type(real.json().link_token, 'string')

  const tokens = new Set<string>()
  for (let i = 0; i < 3; i++) tokens.add(await c.linkToken('hris', { end_user_origin_id: 'org1_hris' }))
  t.equal(tokens.size, 3, 'a fresh link token on every call')
})

t.test('link-token body errors are 400 {"detail"} naming the field', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const cases: Array<[unknown, RegExp]> = [
    [{}, /end_user_origin_id/],
    [{ end_user_origin_id: 5 }, /end_user_origin_id.*string/],
    [{ end_user_origin_id: '' }, /end_user_origin_id/],
    [{ end_user_origin_id: 'x', end_user_email_address: 42 }, /end_user_email_address/],
    [{ end_user_origin_id: 'x', categories: 'hris' }, /categories/],
    [{ end_user_origin_id: 'x', link_expiry_mins: '30' }, /link_expiry_mins/],
    [{ end_user_origin_id: 'x', link_expiry_mins: 10 }, /link_expiry_mins: 10 is outside 30 to 720/],
    [{ end_user_origin_id: 'x', link_expiry_mins: 721 }, /link_expiry_mins/],
    [{ end_user_origin_id: 'x', should_create_magic_link_url: 'yes' }, /should_create_magic_link_url/],
    [{ end_user_origin_id: 'x', integration: 'greenhouse' }, /integration: "greenhouse" is not an integration of the hris category/],
    [{ end_user_origin_id: 'x', integration_category: 'ats' }, /integration_category/],
    [[1, 2], /body/]
  ]
  for (const [body, message] of cases) {
    const res = await c.post('/api/hris/v1/link-token', body)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    t.match(res.json(), { detail: message }, JSON.stringify(body))
    t.same(Object.keys(res.json()), ['detail'])
  }
  const noBody = await c.post('/api/hris/v1/link-token')
  t.equal(noBody.statusCode, 400)
  t.match(noBody.json().detail, /body/)
  const badJson = await app.inject({ method: 'POST', url: '/api/hris/v1/link-token', headers: { authorization: 'Bearer key-a', 'content-type': 'application/json' }, payload: '{"end_user_origin_id":' })
  t.equal(badJson.statusCode, 400)
  t.match(JSON.parse(badJson.body).detail, /not valid JSON/)
  t.same((await c.get('/_unimock/linked-accounts')).json().results, [], 'no account was created by a rejected request')

  const magic = await c.post('/api/hris/v1/link-token', { end_user_origin_id: 'x', should_create_magic_link_url: true, link_expiry_mins: 10080 })
  t.equal(magic.statusCode, 200, 'a Magic Link may live 7 days')
  t.match(magic.json().magic_link_url, /^http:\/\/localhost(:\d+)?\/link\/magic\?link_token=/)
})

t.test('unknown categories are 404, not part of the service', async (t) => {
  const { app } = await makeApp(t)
  const res = await new Client(app, 'key-a').post('/api/payroll/v1/link-token', { end_user_origin_id: 'x' })
  t.equal(res.statusCode, 404)
  t.match(res.json(), { detail: /No route/ })
})

t.test('completion marks the account COMPLETE, records LinkedAccount.linked, and the public token exchanges once', async (t) => {
  const { app, clock } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const linkToken = await c.linkToken('hris', { end_user_origin_id: 'org1_hris', end_user_organization_name: 'Org One', end_user_email_address: 'it@org1.example' })
  await clock.advanceBy(MIN)
  const done = await c.complete(linkToken, { integration: 'gusto' })
  t.equal(done.statusCode, 200, done.body)
  t.match(done.json(), { outcome: 'success', public_token: String, is_relink: false, integration: { name: 'Gusto', slug: 'gusto', categories: ['hris'], color: String } })
  t.match(done.json().integration.image, /^https:\/\//)

  const again = await c.complete(linkToken)
  t.equal(again.statusCode, 400, 'a link token is single use')
  t.match(again.json(), { code: 'LINK_WIDGET_LINK_USED', detail: /single use/ })

  const [account] = (await c.get('/_unimock/linked-accounts')).json().results
  t.match(account, {
    status: 'COMPLETE',
    integration: 'Gusto',
    integration_slug: 'gusto',
    completed_at: new Date(START + MIN).toISOString(),
    end_user_origin_id: 'org1_hris',
    end_user_organization_name: 'Org One',
    account_type: 'PRODUCTION'
  })

  const events = (await c.get('/_unimock/events')).json().results
  t.equal(events.length, 1)
  t.match(events[0], { event: 'LinkedAccount.linked', linked_account_id: account.id, data: { is_relink: false }, due_at: new Date(START + MIN).toISOString(), delivered_at: null })

  const publicToken = done.json().public_token
  const exchanged = await c.get(`/api/hris/v1/account-token/${publicToken}`)
  t.equal(exchanged.statusCode, 200)
  t.same(exchanged.json(), {
    account_token: account.account_token,
    integration: { name: 'Gusto', categories: ['hris'], image: done.json().integration.image, square_image: done.json().integration.square_image, color: done.json().integration.color, slug: 'gusto' },
    id: account.id
  })
  t.notOk('end_user_origin_id' in exchanged.json(), 'the exchange does not echo the origin id')

  const reuse = await c.get(`/api/hris/v1/account-token/${publicToken}`)
  t.equal(reuse.statusCode, 400)
  t.match(reuse.json(), { detail: /already exchanged.*single use/ })
  const unknown = await c.get('/api/hris/v1/account-token/nope')
  t.equal(unknown.statusCode, 400)
  t.match(unknown.json(), { detail: /Invalid public token/ })
})

t.test('the spec exchange POST /api/mktg/v1/create-link-token works for every category', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  for (const category of ['ticketing', 'knowledgebase']) {
    const done = await c.complete(await c.linkToken(category, { end_user_origin_id: `o_${category}` }))
    const res = await c.post('/api/mktg/v1/create-link-token', { public_token: done.json().public_token })
    t.equal(res.statusCode, 200, res.body)
    t.type(res.json().account_token, 'string')
    t.equal(res.json().id, done.json().linked_account_id)
    const details = await c.withAccount(res.json().account_token).get(`/api/${category}/v1/account-details`)
    t.equal(details.statusCode, 200)
    t.equal(details.json().category, category)
    const reuse = await c.post('/api/mktg/v1/create-link-token', { public_token: done.json().public_token })
    t.equal(reuse.statusCode, 400)
  }
  const missing = await c.post('/api/mktg/v1/create-link-token', { publicToken: 'camel' })
  t.equal(missing.statusCode, 400)
  t.match(missing.json(), { detail: /public_token/ })
})

t.test('link tokens expire after link_expiry_mins by the clock; public tokens after 10 minutes', async (t) => {
  const { app, clock } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const short = await c.linkToken('hris', { end_user_origin_id: 'a' })
  const long = await c.linkToken('crm', { end_user_origin_id: 'b', link_expiry_mins: 60 })
  await clock.advanceBy(30 * MIN - 1)
  const stillOk = await c.linkToken('ats', { end_user_origin_id: 'c' })
  await clock.advanceBy(1)
  const expired = await c.complete(short)
  t.equal(expired.statusCode, 400)
  t.match(expired.json(), { code: 'LINK_WIDGET_LINK_EXPIRED', detail: /expired/ })
  t.equal((await c.complete(long)).statusCode, 200, 'link_expiry_mins 60 is still valid at 30 minutes')

  const done = await c.complete(stillOk)
  t.equal(done.statusCode, 200)
  await clock.advanceBy(10 * MIN)
  const late = await c.get(`/api/ats/v1/account-token/${done.json().public_token}`)
  t.equal(late.statusCode, 400)
  t.match(late.json(), { detail: /expired at 2026-01-01T00:40:00.000Z \(public tokens live 10m\)/ })

  const account = (await c.get('/_unimock/linked-accounts')).json().results.find((a: any) => a.end_user_origin_id === 'a')
  t.equal(account.status, 'INCOMPLETE', 'an expired link leaves the account incomplete')
})

t.test('public token lifetime follows --public-token-ttl', async (t) => {
  const { app, clock } = await makeApp(t, { publicTokenTtl: 60 })
  const c = new Client(app, 'key-a')
  const done = await c.complete(await c.linkToken('hris', { end_user_origin_id: 'a' }))
  await clock.advanceBy(59_999)
  t.equal((await c.get(`/api/hris/v1/account-token/${done.json().public_token}`)).statusCode, 200)
  const second = await c.complete(await c.linkToken('ats', { end_user_origin_id: 'b' }))
  await clock.advanceBy(60_000)
  t.equal((await c.get(`/api/ats/v1/account-token/${second.json().public_token}`)).statusCode, 400)
})

t.test('origin id reuse: an incomplete account is reused, a new origin id makes a second incomplete account', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  await c.linkToken('hris', { end_user_origin_id: 'org1_hris' })
  await c.linkToken('hris', { end_user_origin_id: 'org1_hris', end_user_email_address: 'later@org1.example' })
  let list = (await c.get('/api/hris/v1/linked-accounts')).json().results
  t.equal(list.length, 1, 'the retry with the same origin id reused the incomplete account')
  t.match(list[0], { status: 'INCOMPLETE', end_user_origin_id: 'org1_hris', end_user_email_address: 'later@org1.example', end_user_organization_name: '', integration: null, completed_at: '2026-01-01T00:00:00.000Z' })

  const firstAttempt = await c.linkToken('hris', { end_user_origin_id: 'org1_hris_retry1' })
  await c.complete(firstAttempt, { outcome: 'exit' })
  await c.linkToken('hris', { end_user_origin_id: 'org1_hris_retry2' })
  list = (await c.get('/api/hris/v1/linked-accounts')).json().results
  t.same(list.map((a: any) => [a.end_user_origin_id, a.status]), [
    ['org1_hris', 'INCOMPLETE'], ['org1_hris_retry1', 'INCOMPLETE'], ['org1_hris_retry2', 'INCOMPLETE']
  ], 'new origin ids on retries leave duplicate incomplete accounts, as the real service does')

  await c.linkToken('ats', { end_user_origin_id: 'org1_hris' })
  t.equal((await c.get('/_unimock/linked-accounts')).json().results.length, 4, 'the same origin id in another category is another account')
})

t.test('relinking keeps the account id, origin id and account token', async (t) => {
  const { app, clock } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const first = await c.link('hris', 'org1_hris', { integration: 'bamboohr' })
  const before = (await c.withAccount(first.accountToken).get('/api/hris/v1/account-details')).json()

  await app.inject({ method: 'POST', url: `/_unimock/linked-accounts/${first.accountId}/relink-needed`, headers: { authorization: 'Bearer key-a' } })
  await clock.advanceBy(5 * MIN)
  const relinkRes = await c.post('/api/hris/v1/link-token', { end_user_origin_id: 'org1_hris' })
  t.equal(relinkRes.json().integration_name, 'BambooHR', 'a relink names the account\'s integration')
  const other = await c.complete(relinkRes.json().link_token, { integration: 'gusto' })
  t.equal(other.statusCode, 400, 'a relink offers only the account\'s own integration')
  const done = await c.complete(relinkRes.json().link_token)
  t.match(done.json(), { outcome: 'success', is_relink: true, linked_account_id: first.accountId })
  const exchanged = await c.get(`/api/hris/v1/account-token/${done.json().public_token}`)
  t.equal(exchanged.json().account_token, first.accountToken, 'the account token is unchanged by relinking')

  const after = (await c.withAccount(first.accountToken).get('/api/hris/v1/account-details')).json()
  t.same(after, before, 'same id, origin id, integration and completed_at')
  t.equal((await c.get('/_unimock/linked-accounts')).json().results.length, 1, 'no second account')
  const events = (await c.get('/_unimock/events')).json().results
  t.same(events.map((e: any) => e.data.is_relink), [false, true])
})

t.test('exit spends the link token; a rejected credential leaves it usable; a preselected integration limits the choice', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const exitToken = await c.linkToken('crm', { end_user_origin_id: 'o1' })
  const exit = await c.complete(exitToken, { outcome: 'exit' })
  t.match(exit.json(), { outcome: 'exit', public_token: null, errors: [] })
  t.equal((await c.complete(exitToken)).statusCode, 400, 'an exited link token cannot be completed')

  const res = await c.post('/api/crm/v1/link-token', { end_user_origin_id: 'o1', integration: 'pipedrive' })
  t.equal(res.json().integration_name, 'Pipedrive')
  const token = res.json().link_token
  const error = await c.complete(token, { outcome: 'error' })
  t.same(error.json().errors, [{ detail: 'Pipedrive did not accept this username and password. Check them and try again.', problem_type: 'INVALID_CREDENTIALS' }])
  const mfa = await c.complete(token, { outcome: 'error', error: 'mfa_required' })
  t.equal(mfa.json().errors[0].problem_type, 'MFA_REQUIRED')
  t.equal((await c.get('/_unimock/linked-accounts')).json().results[0].status, 'INCOMPLETE')
  const wrong = await c.complete(token, { integration: 'hubspot' })
  t.equal(wrong.statusCode, 400)
  t.match(wrong.json().detail, /does not offer the integration "hubspot"/)
  const ok = await c.complete(token)
  t.match(ok.json(), { outcome: 'success', integration: { slug: 'pipedrive' } })
})

t.test('the control completion route checks its input', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const token = await c.linkToken('hris', { end_user_origin_id: 'o1' })
  const bad = await c.complete(token, { outcome: 'maybe' })
  t.equal(bad.statusCode, 400)
  t.match(bad.headers['content-type'], /application\/problem\+json/)
  t.match(bad.json(), { status: 400, detail: /outcome/ })
  const unknown = await c.complete('no-such-token')
  t.equal(unknown.statusCode, 404)
  const noBody = await app.inject({ method: 'POST', url: `/_unimock/link-tokens/${token}/complete`, headers: { authorization: 'Bearer key-a', 'content-type': 'application/json' } })
  t.equal(noBody.statusCode, 200, 'an empty body means success with the first integration')
  t.equal(JSON.parse(noBody.body).integration.slug, 'bamboohr')
})
