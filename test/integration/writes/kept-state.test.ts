import t from 'tap'
import { Client } from '../helpers.js'
import { dataAccount, dataApp } from '../data/helpers.js'

/**
 * What a write keeps in memory between requests (the account behind a token, the tenant behind a key, the
 * account's sync activity and whether its model syncs) follows every change to it: each case changes the
 * state between two creates and expects the second to answer as the new state says.
 */

const contact = { model: { first_name: 'Ada', last_name: 'Lovelace' } }
const create = async (client: Client): Promise<{ statusCode: number, body: any }> => {
  const res = await client.post('/api/crm/v1/contacts', contact)
  return { statusCode: res.statusCode, body: res.json() }
}

t.test('the account behind a token: relink needed, deletion, a new token, disabling writes by status', async (t) => {
  const { app } = await dataApp(t)
  const relinked = await dataAccount(app, 'crm')
  t.equal((await create(relinked.api)).statusCode, 201)
  t.equal((await relinked.control.post(`/_unimock/linked-accounts/${relinked.id}/relink-needed`)).statusCode, 200)
  const refused = await create(relinked.api)
  t.equal(refused.statusCode, 401, 'an account needing relinking is refused at once')
  t.match(refused.body, { detail: /needs to be relinked/ })

  const deleted = await dataAccount(app, 'crm')
  t.equal((await create(deleted.api)).statusCode, 201)
  t.equal((await deleted.api.post('/api/crm/v1/delete-account')).statusCode, 200)
  const gone = await create(deleted.api)
  t.equal(gone.statusCode, 401, 'a deleted account\'s token is refused at once')
  t.match(gone.body, { detail: /deleted/i })

  const renewed = await dataAccount(app, 'crm')
  t.equal((await create(renewed.api)).statusCode, 201)
  const fresh = await renewed.api.post('/api/crm/v1/account-token/regenerate')
  t.equal(fresh.statusCode, 200)
  t.equal((await create(renewed.api)).statusCode, 401, 'the old token stops working at once')
  t.equal((await create(renewed.api.withAccount(fresh.json().account_token as string))).statusCode, 201, 'the new one works')
})

t.test('the account behind a token after a reset of its key, of the server, and after its key was evicted', async (t) => {
  const { app } = await dataApp(t)
  const account = await dataAccount(app, 'crm', 'key-reset')
  t.equal((await create(account.api)).statusCode, 201)
  t.equal((await account.control.post('/_unimock/reset')).statusCode, 200)
  t.equal((await create(account.api)).statusCode, 401, 'the key kept its tenant, but its accounts went with its world')

  const again = await dataAccount(app, 'crm', 'key-reset')
  t.equal((await create(again.api)).statusCode, 201)
  t.equal((await new Client(app, undefined).post('/_unimock/reset')).statusCode, 200)
  t.equal((await create(again.api)).statusCode, 401, 'a reset of the whole server: no account is left')
})

t.test('beyond --max-tenants the evicted key\'s account tokens are unknown, even to the key that took its place', async (t) => {
  const { app } = await dataApp(t, { maxTenants: 1 })
  const first = await dataAccount(app, 'crm', 'key-first')
  t.equal((await create(first.api)).statusCode, 201)
  // key-second takes key-first's place (with a tenant id of its own: an evicted key's id is never given again).
  const second = new Client(app, 'key-second')
  t.equal((await second.get('/_unimock/linked-accounts')).statusCode, 200)
  const foreign = await create(second.withAccount(first.api.accountToken))
  t.equal(foreign.statusCode, 401, 'the evicted world\'s token names no account')
})

t.test('whether the model syncs: a model switched off refuses writes at once, and takes them again when on', async (t) => {
  const { app } = await dataApp(t)
  const account = await dataAccount(app, 'crm')
  t.equal((await create(account.api)).statusCode, 201)
  t.equal((await account.control.request('PUT', `/_unimock/linked-accounts/${account.id}/models/crm.Contact`, { enabled: false })).statusCode, 200)
  const off = await create(account.api)
  t.equal(off.statusCode, 400)
  t.match(off.body.errors, [{ problem_type: 'DISABLED_MODEL_WRITE' }])
  t.equal((await account.control.request('PUT', `/_unimock/linked-accounts/${account.id}/models/crm.Contact`, { enabled: true })).statusCode, 200)
  t.equal((await create(account.api)).statusCode, 201, 'on again: written')
})

t.test('the account\'s sync activity: a request resumes an account paused for idleness, not one paused by hand', async (t) => {
  const { app, clock } = await dataApp(t, { syncInterval: '7d' })
  const account = await dataAccount(app, 'crm')
  const paused = async (): Promise<boolean> => {
    const res = await account.control.get(`/_unimock/linked-accounts/${account.id}/sync`)
    return res.json().paused as boolean
  }
  t.equal((await create(account.api)).statusCode, 201)
  t.notOk(await paused())
  // No request for longer than the idle pause (14 days): the scheduler pauses the account.
  await clock.advanceBy(15 * 86_400_000)
  t.ok(await paused(), 'paused for idleness')
  t.equal((await create(account.api)).statusCode, 201)
  t.notOk(await paused(), 'the request resumed it')

  t.equal((await account.control.post(`/_unimock/linked-accounts/${account.id}/pause`)).statusCode, 200)
  t.equal((await create(account.api)).statusCode, 201)
  t.ok(await paused(), 'paused by hand: a request does not resume it')
})

t.test('after a reset of the server, the account made again under the same id starts with its model syncing', async (t) => {
  const { app } = await dataApp(t)
  const before = await dataAccount(app, 'crm', 'key-same')
  t.equal((await before.control.request('PUT', `/_unimock/linked-accounts/${before.id}/models/crm.Contact`, { enabled: false })).statusCode, 200)
  t.equal((await create(before.api)).statusCode, 400, 'switched off: refused')
  t.equal((await new Client(app, undefined).post('/_unimock/reset')).statusCode, 200)
  const after = await dataAccount(app, 'crm', 'key-same')
  t.equal(after.id, before.id, 'the id stream is drawn again: the same id')
  t.equal((await create(after.api)).statusCode, 201, 'a new account: its model syncs, so it takes writes')
})
