import t from 'tap'
import { linkedAccount } from './helpers.js'

t.test('FULL resync (no body) restarts every enabled model and writes the whole data set again', async (t) => {
  const ctx = await linkedAccount(t)
  await ctx.advance('1h')
  const finished = (await ctx.status('hris.Employee')).last_sync_finished!
  const res = await ctx.account.post('/api/hris/v1/sync-status/resync')
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.ok(Array.isArray(body), 'the answer is an array, as the real service answers')
  t.equal(body.length, 16)
  for (const r of body) t.match(r, { status: 'SYNCING', is_initial_sync: true, next_sync_start: null }, r.model_id)
  await ctx.advance('1h')
  const employees = await ctx.all('employees')
  t.ok(employees.length > 0)
  t.ok(employees.every((e) => e.modified_at > finished), 'every record was written again')
  t.match(await ctx.status('hris.Employee'), { status: 'DONE', is_initial_sync: false })
})

t.test('FULL resync leaves DISABLED models alone; sync_type FULL in a body works too', async (t) => {
  const ctx = await linkedAccount(t, {}, { common_models: [{ model_id: 'hris.Dependent', enabled_actions: [], disabled_fields: [] }] })
  await ctx.advance('1h')
  const res = await ctx.account.post('/api/hris/v1/sync-status/resync', { sync_type: 'FULL' })
  t.equal(res.statusCode, 200)
  t.notOk(res.json().some((r: any) => r.model_id === 'hris.Dependent'))
  t.equal((await ctx.status('hris.Dependent')).status, 'DISABLED')
})

t.test('INCREMENTAL resync syncs only the target, with only what changed', async (t) => {
  const ctx = await linkedAccount(t)
  await ctx.advance('1h')
  await ctx.advance('12h') // remote changes accumulate; the next scheduled sync is not due yet
  const before = await ctx.status('hris.Company')
  const fetchedAt = new Date(ctx.clock.now()).toISOString()
  const res = await ctx.account.post('/api/hris/v1/sync-status/resync', { sync_type: 'INCREMENTAL', target: 'hris.Employee' })
  t.equal(res.statusCode, 200)
  t.same(res.json().map((r: any) => r.model_id), ['hris.Employee'])
  t.equal(res.json()[0].status, 'SYNCING')
  await ctx.advance('15m')
  t.same(await ctx.status('hris.Company'), before, 'other models untouched')
  const employee = await ctx.status('hris.Employee')
  t.equal(employee.status, 'DONE')
  const changed = await ctx.all('employees', `include_deleted_data=true&modified_after=${encodeURIComponent(fetchedAt)}`)
  const everything = await ctx.all('employees', 'include_deleted_data=true')
  t.ok(changed.length > 0, `the remote changes of 12 hours were written (${changed.length})`)
  t.ok(changed.length < everything.length, 'only the changed records moved')
})

t.test('resync input errors name the field', async (t) => {
  const ctx = await linkedAccount(t)
  const cases: Array<[unknown, RegExp]> = [
    [{ sync_type: 'SOMETIMES' }, /sync_type/],
    [{ sync_type: 'INCREMENTAL' }, /target/],
    [{ sync_type: 'INCREMENTAL', target: 'hris.Nope' }, /target.*hris\.Employee/s],
    [{ sync_type: 5 }, /sync_type/]
  ]
  for (const [body, detail] of cases) {
    const res = await ctx.account.post('/api/hris/v1/sync-status/resync', body)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    t.match(res.json(), { detail }, JSON.stringify(body))
  }
})

t.test('a second FULL resync within the window is refused with 429 and Retry-After', async (t) => {
  const ctx = await linkedAccount(t)
  t.equal((await ctx.account.post('/api/hris/v1/sync-status/resync')).statusCode, 200)
  const again = await ctx.account.post('/api/hris/v1/sync-status/resync')
  t.equal(again.statusCode, 429)
  t.equal(again.headers['retry-after'], '3600')
  t.match(again.json(), { detail: /INCREMENTAL/ })
  t.equal((await ctx.account.post('/api/hris/v1/sync-status/resync', { sync_type: 'INCREMENTAL', target: 'hris.Employee' })).statusCode, 200,
    'an INCREMENTAL resync is still possible')
  await ctx.advance('1h')
  t.equal((await ctx.account.post('/api/hris/v1/sync-status/resync')).statusCode, 200, 'allowed again after the window')
})

t.test('per-account rate limit: 429 with Retry-After and a detail body; it refills by the clock', async (t) => {
  const ctx = await linkedAccount(t, { rateLimit: 5 })
  for (let i = 0; i < 5; i++) t.equal((await ctx.account.get('/api/hris/v1/sync-status')).statusCode, 200, `call ${i + 1}`)
  const limited = await ctx.account.get('/api/hris/v1/sync-status')
  t.equal(limited.statusCode, 429)
  t.equal(limited.headers['retry-after'], '12', 'one request is back after 60s / 5')
  t.match(limited.json(), { detail: /rate limit of 5 requests per minute/ })
  const other = await ctx.api.link('hris', 'another-org')
  t.equal((await ctx.api.withAccount(other.accountToken).get('/api/hris/v1/sync-status')).statusCode, 200, 'limits are per linked account')
  await ctx.advance('12s')
  t.equal((await ctx.account.get('/api/hris/v1/sync-status')).statusCode, 200)
  t.equal((await ctx.account.get('/api/hris/v1/sync-status')).statusCode, 429)
})

t.test('--rate-limit off never answers 429', async (t) => {
  // 150 calls of one account in the same instant, the clock unmoved: the status of each.
  const calls = async (ctx: Awaited<ReturnType<typeof linkedAccount>>): Promise<number[]> => {
    const out: number[] = []
    for (let i = 0; i < 150; i++) out.push((await ctx.account.get('/api/hris/v1/sync-status')).statusCode)
    return out
  }
  const limited = await calls(await linkedAccount(t, { rateLimit: 100 }))
  t.same(limited, [...Array(100).fill(200), ...Array(50).fill(429)], 'with the default limit of 100 a minute, the calls past the 100th are refused')
  t.same(await calls(await linkedAccount(t, { rateLimit: 'off' })), Array(150).fill(200), 'with the limit off, every one is answered')
})
