import t from 'tap'
import { clientType } from '../../helpers/client-types.js'
import { strictProblems } from '../../helpers/strict-parse.js'
import { dataAccount, dataApp } from '../data/helpers.js'

/** Bulk batches and async tasks on the scheduler and the virtual clock; Idempotency-Key replays. */

t.test('bulk invoices: 202, then ENQUEUED, IN_PROGRESS and a result per item as the clock moves', async (t) => {
  const { app, clock } = await dataApp(t)
  const acc = await dataAccount(app, 'accounting')
  const contact = (await acc.api.get('/api/accounting/v1/contacts?page_size=1')).json().results[0].id as string
  const invoice = (number: string): Record<string, unknown> => ({ type: 'ACCOUNTS_RECEIVABLE', contact, number, line_items: [{ description: 'Hours', unit_price: 100, quantity: 2 }] })
  const res = await acc.api.post('/api/accounting/v1/invoices/bulk', {
    batch_items: [{ item_id: 'a', payload: invoice('INV-1') }, { item_id: 'b', payload: { number: 'INV-2' } }]
  })
  t.equal(res.statusCode, 202, res.body)
  t.same(strictProblems(clientType('accounting', 'AsyncBulkCreateResponse'), res.json()), [])
  const poll = async (): Promise<any> => {
    const r = await acc.api.get(`/api/accounting/v1/invoices/bulk/${String(res.json().batch_id)}`)
    t.equal(r.statusCode, 200)
    t.same(strictProblems(clientType('accounting', 'BatchObjectsResponse'), r.json()), [], 'strict parse')
    return r.json()
  }
  t.match(await poll(), { status: 'ENQUEUED', total_count: 2, objects: [{ item_id: 'a', status: 'PENDING' }, { item_id: 'b', status: 'PENDING' }] })
  await clock.advanceBy(1000)
  t.match(await poll(), { status: 'IN_PROGRESS' })
  await clock.advanceBy(1000)
  const done = await poll()
  t.match(done, { status: 'PARTIAL_SUCCESS', objects: [{ item_id: 'a', status: 'SUCCESS' }, { item_id: 'b', status: 'FAILURE', response: { error_message: /required/ } }] })
  const written = await acc.api.get(`/api/accounting/v1/invoices/${String(done.objects[0].response.merge_common_model_id)}`)
  t.equal(written.json().number, 'INV-1', 'the item is a record reads see')

  const cases: Array<[string, unknown]> = [
    ['no batch_items', {}],
    ['more than 100', { batch_items: Array.from({ length: 101 }, (_, i) => ({ item_id: String(i), payload: {} })) }],
    ['a repeated item_id', { batch_items: [{ item_id: 'x', payload: {} }, { item_id: 'x', payload: {} }] }],
    ['an item without payload', { batch_items: [{ item_id: 'x' }] }]
  ]
  for (const [what, body] of cases) t.equal((await acc.api.post('/api/accounting/v1/invoices/bulk', body)).statusCode, 400, what)
  t.equal((await acc.api.get('/api/accounting/v1/invoices/bulk/6f2c1a8e-7b4d-4c1e-9a55-0d3f2b7e4c91')).statusCode, 404)
  const other = await dataAccount(app, 'accounting', 'other-key', { sync: false })
  t.equal((await other.api.get(`/api/accounting/v1/invoices/bulk/${String(res.json().batch_id)}`)).statusCode, 404, 'another tenant cannot poll it')
})

t.test('async tasks: the answer the synchronous write would give, once the clock moved', async (t) => {
  const { app, clock } = await dataApp(t)
  const acc = await dataAccount(app, 'accounting')
  const res = await acc.api.post('/api/accounting/v1/items/async', { model: { name: 'Widget', unit_price: 3 } })
  t.equal(res.statusCode, 202, res.body)
  const task = `/api/accounting/v1/async-tasks/${String(res.json().task_id)}`
  const first = (await acc.api.get(task)).json()
  t.equal(first.status, 'QUEUED')
  t.same(strictProblems(clientType('accounting', 'AsyncPostTask'), first), [])
  await clock.advanceBy(2000)
  const done = (await acc.api.get(task)).json()
  t.match(done, { status: 'COMPLETED', result: { status_code: 201, response: { model: { name: 'Widget' }, warnings: [], errors: [] } } })
  t.same(strictProblems(clientType('accounting', 'AsyncPostTask'), done), [])
  t.equal((await acc.api.get('/api/accounting/v1/async-tasks/nope')).statusCode, 404)
})

t.test('Idempotency-Key: the same request replays, a different one is refused, a day later it is new', async (t) => {
  const { app, clock } = await dataApp(t)
  const crm = await dataAccount(app, 'crm')
  const key = { 'idempotency-key': '3b0c3f4e-0a7e-4c55-8c0e-1f1b5d2a9e77' }
  const body = { model: { first_name: 'Ada', last_name: 'Lovelace' } }
  const first = await crm.api.post('/api/crm/v1/contacts', body, key)
  t.equal(first.statusCode, 201)
  const count = async (): Promise<number> => (await crm.walk('/api/crm/v1/contacts', {}, 100)).length
  const before = await count()
  const replay = await crm.api.post('/api/crm/v1/contacts', body, key)
  t.equal(replay.statusCode, 201)
  t.equal(replay.body, first.body, 'the first answer, byte for byte')
  t.equal(await count(), before, 'nothing written again')
  const changed = await crm.api.post('/api/crm/v1/contacts', { model: { first_name: 'Grace', last_name: 'Hopper' } }, key)
  t.equal(changed.statusCode, 400)
  t.match(changed.json(), { detail: /different request/ })
  await clock.advanceBy(24 * 3_600_000 + 1000)
  const later = await crm.api.post('/api/crm/v1/contacts', { model: { first_name: 'Grace', last_name: 'Hopper' } }, key)
  t.equal(later.statusCode, 201, 'after 24 h the key is free again')
})
