import t, { type Test } from 'tap'
import { readFile } from 'node:fs/promises'
import { Script } from 'node:vm'
import { buildApp, type UnimockApp } from '../../../src/app.js'
import { VirtualClock } from '../../../src/core/virtual-clock.js'
import { widgetRoutes } from '../../../src/integration/service/widget/routes.js'
import { frontEndSnippets } from '../../../src/integration/service/widget/assets/snippets.js'
import { json, START } from '../../helpers/app.js'
import { FakePort } from './fake-port.js'

// The plugin on its own, against a stand-in for the link service, under a prefix of its own: the widget
// must not care where it is mounted. The real link service is exercised in the browser tests.
const PREFIX = '/widget-under-test'

async function widgetApp (t: Test): Promise<{ app: UnimockApp, port: FakePort }> {
  const app = buildApp({ clock: 'virtual', logLevel: 'silent' }, { clock: new VirtualClock(START) })
  const port = new FakePort()
  void app.register(widgetRoutes, { prefix: PREFIX, port, interfaces: app.unimock.interfaces })
  t.teardown(() => app.close())
  await app.ready()
  return { app, port }
}

const get = (app: UnimockApp, path: string) => app.inject({ method: 'GET', url: PREFIX + path })
const post = (app: UnimockApp, path: string, payload?: object) =>
  app.inject({ method: 'POST', url: PREFIX + path, ...(payload === undefined ? {} : { payload }) })

t.test('the session shows state, business wording and the integrations on offer, to any origin', async (t) => {
  const { app, port } = await widgetApp(t)
  port.add('ready-token')
  const res = await get(app, '/api/session?link_token=ready-token')
  t.equal(res.statusCode, 200)
  t.equal(res.headers['access-control-allow-origin'], '*')
  t.equal(res.headers['cache-control'], 'no-store')
  const body = json(res)
  t.match(body, { state: 'READY', category: 'hris', system_label: 'HR system', organization_name: 'Acme' })
  t.same(body.integrations.map((i: { slug: string }) => i.slug), ['bamboohr', 'gusto'])
  t.same(Object.keys(body.integrations[0]).sort(), ['categories', 'color', 'name', 'slug'], 'no logo URLs: they would lead off the machine')

  port.add('crm-token', { category: 'crm', organization: null })
  t.match(json(await get(app, '/api/session?link_token=crm-token')), { system_label: 'CRM', organization_name: null })
})

t.test('used and expired links still show their state; unknown and missing ones are JSON errors', async (t) => {
  const { app, port } = await widgetApp(t)
  port.add('used', { state: 'USED' })
  port.add('expired', { state: 'EXPIRED' })
  t.equal(json(await get(app, '/api/session?link_token=used')).state, 'USED')
  t.equal(json(await get(app, '/api/session?link_token=expired')).state, 'EXPIRED')

  const unknown = await get(app, '/api/session?link_token=nope')
  t.equal(unknown.statusCode, 404)
  t.match(unknown.headers['content-type'], /application\/json/)
  t.equal(unknown.headers['access-control-allow-origin'], '*', 'the integrator page can read the error too')
  t.match(json(unknown), { detail: /No link session matches this link token.*POST \/api\/\{category\}\/v1\/link-token/ })
  t.same(Object.keys(json(unknown)), ['detail'])

  const missing = await get(app, '/api/session')
  t.equal(missing.statusCode, 400)
  t.match(json(missing), { detail: /link_token/ })
})

t.test('connect with good credentials answers a public token once', async (t) => {
  const { app, port } = await widgetApp(t)
  port.add('tok')
  const res = await post(app, '/api/connect', { link_token: 'tok', integration: 'gusto', username: 'jane', password: 'hunter2' })
  t.equal(res.statusCode, 200)
  t.match(json(res), { outcome: 'success', public_token: 'public-1', integration: { slug: 'gusto', name: 'Gusto', color: '#F45D48' } })
  t.same(port.calls, ['complete tok gusto hunter2'])

  const again = await post(app, '/api/connect', { link_token: 'tok', integration: 'gusto', username: 'jane', password: 'hunter2' })
  t.equal(again.statusCode, 400)
  t.match(json(again), { detail: /already used.*single use/ })
  t.equal(port.calls.length, 1, 'a used link never reaches the service again')
})

t.test('an error_<kind> password answers validation errors and keeps the link usable', async (t) => {
  const { app, port } = await widgetApp(t)
  port.add('tok')
  const bad = await post(app, '/api/connect', { link_token: 'tok', integration: 'bamboohr', username: 'jane', password: 'error_invalid_credentials' })
  t.equal(bad.statusCode, 200)
  t.same(json(bad), { outcome: 'validation_error', errors: [{ detail: 'The username or password is incorrect.', problem_type: 'INVALID_CREDENTIALS' }] })
  t.equal(json(await get(app, '/api/session?link_token=tok')).state, 'READY')
  const good = await post(app, '/api/connect', { link_token: 'tok', integration: 'bamboohr', username: 'jane', password: 'right' })
  t.equal(json(good).outcome, 'success')
})

t.test('connect refuses what the link cannot do, before asking the service', async (t) => {
  const { app, port } = await widgetApp(t)
  port.add('tok')
  port.add('expired', { state: 'EXPIRED' })
  const cases: Array<[object, number, RegExp]> = [
    [{ link_token: 'tok', integration: 'workday' }, 400, /does not offer the integration "workday".*bamboohr, gusto/],
    [{ link_token: 'expired', integration: 'gusto' }, 400, /expired/],
    [{ link_token: 'nope', integration: 'gusto' }, 404, /No link session/],
    [{ link_token: 'tok', integration: 'gusto', password: 42 }, 400, /password/],
    [{ link_token: 'tok' }, 400, /integration/],
    [{ integration: 'gusto' }, 400, /link_token/]
  ]
  for (const [body, status, detail] of cases) {
    const res = await post(app, '/api/connect', body)
    t.equal(res.statusCode, status, JSON.stringify(body))
    t.match(json(res), { detail }, JSON.stringify(body))
  }
  t.same(port.calls, [])
  t.equal(json(await get(app, '/api/session?link_token=tok')).state, 'READY', 'nothing was spent')
})

t.test('exit spends a ready link once, with a body-less POST a page on another origin can send', async (t) => {
  const { app, port } = await widgetApp(t)
  port.add('tok')
  const res = await post(app, '/api/exit?link_token=tok')
  t.equal(res.statusCode, 200)
  t.equal(res.headers['access-control-allow-origin'], '*')
  t.same(json(res), { state: 'USED' })
  t.same(port.calls, ['exit tok'])
  const again = await post(app, '/api/exit?link_token=tok')
  t.equal(again.statusCode, 400)
  t.match(json(again), { detail: /already used/ })
  t.equal((await post(app, '/api/exit?link_token=nope')).statusCode, 404)
  t.same(port.calls, ['exit tok'])
})

t.test('the scripts are JavaScript that parses, and define the real widget\'s global', async (t) => {
  const { app } = await widgetApp(t)
  for (const path of ['/initialize.js', '/widget.js', '/demo.js']) {
    const res = await get(app, path)
    t.equal(res.statusCode, 200, path)
    t.match(res.headers['content-type'], /^application\/javascript/, path)
    t.doesNotThrow(() => new Script(res.body, { filename: path }), path)
  }
  const init = (await get(app, '/initialize.js')).body
  t.match(init, /window\.MergeLink = MergeLink/)
  for (const method of ['initialize', 'openLink', 'update', 'closeLink']) t.match(init, new RegExp(`\\b${method}: function`), method)
  t.equal((await get(app, '/initialize.js')).headers['access-control-allow-origin'], '*')
})

t.test('initialize.js carries the origin and path it was requested at, and nothing unsafe from the Host', async (t) => {
  const { app } = await widgetApp(t)
  const served = async (host: string): Promise<unknown> => {
    const res = await app.inject({ method: 'GET', url: `${PREFIX}/initialize.js`, headers: { host } })
    t.doesNotThrow(() => new Script(res.body), host)
    return JSON.parse(/var SERVED = (.*)\n/.exec(res.body)![1]!)
  }
  t.same(await served('127.0.0.1:4010'), { origin: 'http://127.0.0.1:4010', path: `${PREFIX}/` })
  t.same(await served('localhost:5173'), { origin: 'http://localhost:5173', path: `${PREFIX}/` })
  t.same(await served('[::1]:4010'), { origin: 'http://[::1]:4010', path: `${PREFIX}/` })
  t.same(await served('evil"host</script>'), { origin: null, path: `${PREFIX}/` }, 'a Host that is no host name is left out')
})

t.test('mark.svg draws initials on the brand colour, and refuses what it cannot draw', async (t) => {
  const { app } = await widgetApp(t)
  const mark = async (query: string) => get(app, `/mark.svg?${query}`)
  const bamboo = await mark('name=BambooHR&color=%2373C41D')
  t.equal(bamboo.statusCode, 200)
  t.match(bamboo.headers['content-type'], /^image\/svg\+xml/)
  t.equal(bamboo.headers['content-security-policy'], "default-src 'none'")
  t.match(bamboo.body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  t.match(bamboo.body, /fill="#73C41D"/)
  t.match(bamboo.body, />B<\/text>/)
  t.match(bamboo.body, /fill="#0f172a"/, 'a light brand colour gets dark initials')
  const adp = (await mark('name=ADP%20Workforce%20Now&color=%23D0271D')).body
  t.match(adp, />AW<\/text>/)
  t.match(adp, /fill="#ffffff"/, 'a dark brand colour gets white initials')
  t.notMatch(adp, /https?:\/\/(?!www\.w3\.org\/2000\/svg)/, 'the mark references nothing')

  const hostile = (await mark(`name=${encodeURIComponent('<script>x</script> & "co"')}&color=%23000000`)).body
  t.notMatch(hostile, /<script/, 'the name is escaped')
  t.match(hostile, /aria-label="&#60;script&#62;x&#60;\/script&#62; &#38; &#34;co&#34;"/)

  for (const query of ['name=X&color=red', 'name=X&color=%23abc', 'color=%23000000', 'name=&color=%23000000']) {
    const res = await mark(query)
    t.equal(res.statusCode, 400, query)
    t.match(json(res), { detail: /name|color/ }, query)
  }
})

t.test('the snippets route writes the guide\'s front-end snippets for the URL it was reached at', async (t) => {
  const { app } = await widgetApp(t)
  const res = await app.inject({ method: 'GET', url: `${PREFIX}/snippets`, headers: { host: 'localhost:4321' } })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/markdown/)
  t.match(res.body, `await route.fetch({ url: 'http://localhost:4321${PREFIX}/initialize.js' })`)
  t.match(res.body, `req.redirect('http://localhost:4321${PREFIX}/initialize.js')`)
  t.match(res.body, `src: '/unimock${PREFIX}/initialize.js'`)
  t.notMatch(res.body, /127\.0\.0\.1:4010/)
})

t.test('the link widget guide shows exactly the snippets the route writes for the default server', async (t) => {
  const guide = await readFile(new URL('../../../docs/guides/link-widget.md', import.meta.url), 'utf8')
  const start = guide.indexOf('## Front-end frameworks')
  t.not(start, -1, 'the guide has the section')
  const end = guide.indexOf('\n## ', start + 1)
  const section = guide.slice(start, end === -1 ? undefined : end)
  const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)\n```/g)].map((m) => ({ lang: m[1], code: m[2] }))
  t.same(blocks, frontEndSnippets('http://127.0.0.1:4010').map((s) => ({ lang: s.lang, code: s.code })))
})

t.test('the widget page is a static shell, also served as the Magic Link page', async (t) => {
  const { app } = await widgetApp(t)
  const hostile = encodeURIComponent('"><script>alert(1)</script>')
  for (const path of ['/widget', '/magic']) {
    const res = await get(app, `${path}?link_token=${hostile}&parent_origin=x&channel=y`)
    t.equal(res.statusCode, 200, path)
    t.match(res.headers['content-type'], /^text\/html/, path)
    t.match(res.body, /<script src="widget\.js"><\/script>/, path)
    t.notMatch(res.body, /alert\(1\)/, 'nothing from the URL is echoed into the page')
  }
})

t.test('the demo page embeds its settings safely and speaks business wording', async (t) => {
  const { app } = await widgetApp(t)
  const res = await get(app, '/demo')
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/html/)
  t.match(res.body, /<button id="connect" type="button">Connect your HR system<\/button>/)
  const settings = JSON.parse(/<script id="demo-config" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!)
  t.same(settings, { api_key: 'test_demo', category: 'hris', end_user_origin_id: 'demo-user', integration: null, link_token: null, system_label: 'HR system' })

  const hostile = await get(app, `/demo?api_key=${encodeURIComponent('</script><script>alert(1)</script>')}&category=crm&integration=hubspot`)
  t.equal(hostile.statusCode, 200)
  t.notMatch(hostile.body, /<\/script><script>alert/, 'a value cannot close the settings element')
  t.match(hostile.body, /Connect your CRM/)
  const embedded = JSON.parse(/<script id="demo-config" type="application\/json">(.*?)<\/script>/.exec(hostile.body)![1]!)
  t.equal(embedded.api_key, '</script><script>alert(1)</script>')
  t.equal(embedded.integration, 'hubspot')

  const bad = await get(app, '/demo?api_key=')
  t.equal(bad.statusCode, 400)
  t.match(json(bad), { detail: /api_key/ })
})

t.test('unknown paths and methods under the prefix answer in the widget\'s JSON dialect', async (t) => {
  const { app } = await widgetApp(t)
  const missing = await get(app, '/nothing-here')
  t.equal(missing.statusCode, 404)
  t.match(json(missing), { detail: /No route GET \/widget-under-test\/nothing-here/ })
  const wrongMethod = await app.inject({ method: 'DELETE', url: `${PREFIX}/api/session?link_token=x` })
  t.equal(wrongMethod.statusCode, 405)
  t.match(json(wrongMethod), { detail: /DELETE is not allowed/ })
})

t.test('every widget route is in the OpenAPI document under the link-widget tag', async (t) => {
  const { app } = await widgetApp(t)
  const doc = json(await app.inject({ method: 'GET', url: '/openapi.json' }))
  const paths = ['/initialize.js', '/mark.svg', '/snippets', '/widget', '/widget.js', '/magic', '/demo', '/demo.js', '/api/session', '/api/connect', '/api/exit', '/demo/api/create-link-token', '/demo/api/exchange-public-token']
  for (const path of paths) {
    const item = doc.paths[PREFIX + path]
    t.ok(item, path)
    const operation = item?.get ?? item?.post
    t.same(operation?.tags, ['link-widget'], path)
  }
  const session = doc.paths[`${PREFIX}/api/session`].get
  t.ok(session.responses['200'] && session.responses['404'], 'success and error responses are documented')
  t.ok(doc.paths[`${PREFIX}/initialize.js`].get.responses['200'].content['application/javascript'])
})
