import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'
import t from 'tap'
import { payloadSchema } from '../../../src/integration/background/webhooks/payload-schemas.js'
import { clientType } from '../../helpers/client-types.js'
import { strictProblems } from '../../helpers/strict-parse.js'
import { Client } from '../helpers.js'
import { webhookSetup } from '../webhooks/helpers.js'

/** run_async writes, and the completion webhooks of deferred writes (AsyncPost.completed, AsyncBulkPost.completed). */

const linked = async (setup: Awaited<ReturnType<typeof webhookSetup>>, category: string, origin: string) => {
  const made = await setup.control('POST', '/linked-accounts', { category, end_user_origin_id: origin })
  t.equal(made.statusCode, 201, made.body)
  return { id: made.json().id as string, api: new Client(setup.app, 'test_webhooks', made.json().account_token as string) }
}

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default
const ajv = new Ajv({ strict: false, allErrors: true })
addFormats(ajv)

/** Problems of a delivered body under the schema the OpenAPI document declares for its event. */
const bodyProblems = (event: string, body: unknown): string => {
  const schema = payloadSchema(event)
  if (schema === undefined) return `no schema for ${event}`
  const validate = ajv.compile(schema)
  return validate(body) ? '' : ajv.errorsText(validate.errors)
}

t.test('run_async: 201 at once with remote_id null; the third party answers on the clock; AsyncPost.completed', async (t) => {
  const setup = await webhookSetup(t)
  await setup.addTarget({ events: ['AsyncPost.completed', 'CRMContact.added'] })
  const { id: accountId, api } = await linked(setup, 'crm', 'org-async')
  const res = await api.post('/api/crm/v1/contacts?run_async=true', { model: { first_name: 'Ada', last_name: 'Lovelace' } })
  t.equal(res.statusCode, 201, res.body)
  const model = res.json().model
  t.equal(model.remote_id, null, 'no remote id until the third party has the record')
  t.same(strictProblems(clientType('crm', 'CrmContactResponse'), res.json()), [], 'the envelope parses strictly')
  t.equal((await api.get(`/api/crm/v1/contacts/${String(model.id)}`)).json().remote_id, null, 'reads show it as it is: in Merge, not yet at the third party')

  await setup.advance('5s')
  await setup.receiver.arrived(2)
  const later = (await api.get(`/api/crm/v1/contacts/${String(model.id)}`)).json()
  t.type(later.remote_id, 'string', 'the third party gave its id')
  t.equal(later.first_name, 'Ada')
  const events = setup.receiver.received.map((r) => r.json.hook.event)
  t.same(events, ['CRMContact.added', 'AsyncPost.completed'])
  const done = setup.receiver.received[1]!.json
  t.ok(setup.receiver.received.every((r) => r.verified), 'signed')
  t.match(done, { linked_account: { id: accountId }, data: { status: 'COMPLETED', result: { status_code: 201, response: { model: { id: model.id, remote_id: later.remote_id, first_name: 'Ada' }, errors: [] } } } })
  t.equal(bodyProblems('AsyncPost.completed', done), '', 'the body matches the schema the OpenAPI document declares')
})

t.test('run_async with a failing third party: the record leaves reads, the completion says FAILURE, an issue opens', async (t) => {
  const setup = await webhookSetup(t)
  await setup.addTarget({ events: ['AsyncPost.completed', 'CRMContact.*'] })
  const { api } = await linked(setup, 'crm', 'org-async-fail')
  t.equal((await setup.control('POST', '/write-presets', { outcome: 'fail', model_id: 'crm.Contact', problem_type: 'THIRD_PARTY_ERROR', message: 'The CRM refused the contact' })).statusCode, 201)
  const res = await api.post('/api/crm/v1/contacts?run_async=true', { model: { first_name: 'Grace', last_name: 'Hopper' } })
  t.equal(res.statusCode, 201, `validation passed: the answer does not wait for the third party ${res.body}`)
  const id = String(res.json().model.id)
  await setup.advance('5s')
  await setup.receiver.arrived(3)
  t.same(setup.receiver.received.map((r) => r.json.hook.event), ['CRMContact.added', 'CRMContact.removed', 'AsyncPost.completed'])
  t.match(setup.receiver.received[2]!.json.data, { status: 'FAILURE', result: { status_code: 400, response: { model: null, errors: [{ problem_type: 'THIRD_PARTY_ERROR', detail: 'The CRM refused the contact' }] } } })
  const listed = (await api.get('/api/crm/v1/contacts?page_size=100&include_deleted_data=true')).json().results as Array<{ id: string, remote_was_deleted: boolean }>
  t.match(listed.find((r) => r.id === id), { remote_was_deleted: true }, 'the record never reached the third party: it left reads')
  t.equal((await api.post(`/api/crm/v1/contacts/ignore/${id}`, { reason: 'OTHER' })).statusCode, 404, 'and is no longer live')
  const issues = (await api.get('/api/crm/v1/issues')).json().results as Array<{ error_description: string }>
  t.ok(issues.length > 0, 'the failed write opened an issue')
})

t.test('run_async with a slow third party completes after the delay; async-tasks shows it in progress meanwhile', async (t) => {
  const setup = await webhookSetup(t)
  await setup.addTarget({ events: ['AsyncPost.completed'] })
  const { api } = await linked(setup, 'accounting', 'org-async-slow')
  t.equal((await setup.control('POST', '/write-presets', { outcome: 'slow', delay_ms: 60_000, model_id: 'accounting.Item' })).statusCode, 201)
  const res = await api.post('/api/accounting/v1/items/async', { model: { name: 'Widget', unit_price: 3 } })
  t.equal(res.statusCode, 202)
  const task = `/api/accounting/v1/async-tasks/${String(res.json().task_id)}`
  await setup.advance('10s')
  t.equal((await api.get(task)).json().status, 'IN_PROGRESS', 'the third party has not answered yet')
  t.equal(setup.receiver.received.length, 0)
  await setup.advance('1m')
  await setup.receiver.arrived(1)
  const polled = (await api.get(task)).json()
  t.match(polled, { status: 'COMPLETED', result: { status_code: 201 } })
  t.same(strictProblems(clientType('accounting', 'AsyncPostTask'), polled), [])
  t.same(setup.receiver.received[0]!.json.data, { task_id: res.json().task_id, ...polled }, 'the webhook carries what the poll shows')
})

t.test('a bulk batch ends in AsyncBulkPost.completed with the objects the poll shows', async (t) => {
  const setup = await webhookSetup(t)
  await setup.addTarget({ events: ['AsyncBulkPost.completed'] })
  const { api } = await linked(setup, 'accounting', 'org-bulk')
  await setup.advance('15m')
  const contact = (await api.get('/api/accounting/v1/contacts?page_size=1')).json().results[0].id as string
  const res = await api.post('/api/accounting/v1/invoices/bulk', {
    batch_items: [{ item_id: 'ok', payload: { type: 'ACCOUNTS_RECEIVABLE', contact, number: 'INV-9', line_items: [{ description: 'Hours', unit_price: 100, quantity: 2 }] } }, { item_id: 'bad', payload: { number: 'INV-10' } }]
  })
  t.equal(res.statusCode, 202, res.body)
  await setup.advance('5s')
  await setup.receiver.arrived(1)
  const body = setup.receiver.received[0]!.json
  const polled = (await api.get(`/api/accounting/v1/invoices/bulk/${String(res.json().batch_id)}`)).json()
  t.same(body.data, polled, 'the webhook carries what the poll shows')
  t.equal(polled.status, 'PARTIAL_SUCCESS', JSON.stringify(polled.objects))
  t.equal(bodyProblems('AsyncBulkPost.completed', body), '', 'the body matches its declared schema')
})

t.test('change-stage names a job interview stage of the same account, or nothing changes', async (t) => {
  const setup = await webhookSetup(t)
  const { api } = await linked(setup, 'ats', 'org-stage')
  await setup.advance('15m')
  const application = (await api.get('/api/ats/v1/applications?page_size=1')).json().results[0]
  const stage = (await api.get('/api/ats/v1/job-interview-stages?page_size=1')).json().results[0].id as string
  const url = `/api/ats/v1/applications/${String(application.id)}/change-stage`
  const unknown = await api.post(url, { job_interview_stage: '6f2c1a8e-7b4d-4c1e-9a55-0d3f2b7e4c91', remote_user_id: 'u1' })
  t.equal(unknown.statusCode, 400, unknown.body)
  t.match(unknown.json().errors, [{ title: 'Related Record Not Found', source: { pointer: 'job_interview_stage' } }])
  t.same((await api.get(`/api/ats/v1/applications/${String(application.id)}`)).json().current_stage, application.current_stage, 'nothing changed')
  const moved = await api.post(url, { job_interview_stage: stage, remote_user_id: 'u1' })
  t.equal(moved.statusCode, 201, moved.body)
  t.equal(moved.json().model.current_stage, stage)
})

t.test('async passthrough: AsyncPassthrough.resolved carries the receipt and the answer a poll gives', async (t) => {
  const setup = await webhookSetup(t)
  await setup.addTarget({ events: ['AsyncPassthrough.*'] })
  const { id: accountId, api } = await linked(setup, 'crm', 'org-async-passthrough')
  const receipt = await api.post('/api/crm/v1/async-passthrough', { method: 'GET', path: '/api/v1/contacts?limit=2' })
  t.equal(receipt.statusCode, 200, receipt.body)
  const id = receipt.json().async_passthrough_receipt_id as string
  await setup.advance('2s')
  t.equal(setup.receiver.received.length, 0, 'nothing before the third party answered')
  await setup.advance('10s')
  await setup.receiver.arrived(1)
  const body = setup.receiver.received[0]!.json
  t.match(body, { hook: { event: 'AsyncPassthrough.resolved' }, linked_account: { id: accountId }, data: { async_passthrough_receipt_id: id, method: 'GET', status: 200 } })
  t.equal(bodyProblems('AsyncPassthrough.resolved', body), '', 'the body matches its declared schema')
  const { async_passthrough_receipt_id: _receipt, ...response } = body.data
  t.same((await api.get(`/api/crm/v1/async-passthrough/${id}`)).json(), response, 'the webhook carries what the poll answers')
})
