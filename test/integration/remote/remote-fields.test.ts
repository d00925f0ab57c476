import t from 'tap'
import { strictErrors } from '../../helpers/strict.js'
import { dataAccount, dataApp } from '../data/helpers.js'
import { Client } from '../helpers.js'

/** include_remote_fields and remote field classes tell the same story as the raw vendor API. */

const MODELS: Array<[string, string, string]> = [
  ['crm', 'contacts', 'Contact'], ['crm', 'accounts', 'Account'], ['crm', 'opportunities', 'Opportunity'], ['crm', 'leads', 'Lead'],
  ['crm', 'notes', 'Note'], ['crm', 'tasks', 'Task'], ['crm', 'users', 'User'], ['crm', 'engagements', 'Engagement'],
  ['crm', 'engagement-types', 'EngagementType'], ['crm', 'stages', 'Stage'],
  ['accounting', 'contacts', 'Contact'], ['accounting', 'invoices', 'Invoice'], ['accounting', 'payments', 'Payment'],
  ['accounting', 'expenses', 'Expense'], ['accounting', 'journal-entries', 'JournalEntry'], ['accounting', 'purchase-orders', 'PurchaseOrder'],
  ['ticketing', 'tickets', 'Ticket']
]

t.test('every model with remote fields: records, classes and the raw API agree', async (t) => {
  const { app } = await dataApp(t, { dataScale: 0.001, dataChurn: 0 })
  const accounts: Record<string, Awaited<ReturnType<typeof dataAccount>>> = {}
  for (const category of ['crm', 'accounting', 'ticketing']) accounts[category] = await dataAccount(app, category)
  for (const [category, segment, sdkName] of MODELS) {
    const account = accounts[category]!
    const classes = await account.api.get(`/api/${category}/v1/${segment}/remote-field-classes`)
    t.equal(classes.statusCode, 200, `${category}/${segment} classes`)
    t.same(strictErrors(category, 'PaginatedRemoteFieldClassList', classes.json()), [], `${category}/${segment}: classes parse strictly`)
    const byKey = new Map((classes.json().results as Array<{ id: string, remote_key_name: string }>).map((c) => [c.remote_key_name, c]))
    t.ok(byKey.size > 0, `${category}/${segment} has custom fields`)

    const plain = (await account.api.get(`/api/${category}/v1/${segment}?page_size=1`)).json().results[0]
    t.same(plain.remote_fields, [], `${category}/${segment}: remote_fields is empty unless asked for`)
    const list = await account.api.get(`/api/${category}/v1/${segment}?page_size=1&include_remote_fields=true`)
    const record = list.json().results[0]
    // Whole records carry keys client 4.0.4 does not know (issue #15's business); their remote_fields must parse.
    t.same((record.remote_fields as unknown[]).flatMap((f) => strictErrors(category, 'RemoteField', f)), [], `${category}/${segment}: ${sdkName}.remote_fields parse strictly`)
    t.equal(record.remote_fields.length, byKey.size, 'one remote field per class')
    const raw = (await account.api.post(`/api/${category}/v1/passthrough`, { method: 'GET', path: `/api/v1/${segment}/${record.remote_id as string}` })).json().response
    for (const field of record.remote_fields as Array<{ remote_field_class: { id: string, remote_key_name: string }, value: unknown }>) {
      t.equal(field.remote_field_class.id, byKey.get(field.remote_field_class.remote_key_name)?.id, `${field.remote_field_class.remote_key_name}: the class listed`)
      const value = category === 'accounting' ? (field.value as { value: unknown }).value : field.value
      t.equal(value, raw[field.remote_field_class.remote_key_name], `${field.remote_field_class.remote_key_name}: the raw API's value`)
    }
    const one = (await account.api.get(`/api/${category}/v1/${segment}/${record.id as string}?include_remote_fields=true`)).json()
    t.same(one.remote_fields, record.remote_fields, 'retrieve shows the same remote fields')
  }
})

t.test('class filters and pages', async (t) => {
  const { app } = await dataApp(t, { dataScale: 0.001, dataChurn: 0 })
  const tk = await dataAccount(app, 'ticketing')
  const all = (await tk.api.get('/api/ticketing/v1/tickets/remote-field-classes')).json().results as Array<{ id: string }>
  const first = await tk.api.get('/api/ticketing/v1/tickets/remote-field-classes?page_size=3')
  t.equal(first.json().results.length, 3)
  const second = (await tk.api.get(`/api/ticketing/v1/tickets/remote-field-classes?page_size=3&cursor=${first.json().next as string}`)).json()
  t.same([...first.json().results, ...second.results].map((c: { id: string }) => c.id), all.map((c) => c.id), 'the pages hold every class once')
  t.same((await tk.api.get(`/api/ticketing/v1/tickets/remote-field-classes?ids=${all[1]!.id}`)).json().results.map((c: { id: string }) => c.id), [all[1]!.id], 'ids filters')
  t.equal((await tk.api.get('/api/ticketing/v1/tickets/remote-field-classes?is_common_model_field=true')).json().results.length, 0)
  t.equal((await tk.api.get('/api/ticketing/v1/tickets/remote-field-classes?cursor=nonsense!')).statusCode, 400, 'a bad cursor is a 400')
})

t.test('writes keep remote_fields: reads, remote_data, the raw API and field mappings show the values sent', async (t) => {
  const { app, clock } = await dataApp(t, { dataScale: 0.001, dataChurn: 0 })
  const crm = await dataAccount(app, 'crm')
  const classes = new Map(((await crm.api.get('/api/crm/v1/contacts/remote-field-classes')).json().results as Array<{ id: string, remote_key_name: string }>).map((c) => [c.remote_key_name, c.id]))
  const region = classes.get('cf_region')!
  const score = classes.get('cf_internal_score')!
  const created = await crm.api.post('/api/crm/v1/contacts', {
    model: { first_name: 'Ada', last_name: 'Lovelace', remote_fields: [{ remote_field_class: region, value: 'APAC' }, { remote_field_class: score, value: 97 }] }
  })
  t.equal(created.statusCode, 201, created.body)
  const id = created.json().model.id as string
  const fieldValue = (record: { remote_fields: Array<{ remote_field_class: { remote_key_name: string }, value: unknown }> }, key: string): unknown =>
    record.remote_fields.find((f) => f.remote_field_class.remote_key_name === key)?.value
  const read = (await crm.api.get(`/api/crm/v1/contacts/${id}?include_remote_fields=true&include_remote_data=true`)).json()
  t.equal(fieldValue(read, 'cf_region'), 'APAC', 'retrieve shows the value sent')
  t.equal(fieldValue(read, 'cf_internal_score'), 97)
  t.match(read.remote_data[0].data, { cf_region: 'APAC', cf_internal_score: 97 }, 'remote_data holds the same values')
  t.same(strictErrors('crm', 'Contact', read), [], 'the record parses strictly')
  const listed = ((await crm.api.get('/api/crm/v1/contacts?include_remote_fields=true&page_size=100')).json().results as Array<{ id: string }>).find((r) => r.id === id)
  t.equal(fieldValue(listed as never, 'cf_region'), 'APAC', 'lists show it too')
  const raw = (await crm.api.post('/api/crm/v1/passthrough', { method: 'GET', path: `/api/v1/contacts/${String(read.remote_id)}` })).json().response
  t.match(raw, { cf_region: 'APAC', cf_internal_score: 97 }, 'the raw vendor API holds what was written')

  // A partial update keeps the custom values it does not name.
  const patched = await crm.api.request('PATCH', `/api/crm/v1/contacts/${id}`, { model: { remote_fields: [{ remote_field_class: score, value: 12 }] } })
  t.equal(patched.statusCode, 200, patched.body)
  const after = (await crm.api.get(`/api/crm/v1/contacts/${id}?include_remote_fields=true`)).json()
  t.equal(fieldValue(after, 'cf_region'), 'APAC')
  t.equal(fieldValue(after, 'cf_internal_score'), 12)

  // A field mapping of cf_region reads the written value after the next sync.
  const remote = (await crm.api.get('/api/crm/v1/remote-fields?common_models=Contact')).json()
  const field = remote.Contact.find((f: { remote_key_name: string }) => f.remote_key_name === 'cf_region')
  t.equal((await crm.api.post('/api/crm/v1/field-mappings', {
    target_field_name: 'region', target_field_description: 'Sales region', remote_field_traversal_path: field.remote_endpoint_info.field_traversal_path,
    remote_method: 'GET', remote_url_path: field.remote_endpoint_info.url_path, common_model_name: 'Contact'
  })).statusCode, 201)
  await clock.advanceBy(60_000)
  await crm.syncPass('crm.Contact')
  t.equal((await crm.api.get(`/api/crm/v1/contacts/${id}`)).json().field_mappings.linked_account_defined_targets.region, 'APAC', 'the mapping sees the written value')

  const strange = await crm.api.post('/api/crm/v1/contacts', { model: { first_name: 'X', last_name: 'Y', remote_fields: [{ remote_field_class: '6f2c1a8e-7b4d-4c1e-9a55-0d3f2b7e4c91', value: 'a' }] } })
  t.equal(strange.statusCode, 400)
  t.match(strange.json().errors, [{ title: 'Remote Field Class Not Found', source: { pointer: 'model/remote_fields/0/remote_field_class' } }])
  const wrongType = await crm.api.post('/api/crm/v1/contacts', { model: { first_name: 'X', last_name: 'Y', remote_fields: [{ remote_field_class: region, value: 'MARS' }] } })
  t.equal(wrongType.statusCode, 400, 'a choice the field does not have')
  t.match(wrongType.json().errors, [{ problem_type: 'INCORRECT_FIELD_TYPE', source: { pointer: 'model/remote_fields/0/value' } }])
})

t.test('accounting (NetSuite, which takes remote_fields on contacts) takes a value wrapped as {value}, as its reads show it', async (t) => {
  const { app } = await dataApp(t, { dataScale: 0.001, dataChurn: 0 })
  const control = new Client(app, 'test-key')
  const made = await control.post('/_unimock/linked-accounts', { category: 'accounting', end_user_origin_id: 'org-netsuite', integration: 'netsuite' })
  t.equal(made.statusCode, 201, made.body)
  const acc = { api: control.withAccount(made.json().account_token as string) }
  const classes = (await acc.api.get('/api/accounting/v1/contacts/remote-field-classes')).json().results as Array<{ id: string, remote_key_name: string }>
  const flag = classes.find((c) => c.remote_key_name === 'cf_is_strategic')!.id
  const created = await acc.api.post('/api/accounting/v1/contacts', { model: { name: 'Acme', is_customer: true, is_supplier: false, integration_params: { is_person: false }, remote_fields: [{ remote_field_class: flag, value: { value: true } }] } })
  t.equal(created.statusCode, 201, created.body)
  t.same(created.json().warnings, [], 'nothing dropped')
  const read = (await acc.api.get(`/api/accounting/v1/contacts/${String(created.json().model.id)}?include_remote_fields=true`)).json()
  t.same(read.remote_fields.find((f: { remote_field_class: { id: string } }) => f.remote_field_class.id === flag).value, { value: true })
  const qbo = await dataAccount(app, 'accounting')
  const dropped = await qbo.api.post('/api/accounting/v1/contacts', { model: { name: 'Acme', remote_fields: [{ remote_field_class: flag, value: { value: true } }] } })
  t.match(dropped.json().warnings, [{ problem_type: 'UNSUPPORTED_FIELD', source: { pointer: 'model/remote_fields' } }], 'an integration that does not take them drops them with a warning')
})
