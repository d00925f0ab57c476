import t from 'tap'
import { Client } from '../helpers.js'
import { dataAccount, dataApp } from '../data/helpers.js'

/**
 * What a write keeps in memory between requests (the account behind a token, the tenant behind a key)
 * follows every change to it: each case changes the state between two creates and expects the second to
 * answer as the new state says.
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
  // key-second takes key-first's place (and, the tenants table being empty then, its tenant id).
  const second = new Client(app, 'key-second')
  t.equal((await second.get('/_unimock/linked-accounts')).statusCode, 200)
  const foreign = await create(second.withAccount(first.api.accountToken))
  t.equal(foreign.statusCode, 401, 'the evicted world\'s token names no account')
})
