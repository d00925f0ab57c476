import t from 'tap'
import { strictErrors } from '../../helpers/strict.js'
import { dataAccount, dataApp } from '../data/helpers.js'

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

t.test('writes accept remote_fields', { todo: 'needs the write pipeline of issue #13 (helper F), not on this branch' }, async () => {})
