import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { buildApp, type UnimockApp } from '../../../src/app.js'
import { VirtualClock } from '../../../src/core/virtual-clock.js'
import { START } from '../../helpers/app.js'
import { Client } from '../helpers.js'
import { faultSetup } from './helpers.js'

/** The control API of service faults: what it accepts, refuses, lists and deletes; reset and restart. */

t.test('POST answers 201 with the settled fault; GET lists them in creation order', async (t) => {
  const f = await faultSetup(t)
  const created = await f.addFault({ kind: 'status', status: 429, scope: { path: '/api/hris/v1/employees*', method: 'GET', category: 'hris', account: f.accountId, model: 'hris.Employee' }, count: 3, probability: 0.25 })
  t.match(created, {
    id: Number,
    kind: 'status',
    status: 429,
    retry_after: 1,
    latency_ms: null,
    quirk: null,
    scope: { path: '/api/hris/v1/employees*', method: 'GET', category: 'hris', account: f.accountId, model: 'hris.Employee' },
    count: 3,
    probability: 0.25,
    remaining: 3,
    hits: 0,
    created_at: '2026-01-01T00:00:00.000Z'
  })
  const latency = await f.addFault({ kind: 'latency', latency: 'PT0.5S' })
  t.match(latency, { kind: 'latency', latency_ms: 500, status: null, retry_after: null, count: null, remaining: null, scope: { path: null, method: null, category: null, account: null, model: null } })
  t.same((await f.faults()).map((x) => x.id), [created.id, latency.id])
})

t.test('contradictory or unknown fields are refused with a 400 naming the field', async (t) => {
  const f = await faultSetup(t)
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ kind: 'status' }, /status is required with kind status/],
    [{ kind: 'latency', status: 500 }, /status applies only to kind status, not latency/],
    [{ kind: 'latency' }, /latency is required with kind latency/],
    [{ kind: 'latency', latency: 'soon' }, /latency "soon" is not a duration/],
    [{ kind: 'latency', latency: '11m' }, /latency must be between 1ms and 10m/],
    [{ kind: 'hang', latency: '1s' }, /latency applies only to kind latency/],
    [{ kind: 'quirk' }, /quirk is required with kind quirk/],
    [{ kind: 'reset', quirk: 'sync_status_field_names' }, /quirk applies only to kind quirk/],
    [{ kind: 'status', status: 500, retry_after: 5 }, /retry_after applies only to kind status with status 429 or 503/],
    [{ kind: 'hang', retry_after: 5 }, /retry_after applies only/],
    [{ kind: 'status', status: 418 }, /status/],
    [{ kind: 'explode' }, /kind/],
    [{ kind: 'hang', count: 0 }, /count/],
    [{ kind: 'hang', probability: 0 }, /probability/],
    [{ kind: 'hang', probability: 1.5 }, /probability/],
    [{ kind: 'hang', scope: { category: 'payroll' } }, /scope\.category/],
    [{ kind: 'hang', scope: { method: 'get' } }, /scope\.method/],
    [{ kind: 'hang', scope: { path: 'employees' } }, /scope\.path/],
    [{ kind: 'hang', scope: { model: 'hris.Spaceship' } }, /scope\.model "hris\.Spaceship" is not a common model/],
    [{ kind: 'hang', scope: { model: 'hris.Employee', category: 'ats' } }, /scope\.model "hris\.Employee" is not a model of scope\.category ats/],
    [{ kind: 'hang', scope: { account: 'nope' } }, /scope\.account "nope" is not a linked account of this API key/],
    [{ kind: 'hang', scope: { account: 'ACCOUNT', category: 'ats' } }, /scope\.account "[^"]+" is a hris linked account, not ats/],
    [{ kind: 'quirk', quirk: 'sync_status_field_names', scope: { method: 'POST' } }, /scope\.method must be GET for a quirk/],
    [{ kind: 'quirk', quirk: 'sync_status_field_names', scope: { model: 'hris.Employee' } }, /scope\.model does not apply to a quirk/],
    [{ kind: 'hang', probabilty: 0.5 }, /probabilty is not a field of a fault/],
    [{ kind: 'hang', scope: { acount: 'x' } }, /scope\.acount is not a field of a scope/]
  ]
  for (const [body, detail] of cases) {
    const payload = JSON.parse(JSON.stringify(body).replace('ACCOUNT', f.accountId))
    const res = await f.control('POST', '/faults', payload)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    t.match(res.headers['content-type'], /^application\/problem\+json/)
    t.match(res.json().detail, detail, JSON.stringify(body))
  }
  t.same(await f.faults(), [], 'nothing was stored')
  t.equal((await f.control('POST', '/faults', { kind: 'hang' }, new Client(f.app, undefined))).statusCode, 401, 'the control API needs the API key')
})

t.test('DELETE one (404 for an unknown id) and DELETE all', async (t) => {
  const f = await faultSetup(t)
  const a = await f.addFault({ kind: 'status', status: 500, scope: { model: 'hris.Employee' } })
  const b = await f.addFault({ kind: 'status', status: 404, scope: { model: 'hris.Company' } })
  await f.addFault({ kind: 'hang', scope: { model: 'hris.Location' } })
  t.same((await f.control('DELETE', `/faults/${a.id}`)).json(), { deleted: 1 })
  t.equal((await f.account.get('/api/hris/v1/employees')).statusCode, 200, 'the deleted fault no longer applies')
  t.equal((await f.account.get('/api/hris/v1/companies')).statusCode, 404, 'the others still do')
  const missing = await f.control('DELETE', `/faults/${a.id}`)
  t.equal(missing.statusCode, 404)
  t.match(missing.json().detail, `No service fault ${a.id as number} for this API key`)
  t.equal((await f.control('DELETE', '/faults/abc')).statusCode, 400)
  t.same((await f.faults()).map((x) => x.id).slice(0, 1), [b.id])
  t.same((await f.control('DELETE', '/faults')).json(), { deleted: 2 })
  t.same(await f.faults(), [])
  t.equal((await f.account.get('/api/hris/v1/companies')).statusCode, 200)
})

t.test('POST /_unimock/reset clears every fault', async (t) => {
  const f = await faultSetup(t)
  await f.addFault({ kind: 'status', status: 500 })
  t.equal((await f.app.inject({ method: 'POST', url: '/_unimock/reset' })).statusCode, 200)
  t.same(await f.faults(), [])
  const fresh = f.api.withAccount((await f.api.link('hris', 'org-after-reset')).accountToken)
  t.equal((await fresh.get('/api/hris/v1/employees')).statusCode, 200)
})

t.test('with a file database a restart keeps the faults, their counts and their seeded streams', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'unimock-faults-'))
  t.teardown(() => { rmSync(dir, { recursive: true, force: true }) })
  const db = join(dir, 'unimock.db')
  const open = async (file?: string): Promise<UnimockApp> => {
    const app = buildApp({ ...(file === undefined ? {} : { db: file }), clock: 'virtual', logLevel: 'silent', rateLimit: 'off', seed: 11 }, { clock: new VirtualClock(START) })
    await app.ready()
    return app
  }
  const statuses = async (account: Client, n: number): Promise<number[]> => {
    const out: number[] = []
    for (let i = 0; i < n; i++) out.push((await account.get('/api/hris/v1/account-details')).statusCode)
    return out
  }
  const setUp = async (app: UnimockApp): Promise<Client> => {
    const api = new Client(app, 'test_restart')
    const account = api.withAccount((await api.link('hris', 'org-restart')).accountToken)
    await api.post('/_unimock/faults', { kind: 'status', status: 500, count: 2, scope: { model: 'hris.Employee' } })
    await api.post('/_unimock/faults', { kind: 'status', status: 503, probability: 0.5 })
    return account
  }

  // The same story without a restart: what the seeded stream gives over 20 requests.
  const memory = await open()
  t.teardown(() => memory.close())
  const expected = await statuses(await setUp(memory), 20)

  const first = await open(db)
  const account = await setUp(first)
  t.equal((await account.get('/api/hris/v1/employees')).statusCode, 500)
  const before = await statuses(account, 8)
  await first.close()

  const second = await open(db)
  t.teardown(() => second.close())
  const again = new Client(second, 'test_restart').withAccount(account.accountToken)
  t.same((await again.get('/_unimock/faults')).json().results.map((x: any) => [x.kind, x.remaining, x.hits]), [['status', 1, 1], ['status', null, before.filter((s) => s === 503).length]])
  t.equal((await again.get('/api/hris/v1/employees')).statusCode, 500, 'the counted fault has one hit left')
  t.same((await again.get('/_unimock/faults')).json().results.map((x: any) => x.remaining), [0, null], 'and is spent')
  t.same([...before, ...await statuses(again, 12)], expected, 'the seeded stream resumed where it stopped')
})

t.test('GET /openapi.json documents the fault routes from their schemas', async (t) => {
  const f = await faultSetup(t)
  const doc = (await f.app.inject({ method: 'GET', url: '/openapi.json' })).json()
  const post = doc.paths['/_unimock/faults'].post
  t.same(post.tags, ['control'])
  const body = post.requestBody.content['application/json'].schema
  t.same(body.properties.kind.enum, ['status', 'latency', 'reset', 'hang', 'quirk'])
  t.same(body.properties.status.enum, [401, 403, 404, 429, 500, 502, 503])
  t.equal(body.additionalProperties, false)
  t.same(Object.keys(post.responses).sort(), ['201', '400', '401', '408', '413', '414', '415', '417', '431', '503'], 'its own statuses, the HTTP layer\'s, and 503 for a key beyond --max-tenants')
  t.ok(doc.paths['/_unimock/faults'].get && doc.paths['/_unimock/faults'].delete && doc.paths['/_unimock/faults/{id}'].delete)
})
