import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { send } from './helpers.js'

const MAX = '9223372036854775807'

t.test('an id of 2^63-1 round-trips exactly: POST body, GET path, PUT body', async (t) => {
  const { app } = await makeApp(t)
  const added = await send(app, 'POST', '/v3/plant', `{"id":${MAX},"name":"Java long","tags":["x"],"status":"pending"}`)
  t.equal(added.status, 200)
  t.equal(added.text, `{"id":${MAX},"name":"Java long","status":"pending","tags":["x"]}`, 'the answer carries the exact digits')

  const got = await send(app, 'GET', `/v3/plant/${MAX}`)
  t.equal(got.status, 200)
  t.match(got.text, `"id":${MAX},`, 'GET by the exact id finds it and answers the exact digits')
  t.equal((await send(app, 'GET', '/v3/plant/9223372036854775806')).status, 404, 'the neighbour (which a rounding parser would confuse) is unknown')

  const updated = await send(app, 'PUT', '/v3/plant', `{"id":${MAX},"name":"renamed"}`)
  t.equal(updated.status, 200)
  t.match(updated.text, `{"id":${MAX},"name":"renamed"`)
  t.match((await send(app, 'GET', `/v3/plant/${MAX}`)).text, '"name":"renamed"')

  const listed = await send(app, 'GET', '/v3/plant/search/status?status=available')
  t.match(listed.text, `"id":${MAX},`, 'search results carry the exact id too')
})

t.test('ids just above 2^53, which JSON.parse would merge, stay distinct', async (t) => {
  const { app } = await makeApp(t)
  await send(app, 'POST', '/v3/plant', '{"id":9007199254740992,"name":"even"}')
  await send(app, 'POST', '/v3/plant', '{"id":9007199254740993,"name":"odd"}')
  t.match((await send(app, 'GET', '/v3/plant/9007199254740992')).text, '"name":"even"')
  t.match((await send(app, 'GET', '/v3/plant/9007199254740993')).text, '"name":"odd"')
  const next = await send(app, 'POST', '/v3/plant', { name: 'next' })
  t.match(next.text, '{"id":9007199254740994,', 'the next id is exact max+1')
})

t.test('once 2^63-1 is taken, an add without id gets the lowest free id instead of overflowing', async (t) => {
  const { app } = await makeApp(t)
  await send(app, 'POST', '/v3/plant', `{"id":${MAX}}`)
  t.equal((await send(app, 'POST', '/v3/plant', { name: 'a' })).body.id, 11)
  t.equal((await send(app, 'POST', '/v3/plant', { name: 'b' })).body.id, 12)
  await send(app, 'PUT', '/v3/plant', { id: 1, name: 'still here' })
  t.equal((await send(app, 'GET', '/v3/plant/1')).body.name, 'still here')
})

t.test('an int64 inside a stored category does not break the add', async (t) => {
  const { app } = await makeApp(t)
  const res = await send(app, 'POST', '/v3/plant', `{"name":"c","category":{"id":${MAX},"name":"Aroids"}}`)
  t.equal(res.status, 200)
  t.same(Object.keys(res.body), ['id', 'name', 'status', 'tags'])
})

t.test('a GET path id as the client wrote it: leading zeros, a sign, 15 and 16 digits, nothing or letters', async (t) => {
  const { app } = await makeApp(t)
  await send(app, 'POST', '/v3/plant', '{"id":999999999999999,"name":"fifteen nines"}')
  await send(app, 'POST', '/v3/plant', '{"id":1000000000000000,"name":"sixteen digits"}')
  const name = async (path: string): Promise<string> => { const r = await send(app, 'GET', path); return `${r.status} ${r.status === 200 ? JSON.parse(r.text).name : ''}` }
  t.equal(await name('/v3/plant/999999999999999'), '200 fifteen nines')
  t.equal(await name('/v3/plant/1000000000000000'), '200 sixteen digits')
  t.equal(await name('/v3/plant/000999999999999999'), '200 fifteen nines', 'leading zeros name the same id')
  t.equal(await name('/v3/plant/+999999999999999'), '200 fifteen nines', 'a plus sign too')
  t.equal((await send(app, 'GET', '/v3/plant/0')).status, 404, 'zero is no plant')
  t.equal((await send(app, 'GET', '/v3/plant/12a')).status, 400, 'letters are no id')
  t.equal((await send(app, 'GET', '/v3/plant/-1')).status, 404, 'a negative id is an id, of no plant')
})
