import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { isPlantError, send } from './helpers.js'

t.test('PUT /v3/plant fully replaces an existing plant and answers it', async (t) => {
  const { app } = await makeApp(t)
  const res = await send(app, 'PUT', '/v3/plant', { id: 3, name: 'Fern 3 (repotted)', tags: ['tag9'], status: 'sold', category: 'Ferns' })
  t.equal(res.status, 200)
  t.equal(res.headers['content-type'], 'application/json')
  t.same(res.body, { id: 3, name: 'Fern 3 (repotted)', status: 'sold', tags: ['tag9'] })
  t.same((await send(app, 'GET', '/v3/plant/3')).body, res.body, 'GET shows the change')
  t.same((await send(app, 'GET', '/v3/plant/search/tags?tags=tag3')).body.map((p: { id: number }) => p.id), [2, 5, 6, 8, 9, 10],
    'the old tags no longer find it')
  t.same((await send(app, 'GET', '/v3/plant/search/tags?tags=tag9')).body.map((p: { id: number }) => p.id), [3])

  const partial = await send(app, 'PUT', '/v3/plant', { id: 3 })
  t.same(partial.body, { id: 3, name: null, status: 'available', tags: [] }, 'a full replace: left-out fields take the add defaults')
})

t.test('PUT errors: 400 for a missing or invalid id, 404 for an unknown one, 405 for other invalid input', async (t) => {
  const { app } = await makeApp(t)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', { name: 'no id' }), 400, /Invalid ID supplied: the body's id must be a positive integer up to 2\^63-1 \(it is missing\)/)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', { id: 'abc' }), 400, /got the string "abc"/)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', { id: 0 }), 400, /got 0/)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', { id: -4 }), 400)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', { id: 2.5 }), 400)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', '{"id": 9223372036854775808}'), 400, /9223372036854775808/)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', { id: 999999999, name: 'ghost' }), 404, /Plant not found: no plant has id 999999999/)
  t.equal((await send(app, 'GET', '/v3/plant/999999999')).status, 404, 'PUT does not upsert')
  isPlantError(t, await send(app, 'PUT', '/v3/plant', { id: 1, status: 'wilted' }), 405, /Invalid input: status must be one of/)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', { id: 1, tags: [1] }), 405, /tags\[0\] must be a string/)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', '{"id": 1, "name": '), 405, /not valid JSON/)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', '[1]'), 405, /must be a JSON object/)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', '<x/>', { 'content-type': 'application/xml' }), 405, /application\/xml is not supported/)
  t.same((await send(app, 'GET', '/v3/plant/1')).body, { id: 1, name: 'Fern 1', status: 'available', tags: ['tag1', 'tag2'] },
    'no rejected update changed the plant')
})

t.test('GET /v3/plant/:plantId: 200 for a seeded plant, 400 for a non-integer, 404 for an unknown id', async (t) => {
  const { app } = await makeApp(t)
  const res = await send(app, 'GET', '/v3/plant/5')
  t.equal(res.status, 200)
  t.equal(res.text, '{"id":5,"name":"Cactus 2","status":"sold","tags":["tag2","tag3"]}', 'key order id, name, status, tags')
  t.same((await send(app, 'GET', '/v3/plant/005')).body.id, 5, 'leading zeros are the same integer')
  for (const bad of ['abc', '1.5', '1e3', '0x10', '%20', 'search', '9223372036854775808', '-9223372036854775809']) {
    isPlantError(t, await send(app, 'GET', `/v3/plant/${bad}`), 400, /Invalid ID supplied/)
  }
  for (const unknown of ['999999999', '9999999999999', '-10000', '0', '-9223372036854775808']) {
    isPlantError(t, await send(app, 'GET', `/v3/plant/${unknown}`), 404, /Plant not found/)
  }
})

t.test('a plant read is never answered stale: every write and a reset show in the next GET', async (t) => {
  const { app } = await makeApp(t)
  const get = async () => (await send(app, 'GET', '/v3/plant/4')).body
  const seeded = await get()
  t.same(await get(), seeded, 'read twice')
  await send(app, 'PUT', '/v3/plant', { id: 4, name: 'Put', tags: ['p'] })
  t.same(await get(), { id: 4, name: 'Put', status: 'available', tags: ['p'] }, 'after PUT')
  await send(app, 'POST', '/v3/plant', { id: 4, name: 'Posted', status: 'sold' })
  t.same(await get(), { id: 4, name: 'Posted', status: 'sold', tags: [] }, 'after a POST replacing it')
  t.equal((await send(app, 'POST', '/_unimock/reset')).status, 200)
  t.same(await get(), seeded, 'after a reset: the seed again')
})
