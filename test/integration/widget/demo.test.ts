import t from 'tap'
import { startUnimock } from '../../../src/server.js'
import { json, makeApp } from '../../helpers/app.js'
import { TECHNICAL_WORDS, launchChromium, testPage, widget } from './browser.js'

// The demo page's stand-in backend through inject, then the demo page end to end in headless Chromium.

const browser = await launchChromium()

t.test('the demo backend creates link tokens through the unified service', async (t) => {
  const { app } = await makeApp(t)
  const created = await app.inject({ method: 'POST', url: '/link/demo/api/create-link-token', payload: { api_key: 'test_demo_backend', end_user_origin_id: 'demo-1' } })
  t.equal(created.statusCode, 200)
  const { success, link_token: linkToken } = json(created)
  t.equal(success, true)
  const session = json(await app.inject({ method: 'GET', url: `/link/api/session?link_token=${encodeURIComponent(linkToken)}` }))
  t.match(session, { state: 'READY', category: 'hris', system_label: 'HR system', organization_name: 'Northwind' })
  t.ok(session.integrations.length > 1, 'the whole category is on offer')

  const preselected = json(await app.inject({ method: 'POST', url: '/link/demo/api/create-link-token', payload: { api_key: 'test_demo_backend', category: 'crm', end_user_origin_id: 'demo-2', integration: 'hubspot' } }))
  const crm = json(await app.inject({ method: 'GET', url: `/link/api/session?link_token=${encodeURIComponent(preselected.link_token)}` }))
  t.match(crm, { category: 'crm', system_label: 'CRM' })
  t.same(crm.integrations.map((i: { slug: string }) => i.slug), ['hubspot'])

  const list = (key: string) => app.inject({ method: 'GET', url: '/api/hris/v1/linked-accounts?end_user_origin_id=demo-1&is_test_account=true', headers: { authorization: `Bearer ${key}` } })
  t.match(json(await list('test_demo_backend')).results, [{ end_user_origin_id: 'demo-1', status: 'INCOMPLETE' }], 'the account belongs to the demo\'s API key')
  t.same(json(await list('test_someone_else')).results, [], 'and to no other tenant')
})

t.test('the demo backend answers failures as {success: false, error}', async (t) => {
  const { app } = await makeApp(t)
  const cases: Array<[string, object, number, RegExp]> = [
    ['create-link-token', { api_key: 'test_x', category: 'payroll', end_user_origin_id: 'o' }, 404, /POST \/api\/payroll\/v1\/link-token answered 404/],
    ['create-link-token', { api_key: 'test_x' }, 400, /end_user_origin_id/],
    ['create-link-token', { api_key: 'test_x', end_user_origin_id: 'o', integration: 'greenhouse' }, 400, /greenhouse/],
    ['exchange-public-token', { api_key: 'test_x' }, 400, /public_token/],
    ['exchange-public-token', { api_key: 'test_x', public_token: 'never-issued' }, 400, /account-token\/never-issued answered 400/],
    // A lone surrogate broke the path the demo backend builds: 500 "URI malformed".
    ['create-link-token', { api_key: 'test_x', category: '\udc00x', end_user_origin_id: 'o' }, 400, /category is not well-formed text/],
    ['exchange-public-token', { api_key: 'test_x', category: '\ud800', public_token: 'p' }, 400, /category is not well-formed text/],
    ['exchange-public-token', { api_key: 'test_x', public_token: 'p\udfff' }, 400, /public_token is not well-formed text/]
  ]
  for (const [route, payload, status, error] of cases) {
    const res = await app.inject({ method: 'POST', url: `/link/demo/api/${route}`, payload })
    t.equal(res.statusCode, status, `${route} ${JSON.stringify(payload)}`)
    t.match(json(res), { success: false, error }, `${route} ${JSON.stringify(payload)}`)
  }
})

t.test('the demo backend passes an API key refusal on', async (t) => {
  const { app } = await makeApp(t, { apiKeys: ['test_allowed'] } as object)
  const res = await app.inject({ method: 'POST', url: '/link/demo/api/create-link-token', payload: { api_key: 'test_other', end_user_origin_id: 'o' } })
  t.equal(res.statusCode, 401)
  t.match(json(res), { success: false, error: /answered 401/ })
})

t.test('the demo backend exchanges a public token once and reads the account', async (t) => {
  const { app } = await makeApp(t)
  const auth = { authorization: 'Bearer test_demo_exchange' }
  const created = json(await app.inject({ method: 'POST', url: '/link/demo/api/create-link-token', payload: { api_key: 'test_demo_exchange', end_user_origin_id: 'demo-3' } }))
  const completed = await app.inject({ method: 'POST', url: `/_unimock/link-tokens/${encodeURIComponent(created.link_token)}/complete`, headers: auth, payload: { integration: 'gusto' } })
  t.equal(completed.statusCode, 200)
  const publicToken = json(completed).public_token
  const exchange = () => app.inject({ method: 'POST', url: '/link/demo/api/exchange-public-token', payload: { api_key: 'test_demo_exchange', public_token: publicToken } })
  const first = await exchange()
  t.equal(first.statusCode, 200)
  t.match(json(first), { success: true, integration_name: 'Gusto', account: { status: 'COMPLETE', integration: 'Gusto', end_user_origin_id: 'demo-3', completed_at: /Z$/ } })
  t.notOk('account_token' in json(first), 'the account token stays on the server')
  const second = await exchange()
  t.equal(second.statusCode, 400)
  t.match(json(second), { success: false, error: /answered 400/ })
})

t.test('the demo page runs the whole flow in a browser', async (t) => {
  const unimock = await startUnimock()
  t.teardown(() => unimock.close())
  const { page, offsite } = await testPage(t, browser)
  const errors: string[] = []
  page.on('pageerror', (error) => { errors.push(error.message) })
  const missing: string[] = []
  page.on('response', (response) => { if (response.status() === 404) missing.push(response.url()) })

  await page.goto(`${unimock.url}/link/demo?api_key=test_demo_browser&end_user_origin_id=demo-browser`)
  // The page names its icon inline: without one the browser asks for /favicon.ico, a 404 in every demo.
  t.match(await page.locator('link[rel=icon]').getAttribute('href'), /^data:image\/svg\+xml,/, 'the icon is inline')
  t.notMatch(await page.locator('header').innerText() + await page.locator('.card').innerText(), TECHNICAL_WORDS, 'the product part speaks business wording')
  await page.getByRole('button', { name: 'Connect your HR system' }).click()

  const ui = widget(page)
  await ui.getByRole('button', { name: 'Personio' }).click()
  await ui.getByLabel('Username or email').fill('hr-admin@northwind.example')
  await ui.getByLabel('Password').fill('secret')
  await ui.getByRole('button', { name: 'Connect' }).click()
  await page.locator('#status[data-state="ok"]').waitFor()
  t.equal(await page.locator('#status').innerText(), 'Connected to Personio')
  t.equal(await page.locator('#account-status').innerText(), 'COMPLETE')
  t.match(await page.locator('#public-token').innerText(), /^\S{20,}$/)
  await ui.getByRole('button', { name: 'Finish' }).click()
  await page.locator('iframe').waitFor({ state: 'detached' })
  t.equal(await page.getByRole('button', { name: 'Reconnect' }).isEnabled(), true)

  const accounts = await fetch(`${unimock.url}/api/hris/v1/linked-accounts?end_user_origin_id=demo-browser&is_test_account=true`, { headers: { authorization: 'Bearer test_demo_browser' } })
  t.match(await accounts.json(), { results: [{ status: 'COMPLETE', end_user_origin_id: 'demo-browser' }] })
  t.same(missing, [], 'nothing the page asked for answered 404')

  // Reconnecting with the same origin id relinks the same account; cancelling leaves it connected.
  await page.getByRole('button', { name: 'Reconnect' }).click()
  await ui.getByRole('heading', { name: 'Sign in to Personio' }).waitFor()
  await ui.getByRole('button', { name: 'Close' }).click()
  // onExit runs once unimock has recorded the exit, a moment after the modal is gone.
  await page.getByRole('button', { name: 'Reconnect' }).and(page.locator(':enabled')).waitFor()
  t.equal(await page.locator('#status').innerText(), 'Connected to Personio')
  t.same(errors, [], 'no script error')
  t.same(offsite, [], 'nothing was requested from off the machine')
})

t.test('the demo page opens with a link token it was given', async (t) => {
  const unimock = await startUnimock()
  t.teardown(() => unimock.close())
  const created = await fetch(`${unimock.url}/api/ats/v1/link-token`, {
    method: 'POST',
    headers: { authorization: 'Bearer test_demo_given', 'content-type': 'application/json' },
    body: JSON.stringify({ end_user_origin_id: 'given-1', end_user_organization_name: 'Northwind', end_user_email_address: 'a@b.example', categories: ['ats'], integration: 'lever' })
  })
  const { link_token: linkToken } = await created.json() as { link_token: string }
  const { page, offsite } = await testPage(t, browser)
  await page.goto(`${unimock.url}/link/demo?api_key=test_demo_given&category=ats&link_token=${encodeURIComponent(linkToken)}`)
  await page.getByRole('button', { name: 'Connect your recruiting system' }).click()
  await widget(page).getByRole('heading', { name: 'Sign in to Lever' }).waitFor()
  t.equal(await page.locator('#link-token').innerText(), linkToken)
  t.same(offsite, [], 'nothing was requested from off the machine')
})
