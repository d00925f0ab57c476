import t from 'tap'
import { MergeClient } from '@mergeapi/merge-node-client'
import type { ConfigInput } from '../../../src/config.js'
import { startUnimock, type RunningUnimock } from '../../../src/server.js'
import { controlPost } from '../../helpers/control-post.js'

/** Writes through the official Node client 4.0.4 with typed values (Dates, enums), against a running unimock. */


const tokens = new WeakMap<MergeClient, string>()

async function client (server: RunningUnimock, apiKey: string, category: string): Promise<MergeClient> {
  const made = await controlPost(server, apiKey, '/linked-accounts', { category, end_user_origin_id: `client-${category}` })
  await controlPost(server, apiKey, `/linked-accounts/${String(made.id)}/data/sync-pass`, {})
  const merge = new MergeClient({ apiKey, accountToken: made.account_token as string, baseUrl: `${server.url}/api` })
  tokens.set(merge, made.account_token as string)
  return merge
}

t.test('create, partial update, ignore, meta, bulk and async tasks through the official client', async (t) => {
  const server = await startUnimock({ ...({ rateLimit: 'off' } as ConfigInput) })
  t.teardown(() => server.close())
  const apiKey = 'writes_sdk_key'

  const crm = await client(server, apiKey, 'crm')
  const at = new Date('2026-03-04T05:06:07.000Z')
  const created = await crm.crm.contacts.create({ model: { firstName: 'Ada', lastName: 'Lovelace', lastActivityAt: at } })
  t.equal(created.model.firstName, 'Ada')
  t.ok(created.model.lastActivityAt instanceof Date && created.model.lastActivityAt.getTime() === at.getTime(), 'a Date goes out and comes back a Date')
  t.type(created.model.createdAt, Date)
  t.same(created.errors, [])
  const id = created.model.id!
  const read = await crm.crm.contacts.retrieve(id)
  t.equal(read.lastName, 'Lovelace', 'read after write')
  const patched = await crm.crm.contacts.partialUpdate(id, { model: { lastName: 'King' } })
  t.equal(patched.model.lastName, 'King')
  t.equal(patched.model.firstName, 'Ada')
  const meta = await crm.crm.contacts.metaPostRetrieve()
  t.equal(meta.hasConditionalParams, false)
  t.ok(meta.requestSchema.properties, 'a request schema')
  const metaPatch = await crm.crm.contacts.metaPatchRetrieve(id)
  t.equal(metaPatch.status?.canMakeRequest, true)
  await crm.crm.contacts.ignoreCreate(id, { reason: 'GDPR', message: 'asked to be forgotten' })
  const after = await crm.crm.contacts.retrieve(id)
  t.equal(after.remoteWasDeleted, true, 'ignored')

  const ticketing = await client(server, apiKey, 'ticketing')
  const ticket = await ticketing.ticketing.tickets.create({ model: { name: 'Printer on fire', description: 'Smoke from tray 2', status: 'OPEN', priority: 'URGENT', dueDate: at } })
  t.equal(ticket.model.status, 'OPEN', 'an enum value, typed')
  const closed = await ticketing.ticketing.tickets.partialUpdate(ticket.model.id!, { model: { status: 'CLOSED' } })
  t.equal(closed.model.status, 'CLOSED')

  const ats = await client(server, apiKey, 'ats')
  const candidate = await ats.ats.candidates.create({ model: { firstName: 'Grace', lastName: 'Hopper', emailAddresses: [{ value: 'grace@example.com', emailAddressType: 'WORK' }] }, remoteUserId: 'user-1' })
  t.equal(candidate.model.emailAddresses?.[0]?.value, 'grace@example.com')

  const accounting = await client(server, apiKey, 'accounting')
  const contact = (await accounting.accounting.contacts.list({ pageSize: 1 })).data[0]!.id!
  const bulk = await accounting.accounting.invoices.bulkCreate({
    batchItems: [{ itemId: 'one', payload: { type: 'ACCOUNTS_RECEIVABLE', contact, number: 'INV-9', lineItems: [{ description: 'Hours', unitPrice: 100, quantity: 2 }] } }]
  })
  const batch = await accounting.accounting.invoices.bulkRetrieve(bulk.batchId)
  t.equal(batch.status, 'ENQUEUED', 'the batch waits for the scheduler')
  t.equal(batch.totalCount, 1)
  const task = await fetch(`${server.url}/api/accounting/v1/items/async`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'x-account-token': tokens.get(accounting) ?? '', 'content-type': 'application/json' },
    body: JSON.stringify({ model: { name: 'Widget' } })
  })
  const taskId = (await task.json() as { task_id: string }).task_id
  const polled = await accounting.accounting.asyncTasks.retrieve(taskId)
  t.equal(polled.status, 'QUEUED')
})
