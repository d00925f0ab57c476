import { performance } from 'node:perf_hooks'
import t from 'tap'
import { MergeClient, MergeError } from '@mergeapi/merge-node-client'
import { faultSetup } from './helpers.js'

/** Every kind of fault as a real HTTP client on a real loopback port sees it. */

const STATUSES: Array<{ status: number, detail: string, retryAfter?: string, body?: Record<string, unknown> }> = [
  { status: 401, detail: 'Account Token must be passed in as an X-Account-Token header.' },
  { status: 403, detail: 'You do not have permission to perform this action.' },
  { status: 404, detail: 'Not found.' },
  { status: 429, detail: 'Request was throttled. Expected available in 7 seconds.', retryAfter: '7', body: { retry_after: 7 } },
  { status: 500, detail: 'A server error occurred.' },
  { status: 502, detail: 'Bad gateway: an upstream server did not answer. Try again later.' },
  { status: 503, detail: 'Service temporarily unavailable, try again later.', retryAfter: '1' }
]

t.test('status: each status with the DRF {"detail"} body as JSON, Retry-After on 429 and 503 only', async (t) => {
  const f = await faultSetup(t)
  for (const s of STATUSES) {
    await f.addFault({ kind: 'status', status: s.status, count: 1, ...s.body })
    const res = await f.http('/api/hris/v1/employees')
    t.equal(res.statusCode, s.status, `${s.status}`)
    t.match(res.headers['content-type'], /^application\/json/, `${s.status} is JSON`)
    t.same(JSON.parse(res.body), { detail: s.detail }, `${s.status} body`)
    t.equal(res.headers['retry-after'], s.retryAfter, `${s.status} Retry-After`)
  }
  const after = await f.http('/api/hris/v1/employees')
  t.equal(after.statusCode, 200, 'every fault was counted once and is spent')
  t.same((await f.faults()).map((x) => [x.status, x.remaining, x.hits]), STATUSES.map((s) => [s.status, 0, 1]))
})

t.test('429 with retry_after 1 says "1 second", as DRF does', async (t) => {
  const f = await faultSetup(t)
  await f.addFault({ kind: 'status', status: 429, retry_after: 1, count: 1 })
  const res = await f.http('/api/hris/v1/sync-status')
  t.same(JSON.parse(res.body), { detail: 'Request was throttled. Expected available in 1 second.' })
  t.equal(res.headers['retry-after'], '1')
})

t.test('latency: the answer comes, normally, and no earlier than the latency (wall time, whatever the clock)', async (t) => {
  const f = await faultSetup(t)
  await f.listen()
  const fault = await f.addFault({ kind: 'latency', latency: '150ms', count: 1 })
  t.equal(fault.latency_ms, 150)
  const started = performance.now()
  const res = await f.http('/api/hris/v1/sync-status')
  const elapsed = performance.now() - started
  t.equal(res.statusCode, 200)
  t.ok(Array.isArray(JSON.parse(res.body).results), 'served normally after the delay')
  // Node may fire a timer up to a millisecond early: the bound allows for that rounding, nothing more.
  t.ok(elapsed >= 149, `came after ${elapsed.toFixed(1)} ms, not before 150 ms`)
})

t.test('latency longer than the client waits: the client times out; the app still closes at once', async (t) => {
  const f = await faultSetup(t)
  await f.addFault({ kind: 'latency', latency: '10m' })
  await t.rejects(f.http('/api/hris/v1/employees', { headersTimeout: 100 }), { code: 'UND_ERR_HEADERS_TIMEOUT' })
  const pending = f.http('/api/hris/v1/employees')
  const settled = pending.then(() => 'answered', (e: Error & { code?: string }) => e.code ?? e.message)
  await f.hitCount((await f.faults())[0].id, 2)
  await f.app.close()
  t.not(await settled, 'answered', 'the held request ends with the app, without its answer')
})

t.test('reset: the connection is dropped without an answer; the client sees a socket error', async (t) => {
  const f = await faultSetup(t)
  await f.addFault({ kind: 'reset', count: 1 })
  const error = await f.http('/api/hris/v1/employees').then(() => undefined, (e: Error & { code?: string }) => e)
  t.ok(error !== undefined, 'the request failed')
  t.match(error, { code: /^(ECONNRESET|UND_ERR_SOCKET)$/ }, `a socket error (${String(error?.code)}: ${String(error?.message)})`)
  t.equal((await f.http('/api/hris/v1/employees')).statusCode, 200, 'the next request, on a new connection, is answered')
})

t.test('hang: no answer until the client gives up; a request still hanging ends when the app closes', async (t) => {
  const f = await faultSetup(t)
  const fault = await f.addFault({ kind: 'hang' })
  await t.rejects(f.http('/api/hris/v1/employees', { headersTimeout: 100 }), { code: 'UND_ERR_HEADERS_TIMEOUT' }, "the client's own timeout fires")

  const aborted = new AbortController()
  const abandoned = f.http('/api/hris/v1/employees', { signal: aborted.signal })
  await f.hitCount(fault.id, 2)
  aborted.abort()
  await t.rejects(abandoned, { name: 'AbortError' }, 'a client may also abort')

  const held = f.http('/api/hris/v1/employees').then(() => 'answered', (e: Error & { code?: string }) => e.code ?? e.message)
  await f.hitCount(fault.id, 3)
  await f.app.close()
  t.not(await held, 'answered', 'closing the app ends the hung request instead of waiting for it')
})

t.test('the official client: a 503 with maxRetries 0 is a MergeError with statusCode 503 and the body', async (t) => {
  const f = await faultSetup(t)
  const base = await f.listen()
  await f.addFault({ kind: 'status', status: 503, count: 1 })
  const merge = new MergeClient({ apiKey: 'test_faults', accountToken: f.accountToken, baseUrl: `${base}/api` })
  const error = await merge.hris.employees.list({}, { maxRetries: 0 }).then(() => undefined, (e: unknown) => e)
  t.type(error, MergeError)
  t.equal((error as MergeError).statusCode, 503)
  t.same((error as MergeError).body, { detail: 'Service temporarily unavailable, try again later.' })
  const page = await merge.hris.employees.list({}, { maxRetries: 0 })
  t.same(page.data, [], 'the next call goes through')
})
