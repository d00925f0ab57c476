import t, { type Test } from 'tap'
import { SystemClock } from '../../src/core/clock.js'
import { RunRecord } from '../../src/conform/run-record.js'
import { fail } from '../../src/conform/verdict.js'
import { keyHint } from '../../src/integration/base/tenants/seen-keys.js'
import { type Dashboard, KEY, launchChromium, openDashboard, screenshots } from './browser.js'

// What a newcomer trips on in the dashboard (#52): whose world is on screen, a timeline whose axis reads
// right, a phone's width, and a failed check's evidence pointing at its request. (The page's code is a
// string where it runs in the browser: the tests' type-check has no DOM.)

const browser = await launchChromium()

async function dashboard (t: Test): Promise<Dashboard> {
  const d = await openDashboard(t, browser)
  t.teardown(async () => {
    // The tab goes back to the pool at the size the other tests expect.
    if (!d.page.isClosed()) await d.page.setViewportSize({ width: 1000, height: 760 })
  })
  return d
}

/** Two accounts a day into their syncs, the first one open: the state every view below starts from. */
async function twoAccounts (d: Dashboard): Promise<string[]> {
  const ids: string[] = []
  for (const [origin, category] of [['acme-hr', 'hris'], ['globex-crm-with-a-long-origin-id', 'crm']]) {
    const created = await d.call<{ id: string }>('POST', '/linked-accounts', { category, end_user_origin_id: origin, end_user_organization_name: `${origin} International Holdings` })
    if (created.status !== 201) throw new Error(`linked-accounts answered ${created.status}`)
    ids.push(created.body.id)
  }
  await d.call('POST', '/clock/advance', { by: '1d' })
  await d.page.locator(`tr[data-account="${ids[0]!}"]`).getByTestId('sync-summary').filter({ hasNotText: 'SYNCING' }).waitFor()
  await d.page.getByRole('button', { name: 'Details of acme-hr' }).click()
  await d.page.getByTestId('timeline').waitFor()
  return ids
}

t.test('the header says whose world is on screen: the key by its first characters, never in full', async (t) => {
  const { page } = await dashboard(t)
  const world = page.getByTestId('world')
  t.equal(await world.innerText(), `world of key ${keyHint(KEY)}`)
  t.notMatch(await page.evaluate('document.body.innerText') as string, KEY, 'the key itself is nowhere on the page')
})

t.test('the sync column says how many models; the timeline\'s axis reads days and times, every label inside the plot', async (t) => {
  const d = await dashboard(t)
  await twoAccounts(d)
  t.match(await d.page.getByTestId('sync-summary').first().innerText(), /^\d+ models DONE$/, 'the count says what it counts')
  const ticks = await d.page.getByTestId('timeline').locator('text[data-tick]').evaluateAll((texts) => texts.map((text) => {
    const box = (text as unknown as { getBBox(): { x: number, width: number } }).getBBox()
    return { label: text.textContent ?? '', left: box.x, right: box.x + box.width }
  }))
  t.ok(ticks.length >= 4, `${String(ticks.length)} ticks`)
  t.match(ticks[0]!.label, /^Jan 1$/, 'the first tick, 2026-01-01T00:00Z, names the day, not the year')
  t.same(ticks.filter((tick) => /^\d{4}$/.test(tick.label)).map((tick) => tick.label), [], 'no tick names a year on a plot of a day')
  const viewBox = (await d.page.getByTestId('timeline').getAttribute('viewBox'))!.split(' ').map(Number)
  t.same(ticks.filter((tick) => tick.left < 0 || tick.right > viewBox[2]!).map((tick) => tick.label), [], 'no label is cut off at either edge')
})

t.test('at 390 px: nothing wider than the screen, the tabs wrap, each account a card whose fields do not overlap', async (t) => {
  const d = await dashboard(t)
  await twoAccounts(d)
  await d.page.setViewportSize({ width: 390, height: 844 })
  t.equal(await d.page.evaluate('document.documentElement.scrollWidth'), 390, 'the page does not scroll sideways')
  const tabs = await d.page.getByRole('navigation', { name: 'Views' }).getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().right))
  t.same(tabs.filter((right) => right > 390), [], 'every tab on screen')
  // Each cell's content (its text and badges, not its box) against every other's in the same row.
  const overlaps = await d.page.evaluate(`[...document.querySelectorAll('[data-testid=accounts] tbody tr[data-account]')].flatMap((row) => {
    const boxes = [...row.cells].map((cell) => { const r = document.createRange(); r.selectNodeContents(cell); return [cell.dataset.label ?? 'open', r.getBoundingClientRect()] })
    const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    return boxes.flatMap(([n, a], i) => boxes.slice(i + 1).filter(([, b]) => hit(a, b)).map(([m]) => n + ' over ' + m))
  })`) as string[]
  t.same(overlaps, [], 'no field of an account overlaps another')
  const tick = await d.page.getByTestId('timeline').locator('text[data-tick]').first().evaluate((text) => text.getBoundingClientRect().height)
  t.ok(tick >= 10, `the timeline keeps its text readable (${String(tick)} px) and scrolls sideways instead`)
  await screenshots(d.page, 'accounts-390')
})

t.test('a failed check marks the requests its evidence names among those of its window', async (t) => {
  const d = await dashboard(t)
  const record = new RunRecord(d.unimock.app, KEY, new SystemClock())
  const check = { id: 'pagination.follows-next', rule: 'Data 4: follow next until it is null' }
  record.begin()
  record.start([check])
  for (let i = 0; i < 12; i++) await fetch(`${d.unimock.url}/api/hris/v1/linked-accounts`, { headers: { authorization: `Bearer ${KEY}` } })
  const entries = (await d.call<{ entries: Array<{ id: number, path: string }> }>('GET', '/requests?limit=50')).body.entries
  const named = entries.filter((e) => e.path === '/api/hris/v1/linked-accounts').map((e) => e.id).sort((a, b) => a - b)[7]!
  record.conclude(check, fail('the backend stopped after the first page', { expected: 'a request for the next page', got: `none after #${String(named)}`, requests: [`#${String(named)} 00:00:00.000 GET /api/hris/v1/linked-accounts → 200 (1 ms)`] }))
  record.finish(1, undefined)

  await d.page.getByRole('button', { name: 'Conformance' }).click()
  await d.page.getByRole('button', { name: 'pagination.follows-next' }).click()
  const section = d.page.getByTestId('check-requests')
  await section.locator('tr[data-request]').nth(11).waitFor()
  const marked = await section.locator('tr.evidence').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-request'))))
  t.same(marked, [named], 'the one request the evidence names, and no other')
  t.equal(await section.getByTestId('evidence-mark').count(), 1)
  await t.resolveMatch(section.innerText(), new RegExp(`marked evidence: #${String(named)}, named by the evidence`), 'said above the list')
  t.same(d.errors, [], 'the page threw nothing')
})
