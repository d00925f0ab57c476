import t from 'tap'
import { accessibility, launchChromium, openDashboard, screenshots } from './browser.js'

// The dashboard end to end in headless Chromium, on one unimock with a virtual clock: what it shows, that it
// follows changes made from outside the page (the live stream), and that its buttons act through the
// control API. One browser for the file; the tests share one server and one page, in order.

const browser = await launchChromium(t)
const d = await openDashboard(t, browser)
const { page, call } = d
const rows = page.getByTestId('accounts').locator('tbody tr[data-account]')
const ids: string[] = []

t.test('accounts appear, and their sync state moves, as the control API changes them from outside the page', async (t) => {
  await page.getByText('No linked accounts yet.').waitFor()
  for (const [origin, category] of [['acme-hr', 'hris'], ['globex-crm', 'crm']]) {
    const created = await call<{ id: string }>('POST', '/linked-accounts', { category, end_user_origin_id: origin, end_user_organization_name: `${origin} Inc` })
    t.equal(created.status, 201)
    ids.push(created.body.id)
  }
  await rows.nth(1).waitFor()
  t.equal(await rows.count(), 2, 'both accounts, without a reload')
  const first = page.locator(`tr[data-account="${ids[0]}"]`)
  t.match(await first.innerText(), /acme-hr\s+acme-hr Inc\s+\S+.*\s+hris\s+COMPLETE/s, 'origin id, organization, integration, category and status')
  await t.resolveMatch(first.getByTestId('sync-summary').innerText(), /SYNCING \d+/, 'the initial syncs are under way')

  t.equal((await call('POST', '/clock/advance', { by: '1d' })).status, 200)
  await first.getByTestId('sync-summary').filter({ hasNotText: 'SYNCING' }).waitFor()
  t.match(await first.getByTestId('sync-summary').innerText(), /^DONE \d+$/, 'every model DONE after a day')
  const now = (await call<{ now: string }>('GET', '/clock')).body.now
  await page.locator(`time[datetime="${now}"]`).waitFor()
  t.pass('the clock on the page moved with it')

  t.equal((await call('POST', `/linked-accounts/${ids[1]}/relink-needed`)).status, 200)
  await page.locator(`tr[data-account="${ids[1]}"]`).getByTestId('status').filter({ hasText: 'RELINK_NEEDED' }).waitFor()
  t.pass('RELINK_NEEDED shows without a reload')
  await screenshots(page, 'accounts')
})

t.test('the page loads nothing from off the machine and throws nothing', async (t) => {
  t.same(d.offsite, [])
  t.same(d.errors, [])
})

t.test('accessibility: every control is labelled and reachable by keyboard', async (t) => {
  await page.getByRole('button', { name: 'Details of acme-hr' }).click()
  await page.getByTestId('account-detail').waitFor()
  const a11y = await accessibility(page)
  t.ok(a11y.controls > 10, `${a11y.controls} controls checked`)
  t.same(a11y.unnamed, [], 'no control without a name')
  t.same(a11y.unreachable, [], 'no control Tab cannot reach')
})
