import tap from 'tap'
import { conform } from '../../../src/conform/conform.js'
import { SERVICE_WORDS } from '../../../src/conform/page/options.js'
import { stubBackend } from '../helpers.js'
import { PAGE_CHECKS, pageOptions } from './helpers.js'

// --page-login 'url:LOGIN_URL field=value ...': the reference's login form (page-routes.js) as the kit's
// browser fills it in, and a login the site refuses, which must stop the run naming the form.

interface Answer { statusCode: number, headers: Record<string, unknown>, body: string }
const { buildApp } = await import(new URL('../../../examples/reference-integrator/app.js', import.meta.url).href) as {
  buildApp: (config: object, log: (line: string) => void) => {
    inject: (o: { method?: string, url: string, payload?: string, headers?: Record<string, string> }) => Promise<Answer>
    close: () => Promise<void>
  }
}

const form = { 'content-type': 'application/x-www-form-urlencoded' }

tap.test('the reference\'s login form sets the demo login for known users only', async (t) => {
  const app = buildApp({ unimockUrl: 'http://127.0.0.1:9', apiKey: 'unused', webhookKey: 'unused', dbPath: ':memory:', timeoutMs: 1000 }, () => {})
  t.teardown(() => app.close())
  const page = await app.inject({ url: '/login' })
  t.equal(page.statusCode, 200)
  t.match(page.body, /<input name="username"/)
  for (const word of SERVICE_WORDS) t.notMatch(page.body.toLowerCase(), word.toLowerCase(), `business wording: no "${word}"`)
  const carol = await app.inject({ method: 'POST', url: '/login', payload: 'username=carol', headers: form })
  t.equal(carol.statusCode, 303)
  t.equal(carol.headers.location, '/')
  t.match(String(carol.headers['set-cookie']), /^demo_user=carol; Path=\//)
  const mallory = await app.inject({ method: 'POST', url: '/login', payload: 'username=mallory', headers: form })
  t.equal(mallory.statusCode, 401)
  t.match(mallory.body, /<input name="username"/, 'the form again')
  t.equal(mallory.headers['set-cookie'], undefined)
})

tap.test('a run logged in through the form passes the page checks', async (t) => {
  const o = await pageOptions()
  const result = await conform({ ...o, pageLogin: `url:${o.appUrl}/login username=carol` })
  t.equal(result.status, 0, result.verdicts.map((v) => `${v.outcome} ${v.id} ${v.detail}`).join('\n'))
  t.same(result.verdicts.map((v) => v.id), PAGE_CHECKS)
  t.ok(result.verdicts.every((v) => v.outcome === 'pass'))
})

tap.test('a login the site refuses stops the run with one line naming the form (exit 2)', async (t) => {
  const o = await pageOptions()
  const result = await conform({ ...o, pageLogin: `url:${o.appUrl}/login username=mallory` })
  t.equal(result.status, 2)
  t.match(result.error, new RegExp(`^--page-login: expected the login form at ${o.appUrl}/login \\(username\\) to log in; got 401 from POST ${o.appUrl}/login$`))
  t.notMatch(result.error, /mallory/, 'field values are left out: one may be a password')
})

tap.test('a login answered 200 with the form again stops the run too', async (t) => {
  const loginForm = '<!doctype html><title>Sign in</title><form method="post" action="/login"><input name="username"><button>Sign in</button></form>'
  const site = await stubBackend((_req, res) => { res.writeHead(200, { 'content-type': 'text/html' }).end(loginForm) })
  t.teardown(site.close)
  const result = await conform({ ...await pageOptions(), pageLogin: `url:${site.url}/login username=carol` })
  t.equal(result.status, 2)
  t.match(result.error, new RegExp(`^--page-login: expected the login form at ${site.url}/login \\(username\\) to log in; got the form again \\(200 from POST ${site.url}/login\\)$`))
})
