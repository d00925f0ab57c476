import t, { type Test } from 'tap'
import { makeApp } from '../helpers/app.js'
import { Client } from './helpers.js'
import { startReceiver } from './webhooks/receiver.js'

/**
 * Two CI jobs sharing one server (#19): each API key has its own virtual clock, its own reset and its own
 * scheduled work. One key moving time or resetting leaves the other's syncs, deliveries and time alone.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR

async function twoTenants (t: Test, config: Record<string, unknown> = {}, targets = true) {
  const { app, clock } = await makeApp(t, { rateLimit: 'off', initialSyncDuration: '10m', ...config })
  const start = clock.now()
  const tenant = async (key: string) => {
    const api = new Client(app, key)
    const control = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const res = await app.inject({ method, url: `/_unimock${url}`, headers: api.headers(), ...(payload === undefined ? {} : { payload: payload as object }) })
      return { statusCode: res.statusCode, json: () => JSON.parse(res.body) }
    }
    const receiver = await startReceiver(t)
    receiver.setKey((await control('GET', '/webhooks/signature-key')).json().key)
    if (targets) t.equal((await control('POST', '/webhooks/targets', { url: `${receiver.url}/hook` })).statusCode, 201)
    const { accountToken, accountId } = await api.link('hris', `org-${key}`)
    const now = async () => Date.parse((await control('GET', '/clock')).json().now)
    const advance = async (by: string) => {
      const res = await control('POST', '/clock/advance', { by })
      t.equal(res.statusCode, 200, `${key} advances by ${by}`)
      return Date.parse(res.json().now)
    }
    const syncStatus = async () => (await api.withAccount(accountToken).get('/api/hris/v1/sync-status?page_size=100')).json().results as Array<{ status: string, last_sync_finished: string | null }>
    const events = () => receiver.received.map((r) => r.json.hook.event as string)
    return { api, control, receiver, accountToken, accountId, now, advance, syncStatus, events }
  }
  const a = await tenant('ci-job-a')
  const b = await tenant('ci-job-b')
  const serverNow = async () => Date.parse(JSON.parse((await app.inject({ method: 'GET', url: '/_unimock/clock' })).body).now)
  return { app, clock, start, a, b, serverNow }
}

t.test("each key advances its own clock: its syncs and deliveries run, the other key's wait", async (t) => {
  const { start, a, b, serverNow } = await twoTenants(t)
  t.equal(await a.advance('1d'), start + DAY, 'the advance answers the key\'s own time')
  t.equal(await a.now(), start + DAY, 'a reads its own time')
  t.equal(await b.now(), start, 'b\'s time did not move')
  t.equal(await serverNow(), start, 'nor the server\'s')

  t.ok((await a.syncStatus()).every((s) => s.status === 'DISABLED' || s.last_sync_finished !== null), 'a\'s initial syncs finished')
  t.ok((await b.syncStatus()).some((s) => s.status === 'SYNCING'), 'b\'s are still under way')
  t.ok(a.events().includes('LinkedAccount.sync_completed'), 'a\'s receiver got its sync_completed')
  t.same(b.events(), [], 'b\'s deliveries wait for b\'s time (even the linked event, due at b\'s now)')
  const aDelivered = a.events().length

  t.equal(await b.advance('1h'), start + HOUR)
  t.ok(b.events().includes('LinkedAccount.sync_completed'), 'b\'s turn: its syncs finish in its hour')
  t.equal(a.events().length, aDelivered, 'and a got nothing more')
  t.equal(await a.now(), start + DAY, 'a\'s time stayed')

  // Timestamps a key's requests write are in its own time.
  const tokenA = await a.api.post('/api/hris/v1/link-token', { end_user_origin_id: 'org-later', end_user_email_address: 'x@example.com', end_user_organization_name: 'X', categories: ['hris'] })
  t.equal(tokenA.statusCode, 200)
  const accounts = (await a.control('GET', '/linked-accounts')).json().results as Array<{ end_user_origin_id: string, completed_at: string | null }>
  t.ok(accounts.some((x) => x.end_user_origin_id === 'org-ci-job-a' && Date.parse(x.completed_at!) === start), 'a\'s account was completed at a\'s start')
})

t.test('a keyless advance is the single-user form: every key\'s time moves by as much', async (t) => {
  const { start, app, a, b } = await twoTenants(t)
  await a.advance('2h')
  const res = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1h' } })
  t.equal(res.statusCode, 200)
  t.equal(Date.parse(JSON.parse(res.body).now), start + HOUR, 'it answers the server\'s time')
  t.equal(await a.now(), start + 3 * HOUR, 'a, two hours ahead, stays two hours ahead')
  t.equal(await b.now(), start + HOUR)
  t.ok(b.events().includes('LinkedAccount.sync_completed'), 'b\'s work of that hour ran')
})

t.test("a reset with a key empties that key's world alone; the other's syncs and deliveries go on", async (t) => {
  const { app, start, a, b, serverNow } = await twoTenants(t)
  t.equal((await a.control('PUT', '/sync-interval', { interval: '6h' })).statusCode, 200)
  t.equal((await b.control('PUT', '/sync-interval', { interval: '2h' })).statusCode, 200)
  await a.advance('3h')
  await b.advance('1h')
  const bAccounts = (await b.control('GET', '/linked-accounts')).json().results
  const bDelivered = b.events().length

  const db = app.unimock.db
  const tenantA = db.prepare('SELECT tenant_id FROM linked_accounts WHERE id = ?').pluck().get(a.accountId) as number
  const reset = await a.control('POST', '/reset')
  t.equal(reset.statusCode, 200)
  // Every table, also one added later: nothing of a's tenant or of its account is left.
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[]
  const left: string[] = []
  for (const table of tables) {
    const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name)
    if (table !== 'tenants' && columns.includes('tenant_id') && db.prepare(`SELECT count(*) FROM ${table} WHERE tenant_id = ?`).pluck().get(tenantA) !== 0) left.push(table)
    for (const column of ['account_id', 'linked_account_id']) {
      if (columns.includes(column) && db.prepare(`SELECT count(*) FROM ${table} WHERE ${column} = ?`).pluck().get(a.accountId) !== 0) left.push(`${table}.${column}`)
    }
  }
  t.same(left, [], 'no row of a\'s world is left in any table')
  t.ok((db.prepare('SELECT count(*) FROM data_records').pluck().get() as number) > 0, 'b\'s records are still there')
  t.equal(Date.parse(reset.json().now), start, 'a\'s time starts again from the server\'s')
  t.same((await a.control('GET', '/linked-accounts')).json().results, [], 'a\'s accounts are gone')
  t.equal((await a.api.withAccount(a.accountToken).get('/api/hris/v1/employees')).statusCode, 401, 'and its account token with them')
  t.same((await a.control('GET', '/webhooks/targets')).json().results, [], 'and its webhook targets')
  t.equal(await a.now(), start)
  t.equal((await a.control('GET', '/sync-interval')).json().interval_ms, DAY, 'a\'s sync interval is the server\'s default again')
  t.equal((await b.control('GET', '/sync-interval')).json().interval, '2h', 'b keeps its own')

  t.same((await b.control('GET', '/linked-accounts')).json().results, bAccounts, 'b\'s accounts are as they were')
  t.equal(await b.now(), start + HOUR, 'b\'s time too')
  t.equal(await serverNow(), start)
  t.equal((await b.api.withAccount(b.accountToken).get('/api/hris/v1/employees')).statusCode, 200, 'b still reads its data')
  await b.advance('2d')
  t.ok(b.events().length > bDelivered, 'b\'s periodic syncs and their deliveries went on')
  t.equal(await a.now(), start, 'without moving a')

  // The key comes back as a fresh tenant, and links again.
  const again = await a.api.link('hris', 'org-after-reset')
  t.ok(again.accountToken.length > 0)
  t.equal((await a.control('GET', '/linked-accounts')).json().results.length, 1)
  const aNow = await a.advance('1h')
  const states = (await a.api.withAccount(again.accountToken).get('/api/hris/v1/sync-status?page_size=100')).json().results
    .filter((s: { status: string }) => s.status === 'DONE') as Array<{ last_sync_finished: string, next_sync_start: string }>
  t.ok(states.length > 0, 'its initial syncs finished')
  // Stamps are each account's own: b's two days ahead do not leak into a's finishes.
  t.ok(states.every((s) => Date.parse(s.last_sync_finished) <= aNow), 'each finished in a\'s time, not in b\'s')
  t.ok(states.every((s) => Math.abs(Date.parse(s.next_sync_start) - Date.parse(s.last_sync_finished) - DAY) < 1000),
    'its next syncs follow the default interval, not the 6h it had set')
})

t.test('with --api-key the keyless form is refused; a key moves and resets its own world', async (t) => {
  const { app, start, a, b } = await twoTenants(t, { apiKeys: ['ci-job-a', 'ci-job-b'] })
  for (const url of ['/_unimock/clock/advance', '/_unimock/reset']) {
    const res = await app.inject({ method: 'POST', url, payload: url.endsWith('advance') ? { by: '1h' } : undefined })
    t.equal(res.statusCode, 401, `keyless ${url} is refused`)
    t.match(JSON.parse(res.body), { detail: /acts on that key's world alone/ })
  }
  t.equal((await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1h' }, headers: { authorization: 'Bearer intruder' } })).statusCode, 401, 'so is a key the server was not started with')
  await a.advance('1h')
  t.equal(await b.now(), start)
})

t.test("a long jump of one key runs in slices: the other key's requests are answered meanwhile", async (t) => {
  // No webhook targets: a's day is all synchronous work, no socket to wait on between its syncs.
  const { app, a, b } = await twoTenants(t, {}, false)
  t.equal((await a.control('PUT', '/sync-interval', { interval: '1h' })).statusCode, 200)
  // b asks over a real socket, which only the event loop serves (inject would slip in between promises).
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  const read = () => fetch(`${origin}/api/hris/v1/employees`, { headers: b.api.withAccount(b.accountToken).headers() })
  t.equal((await read()).status, 200, 'a first read opens the connection')
  let done = false
  const jump = a.advance('3d').then((now) => { done = true; return now })
  await new Promise((resolve) => setImmediate(resolve))
  t.equal((await read()).status, 200)
  t.equal(done, false, 'b was answered while a\'s three days (a thousand hourly model syncs) were still running')
  await jump
  const history = (await a.control('GET', `/linked-accounts/${a.accountId}/sync/history`)).json()
  t.ok(history.runs.length >= 100, `a's days did run (${String(history.runs.length)} syncs listed)`)
})

t.test("one key's concurrent advances queue and add up, each answering where it ended; the other key's time stays", async (t) => {
  const { start, a, b } = await twoTenants(t)
  const answers = await Promise.all([1, 2, 3].map(() => a.advance('1h')))
  t.same(answers.map((x) => (x - start) / HOUR).sort(), [1, 2, 3])
  t.equal(await a.now(), start + 3 * HOUR, 'three hours in all')
  t.equal(await b.now(), start)
})

t.test("another key's advance does not queue behind one key's long jump", async (t) => {
  const { start, a, b } = await twoTenants(t, {}, false)
  t.equal((await a.control('PUT', '/sync-interval', { interval: '1h' })).statusCode, 200)
  let jumped = false
  const jump = a.advance('3d').then((now) => { jumped = true; return now })
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(await b.advance('1h'), start + HOUR)
  t.equal(jumped, false, 'b moved its hour while a\'s three days were still running')
  t.equal(await jump, start + 3 * DAY)
  t.equal(await b.now(), start + HOUR)
})
