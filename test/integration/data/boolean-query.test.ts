import t from 'tap'
import { dataAccount, dataApp } from './helpers.js'

/**
 * Every boolean query value is read one way (#54 item 3): `true`/`false` in any case and `1`/`0`, as the real
 * service's boolean filters read them; anything else is a 400 naming the parameter, where calendar's
 * include_cancelled and chat's root_message once took a typo for false.
 */

const ids = (records: Array<Record<string, any>>): string[] => records.map((r) => r.id as string)

t.test('include_cancelled and root_message read true, TRUE and 1 alike, false and 0 as absent', async (t) => {
  const { app } = await dataApp(t)
  const calendar = await dataAccount(app, 'calendar')
  const chat = await dataAccount(app, 'chat')

  const events = await calendar.walk('/api/calendar/v1/events', { include_cancelled: 'true' }, 100)
  const uncancelled = await calendar.walk('/api/calendar/v1/events', {}, 100)
  t.ok(events.length > uncancelled.length, 'some events are cancelled')
  for (const value of ['TRUE', 'True', '1']) t.same(ids(await calendar.walk('/api/calendar/v1/events', { include_cancelled: value }, 100)), ids(events), `include_cancelled=${value}`)
  for (const value of ['false', 'FALSE', '0']) t.same(ids(await calendar.walk('/api/calendar/v1/events', { include_cancelled: value }, 100)), ids(uncancelled), `include_cancelled=${value}`)

  const messages = await chat.walk('/api/chat/v1/messages', {}, 100)
  const roots = await chat.walk('/api/chat/v1/messages', { root_message: 'true' }, 100)
  t.ok(roots.length > 0 && roots.length < messages.length, 'some messages are replies')
  for (const value of ['TRUE', '1']) t.same(ids(await chat.walk('/api/chat/v1/messages', { root_message: value }, 100)), ids(roots), `root_message=${value}`)
  for (const value of ['false', '0']) t.same(ids(await chat.walk('/api/chat/v1/messages', { root_message: value }, 100)), ids(messages), `root_message=${value}: no filter`)

  const publicOnes = await calendar.walk('/api/calendar/v1/events', { is_private: 'false' }, 100)
  t.same(ids(await calendar.walk('/api/calendar/v1/events', { is_private: '0' }, 100)), ids(publicOnes), 'is_private=0 is is_private=false')
  t.equal((await calendar.api.get('/api/calendar/v1/events?include_deleted_data=TRUE')).statusCode, 200, 'a flag the spec types boolean reads the same way')
})

t.test('a boolean query value that is none is a 400 naming the parameter, on every route', async (t) => {
  const { app } = await dataApp(t)
  const calendar = await dataAccount(app, 'calendar')
  const chat = await dataAccount(app, 'chat')
  const cases: Array<[typeof calendar, string, string]> = [
    [calendar, '/api/calendar/v1/events', 'include_cancelled'],
    [chat, '/api/chat/v1/messages', 'root_message'],
    [calendar, '/api/calendar/v1/events', 'is_private'],
    [calendar, '/api/calendar/v1/events', 'include_deleted_data'],
    [chat, '/api/chat/v1/messages', 'include_remote_data'],
    [chat, '/api/chat/v1/issues', 'include_muted']
  ]
  for (const [account, path, param] of cases) {
    for (const value of ['yes', 'ture', '2', '']) {
      const res = await account.api.get(`${path}?${param}=${value}`)
      t.equal(res.statusCode, 400, `${path}?${param}=${value}`)
      t.match(res.json(), { detail: new RegExp(param) }, 'naming the parameter')
    }
  }

  const doc = (await calendar.api.get('/openapi.json')).json()
  const parameter = (path: string, name: string): unknown => {
    const found = (doc.paths[path].get.parameters as Array<Record<string, any>>).find((p) => (p.$ref ?? p.name).endsWith(name))
    return found?.$ref === undefined ? found : doc.components.parameters[(found.$ref as string).split('/').pop()!]
  }
  t.match(parameter('/api/calendar/v1/events', 'include_cancelled'), { schema: { type: 'boolean' } }, 'the document declares them boolean')
  t.match(parameter('/api/chat/v1/messages', 'root_message'), { schema: { type: 'boolean' } })
})
