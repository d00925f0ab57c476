import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { ids, isPlantError, send } from './helpers.js'

t.test('search by status: default available, comma-separated and repeated values, union without duplicates', async (t) => {
  const { app } = await makeApp(t)
  for (const path of ['/v3/plant/search/status', '/v3/plant/findByStatus']) {
    const def = await send(app, 'GET', path)
    t.equal(def.status, 200)
    t.equal(def.headers['content-type'], 'application/json')
    t.same(ids(def.body), [1, 2, 4, 7, 8, 9, 10], `${path}: no status means available`)
    t.same(ids((await send(app, 'GET', `${path}?status=pending`)).body), [3, 6])
    t.same(ids((await send(app, 'GET', `${path}?status=sold`)).body), [5])
    t.same(ids((await send(app, 'GET', `${path}?status=pending,sold`)).body), [3, 5, 6], 'comma-separated, ascending id')
    t.same(ids((await send(app, 'GET', `${path}?status=sold&status=pending`)).body), [3, 5, 6], 'repeated')
    t.same(ids((await send(app, 'GET', `${path}?status=sold,pending&status=sold&status=%20sold%20`)).body), [3, 5, 6],
      'both forms at once, trimmed, each plant once')
  }
  const all = await send(app, 'GET', '/v3/plant/search/status?status=available,pending,sold')
  t.equal(all.body.length, 10)
  t.same(all.body[4], { id: 5, name: 'Cactus 2', status: 'sold', tags: ['tag2', 'tag3'] }, 'full plant objects')
})

t.test('search by status: an unknown or empty value is 400 Invalid status value', async (t) => {
  const { app } = await makeApp(t)
  for (const path of ['/v3/plant/search/status', '/v3/plant/findByStatus']) {
    isPlantError(t, await send(app, 'GET', `${path}?status=dead`), 400, /Invalid status value: "dead" is not a status\. Use available, pending or sold\./)
    isPlantError(t, await send(app, 'GET', `${path}?status=Available`), 400, /"Available" is not a status/)
    isPlantError(t, await send(app, 'GET', `${path}?status=available,nope`), 400, /"nope"/)
    isPlantError(t, await send(app, 'GET', `${path}?status=`), 400, /a status value is empty/)
    isPlantError(t, await send(app, 'GET', `${path}?status=available,`), 400, /empty/)
  }
})

t.test('search by tags: ANY match, comma-separated and repeated, each plant once, ascending id', async (t) => {
  const { app } = await makeApp(t)
  for (const path of ['/v3/plant/search/tags', '/v3/plant/findByTags']) {
    t.same(ids((await send(app, 'GET', `${path}?tags=tag1`)).body), [1, 4, 7])
    t.same(ids((await send(app, 'GET', `${path}?tags=tag4`)).body), [3, 6, 9, 10])
    t.same(ids((await send(app, 'GET', `${path}?tags=tag1,tag2`)).body), [1, 2, 4, 5, 7, 8], 'comma-separated ANY')
    t.same(ids((await send(app, 'GET', `${path}?tags=tag1&tags=tag2`)).body), [1, 2, 4, 5, 7, 8], 'repeated ANY')
    t.same(ids((await send(app, 'GET', `${path}?tags=tag1,%20tag4&tags=tag1&tags=`)).body), [1, 3, 4, 6, 7, 9, 10],
      'mixed forms, trimmed, empty values dropped')
    t.same(ids((await send(app, 'GET', `${path}?tags=tag2&tags=${encodeURIComponent('here is another tag')}`)).body), [1, 2, 4, 5, 7, 8],
      'an unknown tag next to a known one still matches (the python client test)')
    const none = await send(app, 'GET', `${path}?tags=nothing`)
    t.equal(none.status, 200)
    t.same(none.body, [], 'no match is 200 []')
    t.same((await send(app, 'GET', `${path}?tags=TAG1`)).body, [], 'exact, case-sensitive')
  }
  const res = await send(app, 'GET', '/v3/plant/search/tags?tags=tag3')
  t.same(res.body[0], { id: 2, name: 'Fern 2', status: 'available', tags: ['tag2', 'tag3'] })
})

t.test('search by tags: missing or empty tags is 400 No tags provided', async (t) => {
  const { app } = await makeApp(t)
  for (const query of ['', '?tags=', '?tags=,', '?tags=%20&tags=', '?other=tag1']) {
    isPlantError(t, await send(app, 'GET', `/v3/plant/search/tags${query}`), 400, /^No tags provided\. Pass tags=a,b or repeat tags=\.$/)
    isPlantError(t, await send(app, 'GET', `/v3/plant/findByTags${query}`), 400, /No tags provided/)
  }
})

t.test('a new plant is found by both searches', async (t) => {
  const { app } = await makeApp(t)
  await send(app, 'POST', '/v3/plant', { name: 'Ficus', tags: ['indoor'] })
  t.same((await send(app, 'GET', '/v3/plant/search/tags?tags=indoor')).body, [{ id: 11, name: 'Ficus', status: 'available', tags: ['indoor'] }])
  t.same(ids((await send(app, 'GET', '/v3/plant/search/status')).body), [1, 2, 4, 7, 8, 9, 10, 11], 'the default status makes it findable')
  t.equal((await send(app, 'GET', '/v3/plant/search')).status, 400, 'a bare /plant/search is an invalid id, not a route')
})
