import t from 'tap'
import { MAX_JSON_DEPTH } from '../../src/core/json-depth.js'
import { dataAccount, dataApp } from '../integration/data/helpers.js'

/**
 * A JSON body nested past the depth limit answers 400 naming the limit, in the dialect of the route's interface,
 * before validation: recursive code down the line overflowed the stack at a few thousand levels and answered
 * 500 (#36 defect 2). One parser does it for every scope; passthrough `data` sent as JSON text is held to the
 * same limit. A body at the limit still parses.
 */

const nested = (depth: number): string => '{"model":' + '['.repeat(depth - 1) + ']'.repeat(depth - 1) + '}'
const deepArray = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth)

t.test('bodies nested past the limit: 400 naming it, on every interface', async (t) => {
  const { app } = await dataApp(t)
  const crm = await dataAccount(app, 'crm', 'depth-key', { sync: false })
  const accounting = await dataAccount(app, 'accounting', 'depth-key', { sync: false })
  const send = async (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: string) => {
    const account = url.startsWith('/api/accounting/') ? accounting : crm
    return await app.inject({ method, url, headers: { ...account.api.headers(), 'content-type': 'application/json' }, payload })
  }
  const limit = new RegExp(`deeper than ${MAX_JSON_DEPTH} levels`)

  for (const depth of [MAX_JSON_DEPTH + 1, 5_000, 20_000]) {
    for (const [method, url] of [['POST', '/api/crm/v1/contacts'], ['PATCH', '/api/crm/v1/contacts/6f2c1a8e-7b4d-4c1e-9a55-0d3f2b7e4c91'], ['POST', '/api/accounting/v1/invoices/bulk'], ['POST', '/api/accounting/v1/items/async'], ['POST', '/api/crm/v1/passthrough']] as const) {
      const res = await send(method, url, nested(depth))
      t.equal(res.statusCode, 400, `${method} ${url} at ${depth}: ${res.body.slice(0, 120)}`)
      t.match(res.json(), { detail: limit }, 'the unified dialect, naming the limit')
    }
    const control = await send('POST', '/_unimock/clock/advance', deepArray(depth))
    t.equal(control.statusCode, 400, 'the control API')
    t.match(control.json(), { status: 400, code: 'JSON_TOO_DEEP', detail: limit })
    const plant = await send('POST', '/v3/plant', deepArray(depth))
    t.equal(plant.statusCode, 405, 'the plant store: a body it cannot read is its "Invalid input"')
    t.match(plant.json(), { code: 405, type: 'error', message: limit })
    const user = await send('PUT', '/v3/user/someone', deepArray(depth))
    t.match(user.json(), { code: user.statusCode, type: 'error', message: limit }, 'in the plant store\'s dialect on its other routes too')
  }

  for (const path of ['/api/crm/v1/passthrough', '/api/crm/v1/async-passthrough']) {
    const res = await send('POST', path, JSON.stringify({ method: 'POST', path: '/api/v1/contacts', data: deepArray(10_000) }))
    t.equal(res.statusCode, 400, `${path} with data a 10,000-deep JSON text`)
    t.match(res.json(), { detail: limit })
  }

  const inString = JSON.stringify({ model: { first_name: '['.repeat(10_000) } })
  t.not((await send('POST', '/api/crm/v1/contacts', inString)).json().detail, limit, 'brackets inside a string do not count')
  const atLimit = await send('POST', '/api/crm/v1/contacts', nested(MAX_JSON_DEPTH))
  t.equal(atLimit.statusCode, 400)
  t.notMatch(atLimit.body, limit, 'a body at the limit parses and goes on to validation')
  const passthroughAtLimit = await send('POST', '/api/crm/v1/passthrough', JSON.stringify({ method: 'POST', path: '/api/v1/contacts', data: deepArray(MAX_JSON_DEPTH) }))
  t.notMatch(passthroughAtLimit.body, limit, 'passthrough data at the limit goes to the third party')
})
