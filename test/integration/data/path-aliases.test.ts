import t from 'tap'
import type { UnimockApp } from '../../../src/app.js'
import { loadCatalogue } from '../../../src/integration/base/catalogue/catalogue.js'
import { dataAccount, dataApp } from './helpers.js'

/**
 * The unversioned forms /api/{category}/{segment} and /{category}/v1/{segment} are rewritten onto
 * /api/{category}/v1/{segment} before routing. Whatever a client sends, each form must answer byte for byte
 * what the alias routes answered when they were registered routes of their own.
 */

const forms = (category: string, segment: string): [string, string, string] =>
  [`/api/${category}/v1/${segment}`, `/api/${category}/${segment}`, `/${category}/v1/${segment}`]

type Method = 'GET' | 'HEAD' | 'POST' | 'DELETE' | 'OPTIONS'

async function answer (app: UnimockApp, method: Method, url: string, headers: Record<string, string>): Promise<{ status: number, headers: Record<string, unknown>, body: string }> {
  const res = await app.inject({ method, url, headers })
  const { date: _date, ...rest } = res.headers
  return { status: res.statusCode, headers: rest, body: res.body }
}

/** Error messages name the path the client sent; everything else is the canonical form's answer. */
const asSentBy = (text: string, canonical: string, alias: string): string => text.split(canonical).join(alias)

t.test('every model: each alias form answers as the canonical path, GET and HEAD, list and retrieve', async (t) => {
  const { app } = await dataApp(t)
  const catalogue = loadCatalogue()
  const unknownId = '00000000-0000-4000-8000-000000000000'
  let compared = 0
  for (const category of new Set(catalogue.models.map((m) => m.category))) {
    const account = await dataAccount(app, category, 'test-key', { sync: false })
    const headers = account.api.headers()
    // A model listed only under its parent (a chat Member) has no path of its own, nor aliases.
    for (const model of catalogue.models.filter((m) => m.category === category && !m.nestedOnly)) {
      const [canonical, ...aliases] = forms(model.category, model.segment)
      const tails = ['', '?page_size=1', '?page_size=nope', ...(model.retrieve ? [`/${unknownId}`] : [])]
      for (const method of ['GET', 'HEAD'] as const) {
        for (const tail of tails) {
          const expected = await answer(app, method, canonical + tail, headers)
          t.not(expected.status, 405, `${method} ${canonical}${tail} is routed`)
          for (const alias of aliases) {
            t.same(await answer(app, method, alias + tail, headers), expected, `${method} ${alias}${tail}`)
            compared++
          }
        }
      }
    }
  }
  t.ok(compared > 1000, `${compared} alias answers compared`)
})

t.test('records, cursors and auth failures are the same through every form', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris')
  const headers = hris.api.headers()
  const page = (await hris.api.get('/api/hris/v1/employees?page_size=2')).json()
  const id: string = page.results[0].id
  for (const tail of ['?page_size=2', `?page_size=2&cursor=${page.next as string}`, `/${id}`, `/${id}?expand=company`]) {
    const [canonical, ...aliases] = forms('hris', 'employees')
    const expected = await answer(app, 'GET', canonical + tail, headers)
    t.equal(expected.status, 200, `${canonical}${tail} answers`)
    for (const alias of aliases) t.same(await answer(app, 'GET', alias + tail, headers), expected, `${alias}${tail}`)
  }
  for (const h of [{}, { authorization: 'Bearer test-key' }] as Array<Record<string, string>>) {
    const [canonical, ...aliases] = forms('hris', 'employees')
    const expected = await answer(app, 'GET', canonical, h)
    t.equal(expected.status, 401)
    for (const alias of aliases) t.same(await answer(app, 'GET', alias, h), expected, `${alias} without ${Object.keys(h).join(', ') || 'credentials'}`)
  }
})

t.test('405 with Allow, OPTIONS and 404: the canonical answer, naming the path the client sent', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris', 'test-key', { sync: false })
  const headers = hris.api.headers()
  for (const tail of ['', '/some-id']) {
    // Benefits are read-only in the real service (employees take a POST since writes landed).
    const [canonical, ...aliases] = forms('hris', 'benefits')
    for (const method of ['POST', 'DELETE', 'OPTIONS'] as const) {
      const expected = await answer(app, method, canonical + tail, headers)
      t.equal(expected.status, method === 'OPTIONS' ? 204 : 405, `${method} ${canonical}${tail}`)
      if (method !== 'OPTIONS') t.equal(expected.headers.allow, 'GET, HEAD, OPTIONS')
      for (const alias of aliases) {
        const got = await answer(app, method, alias + tail, headers)
        t.same(got, { ...expected, body: asSentBy(expected.body, canonical, alias) }, `${method} ${alias}${tail}`)
      }
    }
  }
  for (const path of ['/api/hris/employeez', '/hris/v1/employeez', '/api/hris/candidates', '/api/hris/employees/a/b', '/hris/v1/employees/a/b']) {
    const res = await answer(app, 'GET', path, headers)
    t.equal(res.status, 404, `${path}: 404`)
    t.match(JSON.parse(res.body), { detail: new RegExp(path.replace(/\//g, '\\/')) }, 'naming the path sent')
  }
  const malformed = await answer(app, 'GET', '/api/hris/employees/%zz', headers)
  t.equal(malformed.status, 400)
  t.match(JSON.parse(malformed.body), { detail: /'\/api\/hris\/employees\/%zz'/ }, 'a malformed URL is quoted as sent')
})

t.test('the OpenAPI document lists the canonical paths only', async (t) => {
  const { app } = await dataApp(t)
  const paths = Object.keys((await app.inject({ method: 'GET', url: '/openapi.json' })).json().paths as object)
  const catalogue = loadCatalogue()
  for (const model of catalogue.models) {
    const [canonical, ...aliases] = forms(model.category, model.segment)
    if (model.nestedOnly) {
      t.notOk(paths.includes(canonical), `${canonical} is not a path: its records are listed under their parent`)
      continue
    }
    t.ok(paths.includes(canonical), `${canonical} is documented`)
    t.equal(paths.includes(`${canonical}/{id}`), model.retrieve, `${canonical}/{id} is documented where it exists`)
    for (const alias of aliases) t.notOk(paths.some((p) => p === alias || p.startsWith(alias + '/')), `${alias} is not`)
  }
})
