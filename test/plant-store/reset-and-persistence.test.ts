import t from 'tap'
import { join } from 'node:path'
import { makeApp } from '../helpers/app.js'
import { ids, send } from './helpers.js'

const SEED_PLANT_1 = { id: 1, name: 'Fern 1', status: 'available', tags: ['tag1', 'tag2'] }

t.test('POST /_unimock/reset restores the seed: plants, users and sessions', async (t) => {
  const { app } = await makeApp(t, { plantAuth: 'required' })
  const token = (await send(app, 'GET', '/v3/user/auth/login?username=user1&password=x')).body.token as string
  const auth = { authorization: `Bearer ${token}` }
  await send(app, 'PUT', '/v3/plant', { id: 1, name: 'changed', status: 'sold', tags: [] }, auth)
  await send(app, 'POST', '/v3/plant', { name: 'extra', tags: ['tag1'] }, auth)
  await send(app, 'POST', '/v3/plant', '{"id":9223372036854775807}', auth)
  t.equal((await send(app, 'GET', '/v3/plant/11')).status, 200)

  const reset = await send(app, 'POST', '/_unimock/reset')
  t.equal(reset.status, 200)

  t.same((await send(app, 'GET', '/v3/plant/1')).body, SEED_PLANT_1)
  t.equal((await send(app, 'GET', '/v3/plant/11')).status, 404)
  t.equal((await send(app, 'GET', '/v3/plant/9223372036854775807')).status, 404)
  t.same(ids((await send(app, 'GET', '/v3/plant/search/status?status=available')).body), [1, 2, 4, 7, 8, 9, 10])
  t.same(ids((await send(app, 'GET', '/v3/plant/search/status?status=pending')).body), [3, 6])
  t.same(ids((await send(app, 'GET', '/v3/plant/search/status?status=sold')).body), [5])
  t.same(ids((await send(app, 'GET', '/v3/plant/search/tags?tags=tag1')).body), [1, 4, 7], 'the tag index is restored too')
  t.same(ids((await send(app, 'GET', '/v3/plant/search/tags?tags=tag2')).body), [1, 2, 4, 5, 7, 8])
  t.same(ids((await send(app, 'GET', '/v3/plant/search/tags?tags=tag3')).body), [2, 3, 5, 6, 8, 9, 10])
  t.same(ids((await send(app, 'GET', '/v3/plant/search/tags?tags=tag4')).body), [3, 6, 9, 10])
  for (let n = 1; n <= 10; n++) {
    t.same((await send(app, 'GET', `/v3/user/user${n}`)).body, { id: n, username: `user${n}`, email: `email${n}@test.com` })
  }
  t.equal((await send(app, 'POST', '/v3/plant', {}, auth)).status, 401, 'sessions are cleared')
  const again = (await send(app, 'GET', '/v3/user/auth/login?username=user1&password=x')).body.token as string
  t.equal(again, token, 'the random stream is reset too, so the same login gives the same token')
  t.equal((await send(app, 'POST', '/v3/plant', {}, { authorization: `Bearer ${again}` })).body.id, 11, 'ids restart after the seed')
})

t.test('a file database keeps created plants across a restart and is not re-seeded over them', async (t) => {
  const db = join(t.testdir(), 'unimock.sqlite')
  const first = await makeApp(t, { db })
  const big = await send(first.app, 'POST', '/v3/plant', '{"id":9223372036854775807,"name":"persistent long","tags":["kept"]}')
  t.equal(big.status, 200)
  t.equal((await send(first.app, 'POST', '/v3/plant', { name: 'persistent', status: 'sold', category: 'Aroids' })).body.id, 11)
  await send(first.app, 'PUT', '/v3/plant', { id: 2, name: 'renamed before restart', tags: ['tag9'] })
  await first.app.close()

  const second = await makeApp(t, { db })
  t.same((await send(second.app, 'GET', '/v3/plant/11')).body, { id: 11, name: 'persistent', status: 'sold', tags: [] })
  t.match((await send(second.app, 'GET', '/v3/plant/9223372036854775807')).text, '{"id":9223372036854775807,"name":"persistent long"')
  t.same((await send(second.app, 'GET', '/v3/plant/2')).body, { id: 2, name: 'renamed before restart', status: 'available', tags: ['tag9'] },
    'the seed did not overwrite the change')
  t.match((await send(second.app, 'GET', '/v3/plant/search/tags?tags=kept,tag9')).text, /^\[\{"id":2,.*\},\{"id":9223372036854775807,[^{]*\}\]$/,
    'the tag index persisted')
  t.same((await send(second.app, 'GET', '/v3/user/user3')).body, { id: 3, username: 'user3', email: 'email3@test.com' })
  await second.app.close()
})
