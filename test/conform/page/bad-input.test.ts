import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import tap, { type Test } from 'tap'
import { conform } from '../../../src/conform/conform.js'
import { parsePageLogin } from '../../../src/conform/page/options.js'
import { freePort } from '../helpers.js'
import { pageOptions } from './helpers.js'

tap.test('--page-login takes a cookie, a header or a login form, and names the forms otherwise', async (t) => {
  t.same(parsePageLogin('cookie:demo_user=carol'), { kind: 'cookie', name: 'demo_user', value: 'carol' })
  t.same(parsePageLogin('header:X-Demo-User: carol'), { kind: 'header', name: 'X-Demo-User', value: 'carol' })
  t.same(parsePageLogin('url:http://127.0.0.1:3100/login user=carol password=x'), { kind: 'form', url: 'http://127.0.0.1:3100/login', fields: [['user', 'carol'], ['password', 'x']] })
  t.throws(() => parsePageLogin('carol'), /--page-login must be/)
})

tap.test('without --app-page every page check is not applicable, with the reason', async (t) => {
  const o = await pageOptions()
  const result = await conform({ ...o, appPage: undefined, pageLogin: undefined })
  t.equal(result.status, 0)
  t.ok(result.verdicts.length > 0 && result.verdicts.every((v) => v.outcome === 'n/a' && v.detail === 'give --app-page URL'))
})

tap.test('a login that does not log in stops the run with one line (exit 2)', async (t) => {
  const result = await conform({ ...await pageOptions(), pageLogin: 'cookie:demo_user=nobody' })
  t.equal(result.status, 2)
  t.match(result.error, /expected the page to log in with --page-login \(cookie\); got 401 from GET .*\/api\/integrations\/integrations/)
})

tap.test('a page without a connect control stops the run with one line naming the buttons it has (exit 2)', async (t) => {
  const result = await conform({ ...await pageOptions(), pageConnect: 'Link payroll' })
  t.equal(result.status, 2)
  t.match(result.error, /expected the control Link payroll \(--page-connect\) .* got the buttons "Connect your HR system"/)
})

/** A page of the test's own, on loopback: what the kit meets at --app-page. */
async function stubPage (t: Test, html: string): Promise<string> {
  const server = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(html)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => { server.listen(0, '127.0.0.1', resolve) })
  t.teardown(() => { server.close() })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}

tap.test('a page that does not load stops the run with one line (exit 2)', async (t) => {
  const o = await pageOptions()
  const missing = await conform({ ...o, appPage: `${o.appUrl}/no-such-page` })
  t.equal(missing.status, 2)
  t.match(missing.error, /expected the page \(--app-page\) at http:\/\/127\.0\.0\.1:\d+\/no-such-page to load; got 404/)
  const closed = await conform({ ...o, appPage: `http://127.0.0.1:${await freePort()}/` })
  t.equal(closed.status, 2)
  t.match(closed.error, /expected the page \(--app-page\) to load at http:\/\/127\.0\.0\.1:\d+\/ within 15 s; got .*ERR_CONNECTION_REFUSED/)
})

tap.test('a page that needs scripts from off the machine: they are blocked, and the line lists them (exit 2)', async (t) => {
  // Its connect button is drawn by a script the machine cannot have: the kit says what it refused.
  const page = await stubPage(t, '<!doctype html><title>Settings</title><script src="https://cdn.example.com/ui.js"></script><main id="app"></main>')
  const result = await conform({ ...await pageOptions(), appPage: page })
  t.equal(result.status, 2)
  t.match(result.error, /expected a button named "Connect …" at .* got no button; blocked for being off the machine: GET https:\/\/cdn\.example\.com\/ui\.js/)
})

tap.test('a widget that never opens is judged, not waited for: page.opens-when-ready fails within its bound', async (t) => {
  // A connect button that asks for nothing and opens nothing.
  const page = await stubPage(t, '<!doctype html><title>Settings</title><script src="https://cdn.merge.dev/initialize.js"></script><button type="button">Connect your HR system</button>')
  const started = Date.now()
  const result = await conform({ ...await pageOptions(undefined, ['page.opens-when-ready']), appPage: page })
  t.equal(result.status, 1)
  t.match(result.verdicts.find((v) => v.id === 'page.opens-when-ready'), { outcome: 'fail', detail: /one click did not open the widget .*openLink was never called/ })
  t.ok(Date.now() - started < 120_000, 'bounded')
})
