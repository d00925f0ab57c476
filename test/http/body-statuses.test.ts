import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { FUZZ_SKIP } from '../helpers/fuzz.js'
import { Client } from '../integration/helpers.js'

/**
 * A body is read on every POST, PUT, PATCH and DELETE, whether the operation takes one or not: a Content-Type
 * none of unimock's parsers reads answers 415, and a body over --body-limit 413, on every such operation. The
 * document declares both on each of them (#54 item 4: an operation that takes no body, such as DELETE
 * /_unimock/faults, answered a 415 it did not declare).
 */

type Json = Record<string, any>

const WITH_BODY = new Set(['post', 'put', 'patch', 'delete'])

t.test('an unreadable or oversized body answers a status the operation declares, on every operation that reads bodies', async (t) => {
  const { app } = await makeApp(t, { rateLimit: 'off', bodyLimit: 1000 })
  const doc = (await app.inject({ url: '/openapi.json' })).json() as Json
  const client = new Client(app, 'body_key')
  const tokens: Record<string, string> = {}
  for (const category of ['hris', 'crm', 'accounting', 'ticketing', 'filestorage']) tokens[category] = (await client.link(category, `body-${category}`)).accountToken
  const families = new Set<string>()
  let sent = 0
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    if (FUZZ_SKIP.test(path)) continue
    for (const [method, op] of Object.entries(item)) {
      if (!WITH_BODY.has(method)) continue
      const url = path.replace(/\{[^}]+\}/g, 'x')
      const category = /^\/api\/([a-z]+)\/v1\//.exec(path)?.[1]
      const headers: Record<string, string> = { authorization: 'Bearer body_key', ...(category !== undefined && tokens[category] !== undefined ? { 'x-account-token': tokens[category] } : {}) }
      const declared = Object.keys(op.responses as Json)
      const xml = await app.inject({ method: method.toUpperCase() as 'POST', url, headers: { ...headers, 'content-type': 'application/xml' }, payload: '<plant/>' })
      t.ok(declared.includes(String(xml.statusCode)), `${method.toUpperCase()} ${path}, an XML body: ${xml.statusCode} is declared (${declared.join(' ')})`)
      const big = await app.inject({ method: method.toUpperCase() as 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ filler: 'a'.repeat(2000) }) })
      t.ok(declared.includes(String(big.statusCode)), `${method.toUpperCase()} ${path}, a body over --body-limit: ${big.statusCode} is declared (${declared.join(' ')})`)
      if (op.requestBody === undefined) families.add(path.startsWith('/v3') ? 'plant store' : path.startsWith('/api') ? 'unified' : 'control')
      sent++
    }
  }
  t.ok(sent > 100, `${sent} operations`)
  t.same([...families].sort(), ['control', 'unified'], 'operations that take no body are among them (the plant store\'s reading operations all take one)')

  // The answers themselves, on a few operations that take no body.
  const plant = await app.inject({ method: 'POST', url: '/v3/plant', headers: { 'content-type': 'application/xml' }, payload: '<plant/>' })
  t.match(plant.json(), { code: 405, type: 'error', message: /Content-Type application\/xml is not supported/ }, 'the plant store: its spec\'s 405 Invalid input')
  const unified = await app.inject({ method: 'POST', url: '/api/hris/v1/sync-status/resync', headers: { authorization: 'Bearer body_key', 'x-account-token': tokens.hris!, 'content-type': 'text/csv' }, payload: 'a,b' })
  t.equal(unified.statusCode, 415)
  t.match(unified.json(), { detail: /not supported/ })
  const control = await app.inject({ method: 'DELETE', url: '/_unimock/faults', headers: { authorization: 'Bearer body_key', 'content-type': 'application/octet-stream' }, payload: 'xx' })
  t.equal(control.statusCode, 415)
  t.match(control.json(), { status: 415 })
})
