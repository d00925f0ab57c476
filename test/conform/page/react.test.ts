import tap from 'tap'
import { conform } from '../../../src/conform/conform.js'
import { PAGE_CHECKS, pageOptions } from './helpers.js'

interface Answer { statusCode: number, headers: Record<string, unknown>, body: string }
const { buildApp } = await import(new URL('../../../examples/reference-integrator/app.js', import.meta.url).href) as {
  buildApp: (config: object, log: (line: string) => void) => { inject: (o: { url: string }) => Promise<Answer>, close: () => Promise<void> }
}

// The reference's second page: React 18 and the official hook (public/react/app.jsx), bundled by the server
// on the first request. React's development build, so StrictMode's double effects are there to be survived.

tap.test('the React page is served: its HTML, and its script bundled with React and the hook', async (t) => {
  const app = buildApp({ unimockUrl: 'http://127.0.0.1:9', apiKey: 'unused', webhookKey: 'unused', dbPath: ':memory:', timeoutMs: 1000 }, () => {})
  t.teardown(() => app.close())
  const html = await app.inject({ url: '/react/' })
  t.equal(html.statusCode, 200)
  t.match(html.headers['content-type'], /text\/html/)
  t.match(html.body, /<script src="\/react\/app\.js"/)
  t.notMatch(html.body, /https?:\/\//, 'the HTML loads nothing from off the machine; the hook adds the widget script')
  t.equal((await app.inject({ url: '/react' })).headers.location, '/react/')
  const script = await app.inject({ url: '/react/app.js' })
  t.equal(script.statusCode, 200)
  t.match(script.headers['content-type'], /javascript/)
  t.match(script.body, /cdn\.merge\.dev\/initialize\.js/, 'the hook is in the bundle')
})

tap.test('the React page passes every page check', async (t) => {
  const o = await pageOptions()
  // pageOptions' cookie login: set for the whole site, it reaches the page's calls under /api/integrations.
  const result = await conform({ ...o, appPage: `${o.appUrl}/react/` })
  t.equal(result.status, 0, result.verdicts.map((v) => `${v.outcome} ${v.id} ${v.detail}`).join('\n'))
  t.same(result.verdicts.map((v) => v.id), PAGE_CHECKS)
  t.ok(result.verdicts.every((v) => v.outcome === 'pass'))
  t.comment(`the page checks against the React page took ${(result.ms / 1000).toFixed(1)} s`)
})
