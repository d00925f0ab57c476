import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t, { type Test } from 'tap'
import { accessibility, type Dashboard, KEY, launchChromium, openDashboard, screenshots } from './browser.js'

// The dashboard end to end in headless Chromium: what it shows, that it follows changes made from outside the
// page (the live stream), and that its buttons act through the control API. One browser for the file; each
// test has a unimock of its own (on a virtual clock) and a tab of its own, and makes the state it starts from.

const browser = await launchChromium()

/** A test on its own dashboard, which ends by checking that the page loaded nothing from off the machine and threw nothing. */
function dashboardTest (name: string, fn: (t: Test, d: Dashboard) => Promise<void>): void {
  t.test(name, async (t) => {
    const d = await openDashboard(t, browser)
    await fn(t, d)
    t.same(d.offsite, [], 'the page loaded nothing from off the machine')
    t.same(d.errors, [], 'and threw nothing')
  })
}

/** An hris account made from outside the page, a day on: its initial syncs over, and the page showing so. */
async function syncedAccount (d: Dashboard, origin: string): Promise<string> {
  const created = await d.call<{ id: string }>('POST', '/linked-accounts', { category: 'hris', end_user_origin_id: origin, end_user_organization_name: `${origin} Inc` })
  if (created.status !== 201) throw new Error(`linked-accounts answered ${created.status}`)
  const advanced = await d.call('POST', '/clock/advance', { by: '1d' })
  if (advanced.status !== 200) throw new Error(`clock/advance answered ${advanced.status}`)
  await d.page.locator(`tr[data-account="${created.body.id}"]`).getByTestId('sync-summary').filter({ hasNotText: 'SYNCING' }).waitFor()
  return created.body.id
}

dashboardTest('accounts appear, and their sync state moves, as the control API changes them from outside the page', async (t, { page, call }) => {
  const rows = page.getByTestId('accounts').locator('tbody tr[data-account]')
  const ids: string[] = []
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
  await t.resolveMatch(first.getByTestId('sync-summary').innerText(), /^\d+ models\b.*SYNCING/, 'the initial syncs are under way')

  t.equal((await call('POST', '/clock/advance', { by: '1d' })).status, 200)
  await first.getByTestId('sync-summary').filter({ hasNotText: 'SYNCING' }).waitFor()
  t.match(await first.getByTestId('sync-summary').innerText(), /^\d+ models DONE$/, 'every model DONE after a day')
  const now = (await call<{ now: string }>('GET', '/clock')).body.now
  await page.locator(`time[datetime="${now}"]`).waitFor()
  t.pass('the clock on the page moved with it')

  t.equal((await call('POST', `/linked-accounts/${ids[1]}/relink-needed`)).status, 200)
  await page.locator(`tr[data-account="${ids[1]}"]`).getByTestId('status').filter({ hasText: 'RELINK_NEEDED' }).waitFor()
  t.pass('RELINK_NEEDED shows without a reload')
  await screenshots(page, 'accounts')
})

interface SyncView { paused: boolean, sync_status: Array<{ model_id: string, status: string, last_sync_result: string | null }> }

dashboardTest('each failure-mode button of an account acts through the control API, and the page shows it', async (t, d) => {
  const { page, call } = d
  const id = await syncedAccount(d, 'acme-hr')
  await page.getByRole('button', { name: 'Details of acme-hr' }).click()
  const detail = page.getByTestId('account-detail')
  for (const outcome of ['FAILED', 'PARTIALLY_SYNCED', 'PAUSED', 'DONE']) {
    await detail.getByRole('button', { name: `Next sync ends ${outcome}` }).click()
    await detail.getByText(`Next sync ${outcome}: done`).waitFor()
    await detail.getByRole('button', { name: 'Sync now' }).click()
    await detail.getByText('Sync now: done').waitFor()
    await page.getByRole('button', { name: '+1 h' }).click()
    await detail.locator('tbody tr').first().locator('td').nth(4).filter({ hasText: outcome }).waitFor()
    const sync = (await call<SyncView>('GET', `/linked-accounts/${id}/sync`)).body
    t.same([...new Set(sync.sync_status.map((s) => s.last_sync_result))], [outcome], `every model's next sync ended ${outcome}`)
    const shown = await detail.getByTestId('models').locator('tbody tr td:nth-child(6)').allInnerTexts()
    t.same(shown, sync.sync_status.map(() => outcome), `the page shows ${outcome} as each model's last result`)
  }
  // The timeline: one bar per run the history keeps, at its start, with its result; initial syncs marked;
  // the next scheduled start of each model drawn.
  const history = (await call<{ runs: Array<{ model_id: string, started_at: string, result: string, was_initial_sync: boolean }> }>('GET', `/linked-accounts/${id}/sync/history`)).body.runs
  const models = await detail.getByTestId('models').locator('tbody tr').count()
  // The initial sync and the first three presets; the DONE run is announced when the model is next touched
  // (nothing observes this tenant), and until then the timeline draws it from the sync state.
  t.ok(history.length >= 4 * models, `${history.length} runs kept`)
  const drawn = await detail.getByTestId('timeline').locator('rect.bar').evaluateAll((rects) => rects.map((r) => `${r.getAttribute('data-model')} ${r.getAttribute('data-start')} ${r.getAttribute('data-result')} ${r.getAttribute('data-initial')}`))
  for (const run of history) {
    if (!drawn.includes(`${run.model_id} ${run.started_at} ${run.result} ${run.was_initial_sync}`)) t.fail(`no bar for ${JSON.stringify(run)}`)
  }
  t.same([...new Set(history.map((r) => r.result))].sort(), ['DONE', 'FAILED', 'PARTIALLY_SYNCED', 'PAUSED'], 'runs of each result')
  t.ok(drawn.length >= history.length + models, 'the last run of each model too')
  t.ok(drawn.some((b) => b.endsWith(' DONE true')), 'the initial syncs are marked')
  t.same([...new Set(drawn.map((b) => b.split(' ')[2]))].sort(), ['DONE', 'FAILED', 'PARTIALLY_SYNCED', 'PAUSED'], 'bars of each result, and nothing else')
  const sync = (await call<{ sync_status: Array<{ model_id: string, next_sync_start: string | null }> }>('GET', `/linked-accounts/${id}/sync`)).body.sync_status
  const nexts = await detail.getByTestId('timeline').locator('line.next').evaluateAll((lines) => lines.map((l) => l.getAttribute('data-next')))
  t.same(nexts.sort(), sync.filter((s) => s.next_sync_start !== null).map((s) => s.model_id).sort(), 'the next scheduled sync of each model')
  await screenshots(page, 'account-detail')

  await detail.getByRole('button', { name: 'Pause syncs' }).click()
  await detail.getByRole('button', { name: 'Resume syncs' }).waitFor()
  t.equal((await call<SyncView>('GET', `/linked-accounts/${id}/sync`)).body.paused, true, 'paused')
  await detail.getByRole('button', { name: 'Resume syncs' }).click()
  await detail.getByRole('button', { name: 'Pause syncs' }).waitFor()
  t.equal((await call<SyncView>('GET', `/linked-accounts/${id}/sync`)).body.paused, false, 'resumed')

  await detail.getByRole('button', { name: 'Make it need relinking' }).click()
  await page.locator(`tr[data-account="${id}"]`).getByTestId('status').filter({ hasText: 'RELINK_NEEDED' }).waitFor()
  const accounts = (await call<{ results: Array<{ id: string, status: string }> }>('GET', '/linked-accounts')).body.results
  t.equal(accounts.find((a) => a.id === id)?.status, 'RELINK_NEEDED')
})

dashboardTest('the tenant-wide failure modes: drop or delay webhooks, a service fault, a scenario played', async (t, d) => {
  const { page, call } = d
  await page.getByRole('button', { name: 'Failure modes' }).click()
  await page.getByLabel('Next', { exact: true }).fill('2')
  await page.getByRole('button', { name: 'Drop them' }).click()
  await page.getByRole('button', { name: 'Delay them' }).click()
  await page.getByTestId('webhook-faults').locator('tbody tr').nth(1).waitFor()
  const wh = (await call<{ results: Array<{ kind: string, remaining: number, delay_ms: number | null }> }>('GET', '/webhooks/faults')).body.results
  t.match(wh, [{ kind: 'drop', remaining: 2 }, { kind: 'delay', remaining: 2, delay_ms: 600_000 }])

  await page.getByLabel('Answer').selectOption('503')
  await page.getByRole('button', { name: 'Inject fault' }).click()
  const faults = page.getByTestId('service-faults')
  await faults.locator('tbody tr').first().waitFor()
  t.match((await call<{ results: unknown[] }>('GET', '/faults')).body.results, [{ kind: 'status', status: 503, remaining: 1, hits: 0 }])
  const hit = await fetch(`${d.unimock.url}/api/hris/v1/linked-accounts`, { headers: { authorization: `Bearer ${KEY}` } })
  t.equal(hit.status, 503, 'the next unified request answers 503')
  await faults.locator('tbody tr td').nth(3).filter({ hasText: '1' }).waitFor()
  t.pass('the page counts the hit without a reload')

  await page.getByRole('button', { name: 'Run scenario' }).click()
  const run = page.getByTestId('scenario-run')
  await run.getByTestId('run-state').filter({ hasText: 'running' }).waitFor()
  await call('POST', '/clock/advance', { by: '7d' })
  await run.getByTestId('run-state').filter({ hasNotText: 'running' }).waitFor()
  const runs = (await call<{ runs: Array<{ state: string }> }>('GET', '/scenarios')).body.runs
  t.equal(await run.getByTestId('run-state').innerText(), runs[0]?.state, 'the run played to its end as the clock moved')
  await screenshots(page, 'failure-modes')
})

dashboardTest('webhooks: the deliveries with their attempts, payload and signature on click, and redelivery', async (t, { page, call }) => {
  let received = 0
  const receiver = createServer((req, res) => { req.resume(); req.on('end', () => { res.statusCode = received++ === 0 ? 503 : 200; res.end() }) })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => receiver.close(() => resolve())))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
  t.equal((await call('POST', '/webhooks/targets', { url, events: ['LinkedAccount.linked'] })).status, 201)
  await page.getByRole('button', { name: 'Webhooks', exact: true }).click()
  const created = await call<{ id: string }>('POST', '/linked-accounts', { category: 'ats', end_user_origin_id: 'initech-ats' })
  await call('POST', '/clock/advance', { by: '1m' })
  const deliveries = (await call<{ results: Array<{ id: string, state: string, signature: string, attempts: Array<{ status_code: number }> }> }>('GET', '/webhooks/deliveries')).body.results
  t.equal(deliveries.length, 1)
  const delivery = deliveries[0]!
  t.match(delivery, { state: 'delivered', attempts: [{ status_code: 503 }, { status_code: 200 }] }, 'a retry after a 503')
  const row = page.locator(`tr[data-delivery="${delivery.id}"]`)
  await row.getByTestId('delivery-state').filter({ hasText: 'delivered' }).waitFor()
  t.match(await row.innerText(), /LinkedAccount\.linked/)
  t.match(await row.getByTestId('attempts').innerText(), /^503 in \d+ ms, 200 in \d+ ms$/, 'each attempt with its status and duration')
  await row.getByRole('button', { name: /Details of delivery/ }).click()
  const detail = page.getByTestId('delivery-detail')
  t.equal(await detail.getByTestId('signature').innerText(), delivery.signature, 'the signature')
  t.match(await detail.getByTestId('payload').innerText(), created.body.id, 'the payload names the account')
  await screenshots(page, 'webhooks')
  await detail.getByRole('button', { name: 'Redeliver' }).click()
  await page.locator('tr[data-delivery]').nth(1).waitFor()
  const after = (await call<{ results: Array<{ redelivery_of: string | null, state: string }> }>('GET', '/webhooks/deliveries')).body.results
  t.equal(after.length, 2)
  t.equal(after[1]?.redelivery_of, delivery.id, 'the redelivery is in the journal')
})

dashboardTest('requests: the journal with filters, and the report\'s findings linked to their requests', async (t, d) => {
  const { page, call } = d
  await page.getByRole('button', { name: 'Requests', exact: true }).click()
  const headers = { authorization: `Bearer ${KEY}` }
  for (let i = 0; i < 2; i++) await fetch(`${d.unimock.url}/api/hris/v1/linked-accounts?page_size=500`, { headers })
  await fetch(`${d.unimock.url}/api/hris/v1/nothing-here`, { headers })
  const journal = page.getByTestId('journal')
  await journal.locator('tbody tr').filter({ hasText: 'nothing-here' }).waitFor()
  await page.getByLabel('Status').fill('4xx')
  await page.getByRole('button', { name: 'Filter' }).click()
  const api = (await call<{ entries: Array<{ id: number, status: number }> }>('GET', '/requests?status=4xx&limit=200')).body.entries
  t.ok(api.length > 0 && api.length < (await call<{ size: number }>('GET', '/requests')).body.size, 'some requests, not all, answered 4xx')
  const ids = api.map((e) => e.id).join(',')
  await page.waitForFunction(`[...document.querySelectorAll('[data-testid=journal] tbody tr')].map((r) => r.dataset.request).join(',') === '${ids}'`)
  t.pass('the filtered journal is the one the control API answers')
  const report = (await call<{ findings: Array<{ code: string, requests: Array<{ id: number }> }> }>('GET', '/report')).body.findings
  const finding = report.find((f) => f.requests.length > 0)
  if (finding === undefined) { t.fail(`no finding with requests: ${JSON.stringify(report)}`); return }
  const item = page.locator(`li[data-finding="${finding.code}"]`)
  await item.waitFor()
  await item.getByRole('button', { name: new RegExp(`^Request ${finding.requests[0]!.id}:`) }).click()
  t.match(await page.getByTestId('selected-request').innerText(), `Request #${finding.requests[0]!.id}`, 'the finding leads to its request')
  await screenshots(page, 'requests')
})

dashboardTest('the page\'s icon is inline', async (t, { page }) => {
  // Without an icon of its own the browser asks the server for /favicon.ico on every load (a 404).
  t.match(await page.locator('link[rel=icon]').getAttribute('href'), /^data:image\/svg\+xml,/, 'the icon is inline')
})

dashboardTest('the page is styled from its own shell and follows the light or dark preference', async (t, { page }) => {
  t.equal(await page.locator('link[rel=stylesheet]').count(), 0, 'no stylesheet to fetch: the styles are inline')
  const background = (): Promise<string> => page.evaluate('getComputedStyle(document.body).backgroundColor') as Promise<string>
  await page.emulateMedia({ colorScheme: 'light' })
  t.equal(await background(), 'rgb(255, 255, 255)', 'light')
  await page.emulateMedia({ colorScheme: 'dark' })
  t.equal(await background(), 'rgb(13, 17, 23)', 'dark')
})

dashboardTest('accessibility: in every view, every control is labelled and reachable by keyboard', async (t, d) => {
  const { page, call } = d
  // Something in each view: an account, and a delivery (to a closed port) to open.
  t.equal((await call('POST', '/webhooks/targets', { url: 'http://127.0.0.1:9/closed', events: ['LinkedAccount.linked'] })).status, 201)
  await syncedAccount(d, 'acme-hr')
  for (const view of ['Accounts', 'Webhooks', 'Requests', 'Failure modes']) {
    await page.getByRole('button', { name: view, exact: true }).click()
    if (view === 'Accounts' && await page.getByTestId('account-detail').count() === 0) await page.getByRole('button', { name: 'Details of acme-hr' }).click()
    if (view === 'Webhooks') await page.getByRole('button', { name: /Details of delivery/ }).first().click()
    await page.locator('main h2').first().waitFor()
    const a11y = await accessibility(page)
    t.ok(a11y.controls > 8, `${view}: ${a11y.controls} controls checked`)
    t.same(a11y.unnamed, [], `${view}: no control without a name`)
    t.same(a11y.unreachable, [], `${view}: no control Tab cannot reach`)
  }
})
