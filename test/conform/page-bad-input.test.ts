import tap from 'tap'
import { conform } from '../../src/conform/conform.js'
import { parsePageLogin } from '../../src/conform/page/options.js'
import { pageOptions } from './page-helpers.js'

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
