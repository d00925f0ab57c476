import t from 'tap'
import { json, makeApp } from '../helpers/app.js'
import { buildApp } from '../../src/app.js'

t.test('health answers ok with the version', async (t) => {
  const { app } = await makeApp(t)
  const res = await app.inject({ method: 'GET', url: '/_unimock/health' })
  t.equal(res.statusCode, 200)
  t.match(json(res), { status: 'ok', version: /^\d+\.\d+\.\d+/ })
})

t.test('clock shows the virtual start instant and mode', async (t) => {
  const { app } = await makeApp(t, { clockStart: '2030-03-04T05:06:07.000Z' })
  t.same(json(await app.inject({ method: 'GET', url: '/_unimock/clock' })), { now: '2030-03-04T05:06:07.000Z', mode: 'virtual' })
})

t.test('advance by every duration form and to an instant', async (t) => {
  const { app, clock } = await makeApp(t)
  const advance = (body: unknown) => app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: body as object })
  const cases: Array<[string, string]> = [
    ['500ms', '2026-01-01T00:00:00.500Z'], ['90s', '2026-01-01T00:01:30.500Z'], ['15m', '2026-01-01T00:16:30.500Z'],
    ['24h', '2026-01-02T00:16:30.500Z'], ['7d', '2026-01-09T00:16:30.500Z'], ['PT24H', '2026-01-10T00:16:30.500Z']
  ]
  for (const [by, now] of cases) {
    const res = await advance({ by })
    t.equal(res.statusCode, 200, by)
    t.same(json(res), { now }, by)
  }
  const to = await advance({ to: '2026-02-01T00:00:00Z' })
  t.same(json(to), { now: '2026-02-01T00:00:00.000Z' })
  t.equal(clock.now(), Date.parse('2026-02-01T00:00:00Z'))
})

t.test('advancing runs timers that fall due, in order, before answering', async (t) => {
  const { app, clock } = await makeApp(t)
  const seen: string[] = []
  clock.at(clock.now() + 3_600_000, () => { seen.push(`1h:${new Date(clock.now()).toISOString()}`) })
  clock.at(clock.now() + 60_000, () => { seen.push(`1m:${new Date(clock.now()).toISOString()}`) })
  clock.at(clock.now() + 7_200_000, () => { seen.push('2h') })
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '90m' } })
  t.same(seen, ['1m:2026-01-01T00:01:00.000Z', '1h:2026-01-01T01:00:00.000Z'])
})

t.test('bad advance requests are 400 problems that say what to do', async (t) => {
  const { app, clock } = await makeApp(t)
  const before = clock.now()
  const cases: Array<[unknown, RegExp]> = [
    [{ by: 'soon' }, /not a duration/],
    [{ to: 'tomorrow' }, /not an ISO 8601 timestamp/],
    [{ to: '2025-01-01T00:00:00Z' }, /cannot move the virtual clock back/],
    [{}, /exactly one of "by"/],
    [{ by: '1s', to: '2027-01-01T00:00:00Z' }, /exactly one of "by"/],
    [{ by: 5 }, /by/],
    [{ by: '8640000000000000ms' }, /at most 100 years at a time/],
    [{ by: `${101 * 366}d` }, /at most 100 years at a time/],
    [{ to: '+275760-09-13T00:00:00.000Z' }, /not an ISO 8601 timestamp|at most 100 years/]
  ]
  for (const [body, detail] of cases) {
    const res = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: body as object })
    t.equal(res.statusCode, 400, JSON.stringify(body))
    t.match(res.headers['content-type'], /application\/problem\+json/)
    t.match(json(res), { status: 400, detail })
  }
  t.equal(clock.now(), before, 'a refused advance does not move time')
})

t.test('a real clock cannot be advanced: 409', async (t) => {
  const app = buildApp({ clock: 'real', logLevel: 'silent' })
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1h' } })
  t.equal(res.statusCode, 409)
  t.match(json(res), { code: 'CLOCK_NOT_VIRTUAL', detail: /--clock virtual/ })
  t.match(json(await app.inject({ method: 'GET', url: '/_unimock/clock' })), { mode: 'real' })
})

t.test('reset rewinds the virtual clock to its start instant', async (t) => {
  const { app } = await makeApp(t)
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '3d' } })
  const res = await app.inject({ method: 'POST', url: '/_unimock/reset' })
  t.equal(res.statusCode, 200)
  t.same(json(res), { status: 'reset', now: '2026-01-01T00:00:00.000Z' })
})

t.test('unknown routes are 404 JSON; a known path with a wrong method is 405 with Allow', async (t) => {
  const { app } = await makeApp(t)
  const missing = await app.inject({ method: 'GET', url: '/no/such/thing' })
  t.equal(missing.statusCode, 404)
  t.match(json(missing), { code: 'ROUTE_NOT_FOUND' })
  const wrong = await app.inject({ method: 'DELETE', url: '/_unimock/clock' })
  t.equal(wrong.statusCode, 405)
  t.match(wrong.headers.allow, /GET/)
  t.match(json(wrong), { code: 'METHOD_NOT_ALLOWED', detail: /DELETE is not allowed/ })
  const options = await app.inject({ method: 'OPTIONS', url: '/_unimock/clock/advance' })
  t.equal(options.statusCode, 204)
  t.match(options.headers.allow, /POST/)
})

t.test('malformed JSON is a 400, never a 500; an oversized body is a 413', async (t) => {
  const { app } = await makeApp(t, { bodyLimit: 64 })
  const bad = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: '{"by":', headers: { 'content-type': 'application/json' } })
  t.equal(bad.statusCode, 400)
  t.match(json(bad), { code: 'MALFORMED_JSON' })
  const big = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: JSON.stringify({ by: '1s', pad: 'x'.repeat(200) }), headers: { 'content-type': 'application/json' } })
  t.equal(big.statusCode, 413)
  t.match(json(big), { code: 'BODY_TOO_LARGE', detail: /64 bytes/ })
  const text = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: 'by=1s', headers: { 'content-type': 'text/csv' } })
  t.equal(text.statusCode, 415)
})

t.test('the OpenAPI document is generated from the route schemas', async (t) => {
  const { app } = await makeApp(t)
  const doc = json(await app.inject({ method: 'GET', url: '/openapi.json' }))
  t.equal(doc.openapi, '3.1.0')
  t.ok(doc.paths['/_unimock/clock/advance']?.post, 'clock advance documented')
  t.ok(doc.paths['/_unimock/clock/advance'].post.responses['409'], 'error responses documented')
  t.ok(doc.paths['/_unimock/health']?.get)
})

t.test('errors raised before routing still answer JSON in the interface dialect', async (t) => {
  const { app } = await makeApp(t)
  const badUrl = await app.inject({ method: 'GET', url: '/_unimock/%E0%A4%A' })
  t.equal(badUrl.statusCode, 400)
  t.match(json(badUrl), { code: 'INVALID_REQUEST', detail: /malformed/ })
  const plant = await app.inject({ method: 'GET', url: '/v3/plant/%E0%A4%A' })
  t.equal(plant.statusCode, 400)
  t.match(json(plant), { code: 400, type: 'error' })
  const long = await app.inject({ method: 'GET', url: `/v3/user/${'u'.repeat(600)}` })
  t.equal(long.statusCode, 414)
  t.match(json(long), { code: 414, type: 'error' })
})

t.test('the scheduler endpoint reports pending and finished work', async (t) => {
  const { app } = await makeApp(t)
  const h = { authorization: 'Bearer test_sched' }
  await app.inject({ method: 'POST', url: '/_unimock/linked-accounts', headers: h, payload: { category: 'hris', end_user_origin_id: 'o1' } })
  const before = json(await app.inject({ method: 'GET', url: '/_unimock/scheduler' }))
  t.ok(before.pending > 0, 'the initial sync is scheduled')
  t.same(before.ran, {})
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1h' } })
  const after = json(await app.inject({ method: 'GET', url: '/_unimock/scheduler' }))
  t.ok(after.ran['sync.pass'] >= 16 * 4, `every model's initial passes ran (${String(after.ran['sync.pass'])})`)
})

t.test('concurrent advances add up, each answering the time it reached; a refused one leaves the server working', async (t) => {
  const { app, clock } = await makeApp(t)
  const start = clock.now()
  // Something pending on the clock: the advances must still queue, not read the same start.
  clock.at(start + 30 * 60_000, async () => { await new Promise((resolve) => setImmediate(resolve)) })
  const answers = await Promise.all([1, 2, 3].map(async () => json(await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1h' } })).now as string))
  t.same(answers.map((a) => (Date.parse(a) - start) / 3_600_000).sort(), [1, 2, 3], 'each answers where it ended')
  t.equal(clock.now(), start + 3 * 3_600_000, 'three hours in all')
  const far = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { to: '9999-12-31T23:59:59Z' } })
  t.equal(far.statusCode, 400, 'a jump of thousands of years is refused')
  t.equal((await app.inject({ method: 'GET', url: '/_unimock/clock' })).statusCode, 200, 'and the clock still answers')
  t.equal(clock.now(), start + 3 * 3_600_000, 'unmoved')
})

t.test('with --api-key, reset and moving the clock need a configured key: another job cannot wipe or move everyone\'s world', async (t) => {
  const { app, clock } = await makeApp(t, { apiKeys: ['ci-job-a'] })
  const before = clock.now()
  const keyless = await app.inject({ method: 'POST', url: '/_unimock/reset' })
  t.equal(keyless.statusCode, 401, 'a keyless reset is refused')
  t.match(json(keyless), { status: 401, detail: /runs with --api-key/ })
  t.equal((await app.inject({ method: 'POST', url: '/_unimock/reset', headers: { authorization: 'Bearer someone-else' } })).statusCode, 401, 'so is another key')
  t.equal((await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1h' } })).statusCode, 401, 'and a keyless clock move')
  t.equal(clock.now(), before, 'the clock did not move')
  const moved = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1h' }, headers: { authorization: 'Bearer ci-job-a' } })
  t.equal(moved.statusCode, 200, 'a configured key moves it')
  t.equal((await app.inject({ method: 'POST', url: '/_unimock/reset', headers: { authorization: 'Bearer ci-job-a' } })).statusCode, 200, 'and resets')
  t.equal((await app.inject({ method: 'GET', url: '/_unimock/clock' })).statusCode, 200, 'reading the clock needs nothing')
})
