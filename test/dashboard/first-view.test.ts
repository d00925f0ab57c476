import t, { type Test } from 'tap'
import type { Page } from 'playwright-core'
import { startUnimock, type RunningUnimock } from '../../src/server.js'
import { launchChromium } from './browser.js'
import { testPage } from '../integration/widget/browser.js'

// The dashboard's first view, as someone opening /_unimock/ui sees it: which key to use is offered (a server
// without --api-key lists the keys that have a world: masked by default, so that its owner recognises theirs
// and types it; in full with --dashboard-keys list, where the only one opens at once), a link may carry the key
// in its fragment, and the form says what a key is. Screenshots of the first view go to /tmp/first39-*.png.

const browser = await launchChromium()

async function server (t: Test, options: Parameters<typeof startUnimock>[0] = {}): Promise<RunningUnimock> {
  const unimock = await startUnimock(options)
  t.teardown(() => unimock.close())
  return unimock
}

async function link (unimock: RunningUnimock, key: string, origin: string): Promise<void> {
  const res = await fetch(`${unimock.url}/_unimock/linked-accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ category: 'hris', end_user_origin_id: origin, end_user_organization_name: `${origin} Inc` })
  })
  if (res.status !== 201) throw new Error(`linked-accounts answered ${res.status}`)
}

async function open (t: Test, url: string): Promise<{ page: Page, requested: string[], errors: string[] }> {
  const { page } = await testPage(t, browser)
  const requested: string[] = []
  const errors: string[] = []
  page.on('request', (request) => { requested.push(request.url()) })
  page.on('pageerror', (error) => { errors.push(error.message) })
  await page.goto(url)
  return { page, requested, errors }
}

async function shot (page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/first39-${name}.png`, fullPage: true })
}

t.test('no key used yet: the form says what a key is and that none has a world yet', async (t) => {
  const unimock = await server(t)
  const { page, errors } = await open(t, `${unimock.url}/_unimock/ui`)
  await page.getByTestId('no-keys').waitFor()
  t.match(await page.locator('main').innerText(), /An API key is the Authorization: Bearer key your tests or app send to unimock\. Each key is a world of its own/)
  t.match(await page.getByTestId('no-keys').innerText(), /No key has been used yet/)
  await shot(page, 'no-api-key-fresh')
  t.same(errors, [])
})

t.test('without --api-key, the keys are shown masked: recognisable by their owner, opened only by typing one', async (t) => {
  const unimock = await server(t)
  await link(unimock, 'test_only_key', 'acme-hr')
  const { page, requested, errors } = await open(t, `${unimock.url}/_unimock/ui`)
  const offered = page.getByRole('region', { name: 'Keys with a world' })
  await offered.waitFor()
  t.match((await offered.locator('li').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim()), [/^tes… 1 linked account, used just now$/])
  t.match(await page.getByTestId('keys-masked').innerText(), /start unimock with --dashboard-keys list/, 'the hint names the flag')
  t.notMatch(await page.content(), 'test_only_key', 'the page holds no key')
  t.equal(await page.locator('tr[data-account]').count(), 0, 'nothing opened')
  await shot(page, 'masked-one-key')
  t.equal(await offered.getByRole('button').count(), 0, 'a masked key is no button: only the key itself opens it')
  await page.getByLabel('API key').fill('test_only_key')
  await page.getByRole('button', { name: 'Open' }).click()
  await page.locator('tr[data-account]').first().waitFor()
  t.match(await page.getByTestId('accounts').innerText(), /acme-hr/)
  t.same(requested.filter((u) => u.includes('test_only_key')), [], 'no request carried it in its URL')
  t.same(errors, [])
})

t.test('with --dashboard-keys list, the only key with a world opens at once', async (t) => {
  const unimock = await server(t, { dashboardKeys: 'list' })
  await link(unimock, 'test_only_key', 'acme-hr')
  const { page, errors } = await open(t, `${unimock.url}/_unimock/ui`)
  await page.locator('tr[data-account]').first().waitFor()
  t.match(await page.getByTestId('accounts').innerText(), /acme-hr/, 'that key\'s accounts, without typing it')
  await page.getByText('live', { exact: true }).waitFor()
  await shot(page, 'without-api-key')
  t.same(errors, [])
})

t.test('with --dashboard-keys list, several keys are offered, each with its linked accounts, and one opens with a click', async (t) => {
  const unimock = await server(t, { dashboardKeys: 'list' })
  await link(unimock, 'test_alpha', 'alpha-1')
  await link(unimock, 'test_beta', 'beta-1')
  await link(unimock, 'test_beta', 'beta-2')
  const { page, errors } = await open(t, `${unimock.url}/_unimock/ui`)
  const offered = page.getByRole('region', { name: 'Keys with a world' })
  await offered.waitFor()
  t.match((await offered.locator('li').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim()), [/^test_beta 2 linked accounts, used just now$/, /^test_alpha 1 linked account, used just now$/])
  t.equal(await page.getByTestId('keys-masked').count(), 0, 'no masking hint when the keys are listed')
  await shot(page, 'without-api-key-several')
  await offered.getByRole('button', { name: 'test_alpha' }).click()
  await page.locator('tr[data-account]').first().waitFor()
  t.match(await page.getByTestId('accounts').innerText(), /alpha-1/)
  t.notMatch(await page.getByTestId('accounts').innerText(), /beta-1/)
  t.same(errors, [])
})

t.test('a link with #key=... opens that key\'s world; the key is never in a request\'s URL and leaves the address bar', async (t) => {
  const unimock = await server(t)
  await link(unimock, 'test_shared', 'shared-org')
  await link(unimock, 'test_other', 'other-org')
  const { page, requested, errors } = await open(t, `${unimock.url}/_unimock/ui#key=test_shared`)
  await page.locator('tr[data-account]').first().waitFor()
  t.match(await page.getByTestId('accounts').innerText(), /shared-org/)
  t.notMatch(await page.getByTestId('accounts').innerText(), /other-org/)
  t.equal(new URL(page.url()).hash, '', 'taken out of the address bar')
  t.same(requested.filter((u) => u.includes('test_shared')), [], 'no request carried it in its URL')
  t.same(errors, [])
})

t.test('with --api-key, no key is listed: the form asks for one and says why', async (t) => {
  const unimock = await server(t, { apiKeys: ['secret_ci_key'] })
  await link(unimock, 'secret_ci_key', 'ci-org')
  const listed = await (await fetch(`${unimock.url}/_unimock/keys`)).json()
  t.same(listed, { listed: false, keys_shown: 'masked', keys: [] })
  t.equal(unimock.dashboardUrl, `${unimock.url}/_unimock/ui#key=secret_ci_key`, 'startUnimock names the link that opens the key\'s world')
  const { page, errors } = await open(t, `${unimock.url}/_unimock/ui`)
  await page.getByTestId('no-keys').waitFor()
  t.match(await page.getByTestId('no-keys').innerText(), /accepts only the keys given with --api-key/)
  await shot(page, 'with-api-key')
  await page.getByLabel('API key').fill('secret_ci_key')
  await page.getByRole('button', { name: 'Open' }).click()
  await page.locator('tr[data-account]').first().waitFor()
  await shot(page, 'with-api-key-opened')
  t.same(errors, [])
})

t.test('GET /_unimock/keys: the keys seen with a world, most linked accounts first; a reset forgets them', async (t) => {
  const unimock = await server(t)
  t.equal(unimock.dashboardUrl, `${unimock.url}/_unimock/ui`, 'no key known, none in the link')
  const keys = async (): Promise<unknown> => await (await fetch(`${unimock.url}/_unimock/keys`)).json()
  t.same(await keys(), { listed: true, keys_shown: 'masked', keys: [] })
  await link(unimock, 'test_k1', 'o1')
  await link(unimock, 'test_k2', 'o2')
  await link(unimock, 'test_k2', 'o3')
  t.equal((await fetch(`${unimock.url}/_unimock/linked-accounts`, { headers: { authorization: 'Bearer k' } })).status, 200, 'a key used with no account yet')
  const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
  const found = await keys() as { keys: Array<Record<string, unknown>> }
  t.match(found, { listed: true, keys_shown: 'masked', keys: [{ hint: 't…', linked_accounts: 2, last_used_at: at }, { hint: 't…', linked_accounts: 1, last_used_at: at }, { hint: '…', linked_accounts: 0, last_used_at: at }] })
  t.same(found.keys.map((k) => Object.keys(k).sort()), Array(3).fill(['hint', 'last_used_at', 'linked_accounts']), 'no key, only what recognises one')
  t.equal((await fetch(`${unimock.url}/_unimock/reset`, { method: 'POST' })).status, 200)
  t.same(await keys(), { listed: true, keys_shown: 'masked', keys: [] })
})

t.test('GET /_unimock/keys with --dashboard-keys list: the keys themselves too', async (t) => {
  const unimock = await server(t, { dashboardKeys: 'list' })
  await link(unimock, 'test_k1', 'o1')
  await link(unimock, 'test_k2', 'o2')
  await link(unimock, 'test_k2', 'o3')
  t.match(await (await fetch(`${unimock.url}/_unimock/keys`)).json(), { listed: true, keys_shown: 'list', keys: [{ key: 'test_k2', hint: 't…', linked_accounts: 2 }, { key: 'test_k1', linked_accounts: 1 }] })
})
