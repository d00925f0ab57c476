import t from 'tap'
import { Client } from '../helpers.js'
import { faultSetup } from './helpers.js'

/** Which requests a fault hits: its scope, its count, its seeded probability, its order, its tenant. */

t.test('path glob on the path the client sent: * covers the list and every record; an alias is its own path', async (t) => {
  const f = await faultSetup(t)
  await f.addFault({ kind: 'status', status: 404, scope: { path: '/api/hris/v1/employees*' } })
  t.equal((await f.account.get('/api/hris/v1/employees')).statusCode, 404)
  t.equal((await f.account.get('/api/hris/v1/employees/5b0b3d4e-0000-4000-8000-000000000000?expand=company')).statusCode, 404)
  t.equal((await f.account.get('/api/hris/v1/sync-status')).statusCode, 200)
  t.equal((await f.account.get('/hris/v1/employees')).statusCode, 200, 'the alias /hris/v1/employees is not under /api/...')

  await f.control('DELETE', '/faults')
  await f.addFault({ kind: 'status', status: 500, scope: { path: '/hris/v1/employees' } })
  t.equal((await f.account.get('/hris/v1/employees?page_size=5')).statusCode, 500, 'the alias path matches, without its query')
  t.equal((await f.account.get('/api/hris/v1/employees')).statusCode, 200)
})

t.test('method, category and model', async (t) => {
  const f = await faultSetup(t)
  const ats = f.api.withAccount((await f.api.link('ats', 'org-ats')).accountToken)

  await f.addFault({ kind: 'status', status: 500, scope: { method: 'POST' } })
  t.equal((await f.account.get('/api/hris/v1/sync-status')).statusCode, 200, 'a GET is not a POST')
  t.equal((await f.account.post('/api/hris/v1/sync-status/resync')).statusCode, 500)
  await f.control('DELETE', '/faults')

  await f.addFault({ kind: 'status', status: 502, scope: { category: 'ats' } })
  t.equal((await f.account.get('/api/hris/v1/sync-status')).statusCode, 200)
  t.equal((await ats.get('/api/ats/v1/sync-status')).statusCode, 502)
  t.equal((await ats.get('/ats/v1/candidates')).statusCode, 502, 'the alias form has the same category')
  await f.control('DELETE', '/faults')

  await f.addFault({ kind: 'status', status: 503, scope: { model: 'hris.Employee' } })
  t.equal((await f.account.get('/api/hris/v1/employees')).statusCode, 503)
  t.equal((await f.account.get('/api/hris/v1/employees/5b0b3d4e-0000-4000-8000-000000000000')).statusCode, 503, 'retrieve too')
  t.equal((await f.account.get('/hris/v1/employees')).statusCode, 503, 'and the alias form')
  t.equal((await f.account.get('/api/hris/v1/companies')).statusCode, 200, 'another model is not hit')
  t.equal((await f.account.get('/api/hris/v1/sync-status')).statusCode, 200, 'nor a route that is not a model endpoint')
})

t.test('account: only requests made with that linked account\'s token', async (t) => {
  const f = await faultSetup(t)
  const other = f.api.withAccount((await f.api.link('hris', 'org-other')).accountToken)
  await f.addFault({ kind: 'status', status: 403, scope: { account: f.accountId } })
  t.equal((await f.account.get('/api/hris/v1/account-details')).statusCode, 403)
  t.equal((await other.get('/api/hris/v1/account-details')).statusCode, 200)
  t.equal((await f.api.get('/api/hris/v1/linked-accounts')).statusCode, 200, 'a route that takes no account token is not that account')
})

t.test('faults apply after authentication: a request that fails it keeps its own 401, and spends nothing', async (t) => {
  const f = await faultSetup(t)
  await f.addFault({ kind: 'status', status: 503, count: 1 })
  const res = await f.api.get('/api/hris/v1/employees')
  t.equal(res.statusCode, 401)
  t.same(res.json(), { detail: 'Account Token must be passed in as an X-Account-Token header.' })
  t.equal((await f.faults())[0].hits, 0)
  t.equal((await f.account.get('/api/hris/v1/employees')).statusCode, 503)
})

t.test('never the plant store, the control API or the link widget', async (t) => {
  const f = await faultSetup(t)
  await f.addFault({ kind: 'status', status: 500 })
  t.equal((await f.app.inject({ method: 'GET', url: '/v3/plant/findByStatus?status=available' })).statusCode, 200)
  t.equal((await f.control('GET', '/faults')).statusCode, 200)
  t.equal((await f.app.inject({ method: 'GET', url: '/link/initialize.js' })).statusCode, 200)
  t.equal((await f.account.get('/api/hris/v1/account-details')).statusCode, 500, 'while the unified service is hit')
  t.equal((await f.faults())[0].hits, 1)
})

t.test('count: the next N matching requests, then the fault is spent but still listed with its hits', async (t) => {
  const f = await faultSetup(t)
  await f.addFault({ kind: 'status', status: 500, count: 2, scope: { model: 'hris.Employee' } })
  t.equal((await f.account.get('/api/hris/v1/sync-status')).statusCode, 200, 'a request outside the scope spends nothing')
  t.same((await f.faults()).map((x) => [x.remaining, x.hits]), [[2, 0]])
  t.equal((await f.account.get('/api/hris/v1/employees')).statusCode, 500)
  t.same((await f.faults()).map((x) => [x.remaining, x.hits]), [[1, 1]])
  t.equal((await f.account.get('/api/hris/v1/employees')).statusCode, 500)
  t.equal((await f.account.get('/api/hris/v1/employees')).statusCode, 200)
  t.same((await f.faults()).map((x) => [x.remaining, x.hits]), [[0, 2]])
})

t.test('checked in creation order: the first matching fault applies', async (t) => {
  const f = await faultSetup(t)
  await f.addFault({ kind: 'status', status: 404, count: 1 })
  await f.addFault({ kind: 'status', status: 500, count: 1 })
  t.same([
    (await f.account.get('/api/hris/v1/employees')).statusCode,
    (await f.account.get('/api/hris/v1/employees')).statusCode,
    (await f.account.get('/api/hris/v1/employees')).statusCode
  ], [404, 500, 200])
})

t.test('probability: a seeded share; the same seed replays the same hits, another seed differs', async (t) => {
  const run = async (seed: number) => {
    const f = await faultSetup(t, { seed })
    await f.addFault({ kind: 'status', status: 503, probability: 0.5 })
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await f.account.get('/api/hris/v1/account-details')).statusCode)
    const [fault] = await f.faults()
    t.equal(fault.hits, statuses.filter((s) => s === 503).length, 'hits counts the requests hit')
    t.equal(fault.remaining, null)
    return statuses
  }
  const first = await run(7)
  const hits = first.filter((s) => s === 503).length
  t.ok(hits > 0 && hits < 40, `some hit, some not (${hits} of 40)`)
  t.ok(first.every((s) => s === 503 || s === 200))
  t.same(await run(7), first, 'same seed, same sequence')
  t.notSame(await run(8), first, 'another seed, another sequence')
})

t.test('probability with count: a seeded share, until count requests are hit', async (t) => {
  const f = await faultSetup(t, { seed: 3 })
  await f.addFault({ kind: 'status', status: 500, probability: 0.5, count: 3 })
  const statuses: number[] = []
  for (let i = 0; i < 40; i++) statuses.push((await f.account.get('/api/hris/v1/account-details')).statusCode)
  t.equal(statuses.filter((s) => s === 500).length, 3)
  t.same((await f.faults()).map((x) => [x.remaining, x.hits]), [[0, 3]])
})

t.test('per tenant: another API key is unaffected, and cannot see or delete the fault', async (t) => {
  const f = await faultSetup(t)
  const otherKey = new Client(f.app, 'test_other')
  const other = otherKey.withAccount((await otherKey.link('hris', 'org-faults')).accountToken)
  const fault = await f.addFault({ kind: 'status', status: 500 })
  t.equal((await other.get('/api/hris/v1/employees')).statusCode, 200)
  t.equal((await f.account.get('/api/hris/v1/employees')).statusCode, 500)
  t.same((await f.control('GET', '/faults', undefined, otherKey)).json().results, [])
  t.equal((await f.control('DELETE', `/faults/${fault.id}`, undefined, otherKey)).statusCode, 404)
  t.same((await f.control('DELETE', '/faults', undefined, otherKey)).json(), { deleted: 0 })
  t.equal((await f.account.get('/api/hris/v1/employees')).statusCode, 500, 'still in force')
})

t.test('quirk sync_status_field_names renames exactly model_name and last_sync_start in GET sync-status', async (t) => {
  const f = await faultSetup(t)
  const normal = (await f.account.get('/api/hris/v1/sync-status?page_size=100')).json()
  t.ok(normal.results.length > 1)
  await f.addFault({ kind: 'quirk', quirk: 'sync_status_field_names', count: 1 })
  t.equal((await f.account.get('/api/hris/v1/employees')).statusCode, 200)
  t.same((await f.faults())[0].hits, 0, 'another route does not spend the quirk')

  const quirky = await f.account.get('/api/hris/v1/sync-status?page_size=100')
  t.equal(quirky.statusCode, 200)
  const body = quirky.json()
  t.same(Object.keys(body), Object.keys(normal), 'the envelope is untouched')
  t.same({ ...body, results: null }, { ...normal, results: null })
  t.equal(body.results.length, normal.results.length)
  body.results.forEach((record: Record<string, unknown>, i: number) => {
    const { model_name: modelName, last_sync_start: lastSyncStart, ...rest } = normal.results[i]
    t.same(Object.keys(record), Object.keys(normal.results[i]).map((k) => ({ model_name: 'model', last_sync_start: 'last_sync_started' } as Record<string, string>)[k] ?? k))
    t.same(record, { ...rest, model: modelName, last_sync_started: lastSyncStart })
  })
  t.same((await f.account.get('/api/hris/v1/sync-status?page_size=100')).json(), normal, 'count 1: the next answer is normal')
})
