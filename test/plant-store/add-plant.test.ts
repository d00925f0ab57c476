import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { isPlantError, send } from './helpers.js'

t.test('POST /v3/plant adds a plant: 200, all four keys, defaults, category never returned', async (t) => {
  const { app } = await makeApp(t)
  const res = await send(app, 'POST', '/v3/plant', { name: 'Monstera', category: 'Aroids', tags: ['big', 'green'], status: 'pending' })
  t.equal(res.status, 200)
  t.equal(res.headers['content-type'], 'application/json')
  t.same(res.body, { id: 11, name: 'Monstera', status: 'pending', tags: ['big', 'green'] }, 'first new id after the seed is 11')
  t.match(res.text, /^\{"id":11,/, 'the raw body starts with {"id": as the python client test checks')

  const empty = await send(app, 'POST', '/v3/plant', {})
  t.equal(empty.status, 200, '{} is valid: every field is optional')
  t.same(empty.body, { id: 12, name: null, status: 'available', tags: [] })

  const got = await send(app, 'GET', '/v3/plant/11')
  t.same(got.body, { id: 11, name: 'Monstera', status: 'pending', tags: ['big', 'green'] }, 'stored as answered, category left out')

  const withObjectCategory = await send(app, 'POST', '/v3/plant', { name: 'x', category: { id: 1, name: 'Aroids' }, extra: 'ignored' })
  t.same(withObjectCategory.body, { id: 13, name: 'x', status: 'available', tags: [] }, 'object category and unknown fields accepted, not echoed')
})

t.test('a client-supplied positive id is honoured and upserts; null, zero and negative ids take the next id', async (t) => {
  const { app } = await makeApp(t)
  const mine = await send(app, 'POST', '/v3/plant', { id: 12830, name: 'Go client plant', tags: [] })
  t.same(mine.body, { id: 12830, name: 'Go client plant', status: 'available', tags: [] })
  t.same((await send(app, 'GET', '/v3/plant/12830')).body, mine.body, 'GET returns exactly what was posted')

  const replaced = await send(app, 'POST', '/v3/plant', { id: 1, name: 'Replaced fern', status: 'sold' })
  t.same(replaced.body, { id: 1, name: 'Replaced fern', status: 'sold', tags: [] })
  t.same((await send(app, 'GET', '/v3/plant/1')).body, replaced.body, 'an existing id is fully replaced')

  t.equal((await send(app, 'POST', '/v3/plant', { name: 'after max' })).body.id, 12831, 'next id is max(id)+1')
  t.equal((await send(app, 'POST', '/v3/plant', { id: null })).body.id, 12832)
  t.equal((await send(app, 'POST', '/v3/plant', { id: 0 })).body.id, 12833, 'id 0 means "choose one", as the V2 reference does')
  t.equal((await send(app, 'POST', '/v3/plant', { id: -10000 })).body.id, 12834)
  t.equal((await send(app, 'GET', '/v3/plant/-10000')).status, 404, 'a negative id is never stored')
})

t.test('tags keep the client order and duplicates; the tag index finds the plant once', async (t) => {
  const { app } = await makeApp(t)
  const res = await send(app, 'POST', '/v3/plant', { name: 'dup', tags: ['b', 'a', 'b'] })
  t.same(res.body.tags, ['b', 'a', 'b'])
  const found = await send(app, 'GET', '/v3/plant/search/tags?tags=b')
  t.same(found.body, [res.body])
})

t.test('invalid add input answers 405 Invalid input in the plant error shape and stores nothing', async (t) => {
  const { app } = await makeApp(t)
  const cases: Array<[string, string, RegExp]> = [
    ['name not a string', '{"name": 5}', /name must be a string \(got 5\)/],
    ['tags not a list', '{"tags": "tag1"}', /tags must be a list of strings/],
    ['tags with a non-string', '{"tags": ["ok", {"id": 1, "name": "x"}]}', /tags\[1\] must be a string \(got an object\)/],
    ['status outside the enum', '{"status": "dead"}', /status must be one of available, pending, sold \(got the string "dead"\)/],
    ['status with the wrong case', '{"status": "Available"}', /status must be one of/],
    ['status not a string', '{"status": 1}', /status must be one of/],
    ['id as a string', '{"id": "12"}', /id must be an integer \(got the string "12"\)/],
    ['id with a fraction', '{"id": 1.5}', /id must be an integer \(got 1.5\)/],
    ['id beyond int64', '{"id": 9223372036854775808}', /id must be at most 2\^63-1 = 9223372036854775807 \(got 9223372036854775808\)/],
    ['id far beyond int64', '{"id": 1e30}', /at most 2\^63-1/],
    ['category a number', '{"category": 3}', /category must be a string or an object/],
    ['category a list', '{"category": ["a"]}', /category must be a string or an object \(got a list\)/],
    ['an array body', '[{"name": "x"}]', /the body must be a JSON object \(got a list\)/],
    ['a number body', '42', /the body must be a JSON object \(got 42\)/],
    ['a string body', '"plant"', /the body must be a JSON object/],
    ['null body', 'null', /the body must be a JSON object \(got null\)/],
    ['malformed JSON', '{"name": "x",}', /Invalid input: The request body is not valid JSON/],
    ['truncated JSON', '{"name": ', /not valid JSON/],
    ['malformed JSON with a long number', '{"id": 92233720368547758070000, ', /not valid JSON/],
    ['empty body', '', /the body is empty/],
    ['whitespace body', '   ', /the body is empty/]
  ]
  for (const [name, payload, message] of cases) {
    await t.test(name, async (t) => {
      isPlantError(t, await send(app, 'POST', '/v3/plant', payload, { 'content-type': 'application/json' }), 405, message)
    })
  }
  const all = await send(app, 'GET', '/v3/plant/search/status?status=available,pending,sold')
  t.equal(all.body.length, 10, 'nothing was stored by any rejected request')
})

t.test('content types: JSON with a charset is accepted; anything else on add is 405', async (t) => {
  const { app } = await makeApp(t)
  const ok = await send(app, 'POST', '/v3/plant', '{"name":"charset"}', { 'content-type': 'application/json; charset=utf-8' })
  t.equal(ok.status, 200)
  t.equal(ok.body.name, 'charset')
  const upper = await send(app, 'POST', '/v3/plant', '{"name":"upper"}', { 'content-type': 'Application/JSON;Charset=UTF-8' })
  t.equal(upper.status, 200, 'media type and parameters are case-insensitive')

  isPlantError(t, await send(app, 'POST', '/v3/plant', '<Pet><name>x</name></Pet>', { 'content-type': 'application/xml' }), 405,
    /Content-Type application\/xml is not supported; send application\/json/)
  isPlantError(t, await send(app, 'POST', '/v3/plant', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' }), 405)
  isPlantError(t, await send(app, 'POST', '/v3/plant', '{"name":"x"}', { 'content-type': 'text/plain' }), 405,
    /the body must be a JSON object \(got the string/)
  isPlantError(t, await send(app, 'POST', '/v3/plant', '{"name":"x"}', { 'content-type': 'nonsense' }), 405)
  const none = await app.inject({ method: 'POST', url: '/v3/plant' })
  isPlantError(t, { status: none.statusCode, headers: none.headers, text: none.body, body: JSON.parse(none.body) }, 405,
    /the body must be a JSON object \(got nothing\)/)
})

t.test('a body over the size limit answers 413 in the plant shape', async (t) => {
  const { app } = await makeApp(t, { bodyLimit: 1024 })
  const big = JSON.stringify({ name: 'x'.repeat(2000) })
  isPlantError(t, await send(app, 'POST', '/v3/plant', big), 413, /larger than 1024 bytes/)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', big), 413)
})

t.test('duplicate keys keep the last value, as JSON.parse does, on both parser paths', async (t) => {
  const { app } = await makeApp(t)
  t.equal((await send(app, 'POST', '/v3/plant', '{"name":"a","name":"b"}')).body.name, 'b')
  const big = await send(app, 'POST', '/v3/plant', '{"id":9007199254740993,"name":"a","name":"b"}')
  t.equal(big.status, 200)
  t.equal(big.body.name, 'b')
  t.match(big.text, /"id":9007199254740993,/)
})

t.test('a __proto__ key neither changes the plant nor crashes', async (t) => {
  const { app } = await makeApp(t)
  for (const payload of ['{"__proto__":{"name":"sneaky","status":"sold"}}', '{"id":9007199254740995,"__proto__":{"name":"sneaky"}}']) {
    const res = await send(app, 'POST', '/v3/plant', payload)
    t.equal(res.status, 200)
    t.equal(res.body.name, null, 'the name comes only from the object itself')
    t.equal(res.body.status, 'available')
  }
})

t.test('the next id follows adds with and without ids, a reset and a PUT', async (t) => {
  const { app } = await makeApp(t)
  const first = (await send(app, 'POST', '/v3/plant', { name: 'a' })).body.id
  t.equal((await send(app, 'POST', '/v3/plant', { id: first + 100, name: 'far' })).body.id, first + 100)
  t.equal((await send(app, 'POST', '/v3/plant', { name: 'after far' })).body.id, first + 101, 'above an id a client chose')
  t.equal((await send(app, 'POST', '/v3/plant', { id: 3, name: 'low' })).body.id, 3)
  t.equal((await send(app, 'POST', '/v3/plant', { name: 'after low' })).body.id, first + 102, 'a lower id chosen leaves the next one')
  t.equal((await send(app, 'POST', '/_unimock/reset')).status, 200)
  t.equal((await send(app, 'POST', '/v3/plant', { name: 'after reset' })).body.id, first, 'a reset gives the seed\'s next id again')
})
