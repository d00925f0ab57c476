import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { resolve } from '../helpers/openapi.js'
import { isPlantError, send } from './helpers.js'

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, PUT',
  'access-control-allow-headers': 'Content-Type, api_key, Authorization',
  'access-control-expose-headers': 'Content-Disposition, X-Rate-Limit, X-Expires-After'
}

t.test('every /v3 answer carries the reference CORS headers: success, error, 404, 405 and OPTIONS', async (t) => {
  const { app } = await makeApp(t)
  const answers = [
    await send(app, 'GET', '/v3/plant/1'),
    await send(app, 'POST', '/v3/plant', '{"status":"x"}'),
    await send(app, 'GET', '/v3/plant/999'),
    await send(app, 'GET', '/v3/nothing/here'),
    await send(app, 'DELETE', '/v3/plant'),
    await send(app, 'OPTIONS', '/v3/plant'),
    await send(app, 'GET', '/v3/user/auth/login?username=a&password=b')
  ]
  for (const res of answers) t.match(res.headers, CORS, `status ${res.status}`)
  const control = await send(app, 'GET', '/_unimock/health')
  t.equal(control.headers['access-control-allow-origin'], undefined, 'other interfaces are left alone')
  t.match(control.headers['content-type'], /charset=utf-8/)
})

t.test('OPTIONS on a /v3 path answers 204 with Allow', async (t) => {
  const { app } = await makeApp(t)
  const plant = await send(app, 'OPTIONS', '/v3/plant', undefined, { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' })
  t.equal(plant.status, 204)
  t.equal(plant.headers.allow, 'POST, PUT, OPTIONS')
  t.equal(plant.text, '')
  const byId = await send(app, 'OPTIONS', '/v3/plant/1')
  t.equal(byId.status, 204)
  t.equal(byId.headers.allow, 'GET, HEAD, OPTIONS')
})

t.test('a known path with a wrong method is 405 with Allow, in the plant error shape', async (t) => {
  const { app } = await makeApp(t)
  const del = await send(app, 'DELETE', '/v3/plant')
  isPlantError(t, del, 405, /DELETE is not allowed on \/v3\/plant\. Allowed: POST, PUT, OPTIONS\./)
  t.equal(del.headers.allow, 'POST, PUT, OPTIONS')
  const get = await send(app, 'GET', '/v3/plant')
  isPlantError(t, get, 405, /GET is not allowed/)
  const delById = await send(app, 'DELETE', '/v3/plant/1')
  isPlantError(t, delById, 405)
  t.equal(delById.headers.allow, 'GET, HEAD, OPTIONS')
  isPlantError(t, await send(app, 'POST', '/v3/user/auth/login', '{}'), 405)
  t.same((await send(app, 'GET', '/v3/plant/1')).body.name, 'Fern 1', 'DELETE removed nothing')
})

t.test('unknown /v3 paths are 404 JSON in the plant error shape', async (t) => {
  const { app } = await makeApp(t)
  for (const path of ['/v3', '/v3/', '/v3/pet/1', '/v3/plant/1/extra', '/v3/store/inventory', '/v3/user']) {
    isPlantError(t, await send(app, 'GET', path), 404, /No route GET/)
  }
})

t.test('malformed or hostile input never produces a 500', async (t) => {
  const { app } = await makeApp(t)
  const bodies = ['{', '}', '{"id":', '{"id":-}', '{"id":1e999999}', '{"id":-9223372036854775809}', '{"name":"\\ud800"}',
    '\u0000', '{"tags":[' + '['.repeat(5000) + ']', '{"a":' + '1'.repeat(5000) + '}', 'true', '[]', '{"id":1,"id":2}',
    '{"id":9223372036854775807,"t":' + '['.repeat(200000) + ']'.repeat(200000) + '}']
  for (const method of ['POST', 'PUT']) {
    for (const body of bodies) {
      const res = await send(app, method, '/v3/plant', body)
      t.ok(res.status >= 200 && res.status < 500, `${method} ${JSON.stringify(body.slice(0, 30))} → ${res.status}`)
      if (res.status >= 400) isPlantError(t, res, res.status)
    }
  }
  for (const url of ['/v3/plant/%E0%A4%A', '/v3/user/%', '/v3/plant/search/status?status[]=x', '/v3/plant/search/tags?tags[a]=b',
    '/v3/user/auth/login?username[]=a&password=b', '/v3/plant/' + '9'.repeat(500)]) {
    const res = await send(app, 'GET', url)
    t.ok(res.status >= 200 && res.status < 500, `GET ${url.slice(0, 40)} → ${res.status}`)
  }
})

t.test('GET /openapi.json documents every plant route with its statuses and the plant/user tags', async (t) => {
  const { app } = await makeApp(t)
  const doc = (await send(app, 'GET', '/openapi.json')).body
  const op = (path: string, method: string): any => resolve(doc, doc.paths[path]?.[method])
  const expected: Array<[string, string, string, string[]]> = [
    ['/v3/plant', 'post', 'plant', ['200', '401', '405', '413']],
    ['/v3/plant', 'put', 'plant', ['200', '400', '401', '404', '405', '413']],
    ['/v3/plant/search/status', 'get', 'plant', ['200', '400']],
    ['/v3/plant/findByStatus', 'get', 'plant', ['200', '400']],
    ['/v3/plant/search/tags', 'get', 'plant', ['200', '400']],
    ['/v3/plant/findByTags', 'get', 'plant', ['200', '400']],
    ['/v3/plant/{plantId}', 'get', 'plant', ['200', '400', '404']],
    ['/v3/user/{username}', 'get', 'user', ['200', '404']],
    ['/v3/user/auth/login', 'get', 'user', ['200', '400']],
    ['/v3/user/auth/logout', 'get', 'user', ['200']]
  ]
  for (const [path, method, tag, statuses] of expected) {
    const operation = op(path, method)
    t.ok(operation, `${method.toUpperCase()} ${path} is documented`)
    t.same(operation?.tags, [tag])
    // Its own statuses: the HTTP layer's refusals (400, 413, 414, ...) are shared responses every operation references.
    const shared = (status: string): unknown => doc.components.responses[`http.${status}`]?.description
    const own = Object.entries((operation?.responses ?? {}) as Record<string, { description?: string }>).filter(([status, r]) => r.description !== shared(status)).map(([status]) => status)
    t.same(own.sort(), statuses, `${method} ${path} statuses`)
  }
  const plant = op('/v3/plant/{plantId}', 'get').responses['200'].content['application/json'].schema
  t.same(plant.required, ['id', 'name', 'status', 'tags'])
  t.match(plant.properties.id, { type: 'integer', format: 'int64' })
  t.match(op('/v3/plant/{plantId}', 'get').parameters[0], { in: 'path', name: 'plantId', schema: { type: 'integer', format: 'int64' } })
  const body = op('/v3/plant', 'post').requestBody.content['application/json'].schema
  t.same(body.properties.status.enum, ['available', 'pending', 'sold'])
  t.same(Object.keys(body.properties).sort(), ['category', 'id', 'name', 'status', 'tags'])
  const error = op('/v3/plant', 'post').responses['405']
  t.equal(error.description, 'Invalid input')
  t.same(error.content['application/json'].schema.required, ['code', 'type', 'message'])
  t.ok(op('/v3/user/auth/login', 'get').responses['200'].headers['X-Expires-After'], 'login headers are documented')
  t.match(op('/v3/plant/search/status', 'get').parameters[0], { in: 'query', name: 'status', schema: { type: 'array', default: ['available'] } })
})
