import t from 'tap'
import { dataAccount, dataApp } from '../integration/data/helpers.js'

/**
 * A category's POST, PATCH or DELETE that every category has (passthrough, field mappings, resync, link-token,
 * scopes, remote keys, webhook receivers, delete-account) is one route for all categories (route-each.ts). An unknown category must be answered as a path nothing serves, and the
 * root answers such a path after its own parsers have read the body: an empty or malformed JSON body is a 400
 * there (the unified service's own parser would accept an empty one), another media type is ignored and the
 * answer is the 404. Each answer is compared with that of a path no route pattern matches at all.
 */

const BODIES = [
  { name: 'no body', headers: {}, payload: undefined },
  { name: 'an empty JSON body', headers: { 'content-type': 'application/json' }, payload: '' },
  { name: 'malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
  { name: 'JSON nested too deep', headers: { 'content-type': 'application/json' }, payload: '['.repeat(300) + ']'.repeat(300) },
  { name: 'a JSON object', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' },
  { name: 'plain text', headers: { 'content-type': 'text/plain' }, payload: 'hello' }
] as const

t.test('an unknown category\'s POST, PATCH or DELETE answers as a path nothing serves, whatever its body', async (t) => {
  const { app } = await dataApp(t)
  for (const [method, path] of [['POST', '/v1/passthrough'], ['POST', '/v1/async-passthrough'], ['POST', '/v1/field-mappings'], ['PATCH', '/v1/field-mappings/abc'], ['DELETE', '/v1/field-mappings/abc'], ['POST', '/v1/target-fields'], ['POST', '/v1/sync-status/resync'],
    ['POST', '/v1/link-token'], ['POST', '/v1/linked-account-scopes'], ['POST', '/v1/generate-key'], ['POST', '/v1/regenerate-key'], ['POST', '/v1/webhook-receivers'], ['POST', '/v1/delete-account'], ['POST', '/v1/account-token/regenerate']] as const) {
    for (const body of BODIES) {
      const url = `/api/nope${path}`
      const unserved = `/api/nope/v1/nothing-serves-this${path.slice(3).replace(/\//g, '-')}`
      const [res, none] = await Promise.all([url, unserved].map(async (u) => await app.inject({ method, url: u, headers: body.headers, payload: body.payload })))
      t.equal(res!.statusCode, none!.statusCode, `${method} ${url}, ${body.name}: ${res!.statusCode} as for no route`)
      t.same(res!.json(), JSON.parse(none!.body.replaceAll(unserved, url)), `${method} ${url}, ${body.name}: the same answer`)
    }
  }
})

t.test('a known category\'s POST still authenticates first, then parses with the unified service\'s parser', async (t) => {
  const { app } = await dataApp(t)
  const crm = await dataAccount(app, 'crm', 'bodies-key', { sync: false })
  const anonymous = await app.inject({ method: 'POST', url: '/api/crm/v1/passthrough', headers: { 'content-type': 'application/json' }, payload: '' })
  t.equal(anonymous.statusCode, 401, 'no credentials: 401, before the body')
  const empty = await app.inject({ method: 'POST', url: '/api/crm/v1/sync-status/resync', headers: { ...crm.api.headers(), 'content-type': 'application/json' }, payload: '' })
  t.equal(empty.statusCode, 200, `an empty JSON body is no body to the unified service: a full resync (${empty.body.slice(0, 100)})`)
  const wrong = await app.inject({ method: 'POST', url: '/api/ats/v1/passthrough', headers: { ...crm.api.headers(), 'content-type': 'application/json' }, payload: '{}' })
  t.not(wrong.statusCode, 200, 'another category\'s path refuses the account')
})

t.test('a write shape\'s path no model has (operation-route.ts) answers as a path nothing serves, whatever its body', async (t) => {
  const { app } = await dataApp(t)
  const crm = await dataAccount(app, 'crm', 'shapes-key', { sync: false })
  const shapes = [['POST', ''], ['PATCH', '/abc'], ['POST', '/ignore/abc'], ['POST', '/abc/application'], ['POST', '/bulk'], ['GET', '/bulk/abc'], ['POST', '/async']] as const
  for (const [method, tail] of shapes) {
    for (const body of method === 'GET' ? BODIES.slice(0, 1) : BODIES) {
      for (const headers of [{}, crm.api.headers()]) {
        const url = `/api/crm/v1/nothing${tail}`
        const unserved = `/api/crm/v9/nothing${tail}`
        const [res, none] = await Promise.all([url, unserved].map(async (u) => await app.inject({ method, url: u, headers: { ...headers, ...body.headers }, payload: body.payload })))
        t.equal(res!.statusCode, none!.statusCode, `${method} ${url}, ${body.name}: ${res!.statusCode} as for no route`)
        t.same(res!.json(), JSON.parse(none!.body.replaceAll(unserved, url)), `${method} ${url}, ${body.name}: the same answer`)
      }
    }
  }
  const listOnly = await app.inject({ method: 'POST', url: '/api/hris/v1/locations', headers: { ...crm.api.headers(), 'content-type': 'application/json' }, payload: '{}' })
  t.equal(listOnly.statusCode, 405, 'a model the catalogue only reads: 405')
  t.equal(listOnly.headers.allow, 'GET, HEAD, OPTIONS', 'the methods its path has')
  const served = await app.inject({ method: 'POST', url: '/api/crm/v1/contacts?is_debug_mode=maybe', headers: { ...crm.api.headers(), 'content-type': 'application/json' }, payload: '{"model":{}}' })
  t.equal(served.statusCode, 400, `the operation's own query schema validates it (${served.body.slice(0, 120)})`)
})
