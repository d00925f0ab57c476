import { test } from 'tap'
import type { Client } from '../helpers.js'
import { dataAccount, dataApp } from './helpers.js'

// A data set's row is kept in memory between reads (every page looks it up first); these pin that each way
// the row changes under a read is seen by the next one.

const names = async (api: Client): Promise<string[]> =>
  ((await api.get('/api/hris/v1/employees?page_size=100')).json().results as Array<{ first_name: string }>).map((e) => e.first_name)

test('creates after a read each take the next place: the kept data set follows every write', async (t) => {
  const { app } = await dataApp(t, { dataCacheMb: 0, dataVolume: ['hris.employees=3'] })
  const account = await dataAccount(app, 'hris')
  t.equal((await names(account.api)).length, 3)
  for (const first of ['Ada', 'Grace']) {
    const res = await account.api.post('/api/hris/v1/employees', { model: { first_name: first, last_name: 'Test', work_email: `${first.toLowerCase()}@example.com` } })
    t.equal(res.statusCode, 201, res.body)
  }
  const after = await names(account.api)
  t.equal(after.length, 5, 'both created employees are listed')
  t.same(after.slice(3), ['Ada', 'Grace'], 'each kept its own fields, in the order written')
})

test('a reset deletes every data set: the account linked again after it reads its own new data', async (t) => {
  const { app } = await dataApp(t, { dataCacheMb: 0, dataVolume: ['hris.employees=3'] })
  const before = await dataAccount(app, 'hris', 'reset-key')
  t.equal((await names(before.api)).length, 3)
  t.equal((await app.inject({ method: 'POST', url: '/_unimock/reset' })).statusCode, 200)
  // The id stream starts again once the tables are empty: the account linked again has the old one's id.
  const again = await dataAccount(app, 'hris', 'reset-key', { sync: false })
  t.equal(again.id, before.id)
  t.same((await again.api.get('/api/hris/v1/employees')).json().results, [], 'nothing synced yet')
  await again.syncPass('hris.Employee')
  t.equal((await names(again.api)).length, 3)
})
