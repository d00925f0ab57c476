import t from 'tap'
import { RunRecord } from '../../src/conform/run-record.js'
import { fail, pass } from '../../src/conform/verdict.js'
import { ControlClient, ControlError } from '../../src/control-client.js'
import { makeApp } from '../helpers/app.js'

// A failed page check's screenshot as the kit's unimock serves it: named in GET /_unimock/conformance, its
// bytes at GET /_unimock/conformance/checks/{id}/screenshot, to the run's key alone.

const KEY = 'test_conform_shots'
// A 1×1 PNG: what the route answers is compared byte for byte.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGP4DwQACfsD/fteaysAAAAASUVORK5CYII=', 'base64')
const wording = { id: 'page.business-wording', rule: 'Client-side 1: the service\'s name is never shown' }
const fresh = { id: 'page.fresh-token-per-click', rule: 'Client-side 2' }
const ready = { id: 'page.opens-when-ready', rule: 'Client-side 3' }

interface Check { id: string, verdict: string, screenshot: string | null, evidence: { screenshot?: string } | null }

t.test('a failed page check\'s screenshot: its path in the run, its PNG at that path', async (t) => {
  const { app, clock } = await makeApp(t)
  const get = async (url: string, key: string | null = KEY) => await app.inject({ method: 'GET', url, headers: key === null ? {} : { authorization: `Bearer ${key}` } })
  const path = '/_unimock/conformance/checks/page.business-wording/screenshot'

  const before = await get(path)
  t.equal(before.statusCode, 404, 'no run yet')
  t.match(before.headers['content-type'], /^application\/problem\+json/)
  t.match(before.json(), { status: 404, code: 'CONFORMANCE_SCREENSHOT_NOT_FOUND', detail: /no conformance kit runs against this unimock with this key/ })

  const record = new RunRecord(app, KEY, clock)
  record.begin()
  record.start([wording, fresh, ready])
  record.conclude(wording, { ...fail('the page says "Merge"', { expected: 'none of the service\'s words', got: '"Merge" in a button', screenshot: 'reports/page.business-wording.png' }), shot: PNG })
  record.conclude(fresh, pass('a fresh token per click'))
  record.conclude(ready, fail('opened before ready', { expected: 'the widget opened once ready', got: 'opened at once' }))
  record.finish(1, undefined)

  const run = (await get('/_unimock/conformance')).json() as { run: { checks: Check[] } }
  const [a, b, c] = run.run.checks as [Check, Check, Check]
  t.equal(a.screenshot, path, 'the failed page check names its screenshot\'s path')
  t.equal(a.evidence?.screenshot, 'reports/page.business-wording.png', 'and the file the kit wrote')
  t.equal(b.screenshot, null, 'a passed check has none')
  t.equal(c.screenshot, null, 'nor a failure without one')
  t.notOk(JSON.stringify(run).includes(PNG.toString('base64')), 'the JSON carries no bytes')

  const shot = await get(path)
  t.equal(shot.statusCode, 200)
  t.equal(shot.headers['content-type'], 'image/png')
  t.equal(shot.headers['cache-control'], 'no-store', 'the next run replaces it under the same path')
  t.same(shot.rawPayload, PNG, 'the bytes as they were concluded')

  const none = await get('/_unimock/conformance/checks/page.opens-when-ready/screenshot')
  t.equal(none.statusCode, 404)
  t.match(none.json(), { code: 'CONFORMANCE_SCREENSHOT_NOT_FOUND', detail: /page\.opens-when-ready: only a failed page check has one/ })
  const passed = await get('/_unimock/conformance/checks/page.fresh-token-per-click/screenshot')
  t.equal(passed.statusCode, 404, 'a passed check has none')
  const unknown = await get('/_unimock/conformance/checks/page.no-such-check/screenshot')
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json(), { detail: /the run has no such check/ })
  const bad = await get('/_unimock/conformance/checks/..%2F..%2Fetc/screenshot')
  t.equal(bad.statusCode, 400, 'an id that is no check id')
  t.match(bad.json(), { status: 400 })

  t.equal((await get(path, 'test_someone_else')).statusCode, 404, 'another key has no run')
  t.equal((await get(path, null)).statusCode, 401, 'the key is needed')

  record.begin()
  t.equal((await get(path)).statusCode, 404, 'a new run drops the last one\'s screenshots')
})

t.test('the OpenAPI document declares the screenshot route as PNG', async (t) => {
  const { app } = await makeApp(t)
  const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> }
  const op = doc.paths['/_unimock/conformance/checks/{id}/screenshot']?.get
  t.ok(op !== undefined, 'documented')
  t.same(Object.keys(op?.responses['200']?.content ?? {}), ['image/png'])
  t.ok(['400', '401', '404'].every((s) => s in (op?.responses ?? {})))
})

t.test('the control client answers the screenshot as its bytes', async (t) => {
  const { app, clock } = await makeApp(t)
  const record = new RunRecord(app, KEY, clock)
  record.begin()
  record.start([wording])
  record.conclude(wording, { ...fail('the page says "Merge"', { expected: 'none', got: '"Merge"' }), shot: PNG })
  // The client over app.inject: every call goes through the app as over HTTP.
  const inject: typeof fetch = async (input, init) => {
    const url = new URL(String(input))
    const res = await app.inject({ method: (init?.method ?? 'GET') as 'GET', url: url.pathname + url.search, headers: init?.headers as Record<string, string> })
    return new Response(res.rawPayload, { status: res.statusCode, headers: res.headers as Record<string, string> })
  }
  const control = new ControlClient({ baseUrl: 'http://unimock.test', apiKey: KEY, fetch: inject })
  const bytes = await control.getConformanceChecksByIdScreenshot({ id: wording.id })
  t.ok(bytes instanceof Uint8Array)
  t.same(Buffer.from(bytes), PNG, 'byte for byte, not read as text')
  await t.rejects(control.getConformanceChecksByIdScreenshot({ id: ready.id }), ControlError, 'a check without one: the Problem body, as any other answer outside 2xx')
})
