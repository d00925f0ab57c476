import t from 'tap'
import { conform } from '../../src/conform/conform.js'
import { freePort, referenceOptions, stubBackend } from './helpers.js'

/**
 * Backends the kit cannot run against: each gives exit status 2 and one line naming what the kit expected
 * and what it got, within a bound (every call to the backend has one).
 */

const login = ['X-Demo-User: alice']

t.test('an unreachable backend: status 2 once the wait is over, naming the URL and the refusal', async (t) => {
  const port = await freePort()
  const result = await conform({ appUrl: `http://127.0.0.1:${port}`, appPrefix: '/api/integrations', appHeaders: login, waitMs: 800 })
  t.equal(result.status, 2)
  t.same(result.verdicts, [])
  t.match(result.error, `the backend did not answer within 1 s: expected it at http://127.0.0.1:${port}/api/integrations; got connection refused`)
})

t.test('a backend command that exits at once: status 2 with its exit status and last output', async (t) => {
  const result = await conform({
    appUrl: `http://127.0.0.1:${await freePort()}`, appPrefix: '/api', appHeaders: login,
    appCommand: `'${process.execPath}' -e "console.error('cannot open the database'); process.exit(3)"`
  })
  t.equal(result.status, 2)
  t.match(result.error, /the backend did not start: .* it exited \(exit status 3\); its last output:\ncannot open the database/)
})

t.test('a wrong prefix: the framework\'s 404 names the route and the flag first', async (t) => {
  const options = await referenceOptions()
  const result = await conform({ ...options, appPrefix: '/api/wrong' })
  t.equal(result.status, 2)
  t.match(result.error, /^no route at http:\/\/127\.0\.0\.1:\d+\/api\/wrong\/check-sync-status \(404\): check --app-prefix$/)
})

t.test('routes that answer HTML, or JSON without success: status 2, saying what came', async (t) => {
  const html = await stubBackend((_req, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<!doctype html><title>Sign in</title>') })
  const json = await stubBackend((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"ok":true}') })
  t.teardown(async () => { await html.close(); await json.close() })
  const page = await conform({ appUrl: html.url, appPrefix: '/api/integrations', appHeaders: login })
  t.equal(page.status, 2)
  t.match(page.error, /got 200 text\/html: <!doctype html><title>Sign in<\/title>/)
  const other = await conform({ appUrl: json.url, appPrefix: '/api/integrations', appHeaders: login })
  t.match(other.error, /got 200 JSON without a boolean success: \{"ok":true\}/)
})

t.test('a hanging backend: every call is bounded; the kit stops with status 2', async (t) => {
  const hang = await stubBackend(() => { /* never answers */ })
  t.teardown(hang.close)
  // The message says the call's own timeout ended it: an unbounded call would hang the test instead.
  const result = await conform({ appUrl: hang.url, appPrefix: '/api/integrations', appHeaders: login, timeoutMs: 500 })
  t.equal(result.status, 2)
  t.match(result.error, 'expected POST /api/integrations/check-sync-status (user 1) to answer within 500 ms; no answer came')
})

t.test('a backend that never calls unimock: status 2 after the first link flow', async (t) => {
  const fake = await stubBackend((req, res, body) => {
    res.setHeader('content-type', 'application/json')
    if (req.url?.endsWith('/create-link-token')) { res.end(JSON.stringify({ success: true, link_token: 'made-up' })); return }
    if (req.url?.endsWith('/check-sync-status') && body === '{}') { res.statusCode = 400; res.end('{"success":false,"error":"integration_id is required"}'); return }
    if (/\/(exchange-public-token|relink-integration|delete-integration)$/.test(req.url ?? '')) { res.statusCode = 401; res.end('{"success":false,"error":"log in"}'); return }
    res.statusCode = 404
    res.end('{"success":false,"error":"not found"}')
  })
  t.teardown(fake.close)
  const result = await conform({ appUrl: fake.url, appPrefix: '/api/integrations', appHeaders: login })
  t.equal(result.status, 2)
  t.match(result.error, /the backend never called unimock: expected its requests at http:\/\/127\.0\.0\.1:\d+ with API key conform-\S+ \(UNIMOCK_URL and UNIMOCK_API_KEY\); got none, and POST \/api\/integrations\/create-link-token/)
})
