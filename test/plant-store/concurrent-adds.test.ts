import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { type Sent, send } from './helpers.js'

// Adds that arrive together are written together (PlantRepository.saveSoon): what a client sees must not change.

t.test('adds sent together each get their own id, are stored as answered, and a read sent with them sees them', async (t) => {
  const { app } = await makeApp(t)
  const names = ['a', 'b', 'c', 'd', 'e']
  const [added, listed] = await Promise.all([
    Promise.all(names.map(async (name) => send(app, 'POST', '/v3/plant', { name, tags: ['together'] }))),
    send(app, 'GET', '/v3/plant/search/tags?tags=together')
  ])
  t.same(added.map((r) => r.status), [200, 200, 200, 200, 200])
  t.same(added.map((r) => r.body.id).sort(), [11, 12, 13, 14, 15], 'one id each, after the seed')
  for (const res of added) t.same((await send(app, 'GET', `/v3/plant/${res.body.id as number}`)).body, res.body, 'stored as answered')
  t.same((await send(app, 'GET', '/v3/plant/search/tags?tags=together')).body.length, 5)
  t.ok(listed.status === 200 && Array.isArray(listed.body), 'a search sent with them answers')

  const again = await send(app, 'POST', '/v3/plant', { name: 'after' })
  t.equal(again.body.id, 16, 'the next id counts the adds written together')
})

t.test('an add the database refuses fails alone: the adds written with it are stored and answered', async (t) => {
  const { app } = await makeApp(t)
  // A stand-in for a write the database refuses (a full disk, a locked file): one name it will not take.
  app.unimock.db.exec("CREATE TRIGGER refuse_boom BEFORE INSERT ON plants WHEN NEW.name = 'boom' BEGIN SELECT RAISE(ABORT, 'refused'); END")
  const [first, boom, last] = await Promise.all(['first', 'boom', 'last'].map(async (name) => send(app, 'POST', '/v3/plant', { name }))) as [Sent, Sent, Sent]
  t.equal(first.status, 200)
  t.equal(last.status, 200)
  t.equal(boom.status, 500, 'the refused add is an error, not a 200 for a plant that was never stored')
  t.equal((await send(app, 'GET', `/v3/plant/${first.body.id as number}`)).body.name, 'first')
  t.equal((await send(app, 'GET', `/v3/plant/${last.body.id as number}`)).body.name, 'last')
  const refusedId = [11, 12, 13].find((id) => id !== first.body.id && id !== last.body.id)
  t.equal((await send(app, 'GET', `/v3/plant/${refusedId!}`)).status, 404, 'the id the refused add took holds nothing')
})
