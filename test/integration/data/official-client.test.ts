import t, { type Test } from 'tap'
import { MergeClient } from '@mergeapi/merge-node-client'
import type { ConfigInput } from '../../../src/config.js'
import { startUnimock, type RunningUnimock } from '../../../src/server.js'
import { controlPost } from '../../helpers/control-post.js'

/**
 * The official Node client (@mergeapi/merge-node-client 4.0.4) against a running unimock, with only its
 * base URL changed: it lists, follows cursors with `for await`, and sees typed values. The client keeps a
 * wrongly typed value under its raw snake_case key and leaves the camelCase one undefined, so checking
 * that `createdAt` is a Date and `created_at` is absent proves the wire values have the right types.
 */


async function linkedClient (server: RunningUnimock, apiKey: string, category: 'hris' | 'ats' | 'crm' | 'accounting' | 'ticketing' | 'filestorage'): Promise<MergeClient> {
  const merge = new MergeClient({ apiKey, baseUrl: `${server.url}/api` })
  const link = await merge[category].linkToken.create({ endUserEmailAddress: 'it@example.com', endUserOrganizationName: 'Example', endUserOriginId: `example_${category}`, categories: [category] })
  const done = await controlPost(server, apiKey, `/link-tokens/${encodeURIComponent(link.linkToken)}/complete`, {})
  const exchanged = await merge[category].accountToken.retrieve(done.public_token as string)
  // Write the simulated data now rather than waiting for the initial sync.
  await controlPost(server, apiKey, `/linked-accounts/${exchanged.id}/data/sync-pass`, {})
  return new MergeClient({ apiKey, accountToken: exchanged.accountToken, baseUrl: `${server.url}/api` })
}

/** Only renamed (snake_case) keys show a fallback: a one-word key is the same in both spellings. */
function noRawFallbacks (t: Test, record: object, keys: string[], what: string): void {
  const raw = keys.filter((k) => k.includes('_') && k in record)
  t.same(raw, [], `${what}: no value fell back to its raw snake_case key`)
}

t.test('lists and for-await iteration of several models, with Dates and typed values', async (t) => {
  const server = await startUnimock({ ...({ rateLimit: 'off' } as ConfigInput), dataVolume: ['hris.employees=75'] })
  t.teardown(() => server.close())
  const apiKey = 'test_sdk_data'

  const hris = await linkedClient(server, apiKey, 'hris')
  const page = await hris.hris.employees.list({ pageSize: 20 })
  t.equal(page.data.length, 20, 'the first page has 20 employees')
  t.ok(page.hasNextPage(), 'and a next page')
  const seen: string[] = []
  for await (const employee of await hris.hris.employees.list({ pageSize: 20 })) {
    seen.push(employee.id!)
    t.ok(employee.createdAt instanceof Date && employee.modifiedAt instanceof Date, 'createdAt and modifiedAt are Dates')
    t.equal(employee.remoteWasDeleted, false)
    if (employee.dateOfBirth !== undefined) t.ok(employee.dateOfBirth instanceof Date, 'dateOfBirth is a Date')
    noRawFallbacks(t, employee, ['created_at', 'modified_at', 'remote_was_deleted', 'first_name', 'date_of_birth', 'hire_date', 'employment_status', 'work_email'], `employee ${employee.id}`)
  }
  t.equal(seen.length, 75, 'for await walks every page: all 75 employees')
  t.equal(new Set(seen).size, 75, 'each once')

  const filtered = await hris.hris.employees.list({ employmentStatus: 'ACTIVE', expand: ['company', 'manager'], modifiedAfter: new Date('2020-01-01T00:00:00Z'), pageSize: 5 })
  t.ok(filtered.data.every((e) => e.employmentStatus === 'ACTIVE'), 'filters are sent and applied')
  const company = filtered.data[0]!.company
  t.ok(typeof company === 'object' && company !== null && company.createdAt instanceof Date, 'expanded relations are parsed as objects')
  const one = await hris.hris.employees.retrieve(seen[3]!)
  t.equal(one.id, seen[3], 'retrieve by id')

  const ats = await linkedClient(server, apiKey, 'ats')
  let candidates = 0
  for await (const c of await ats.ats.candidates.list({ pageSize: 50 })) {
    candidates++
    t.ok(c.createdAt instanceof Date, 'candidate createdAt is a Date')
    t.ok(Array.isArray(c.emailAddresses) && c.emailAddresses.every((e) => typeof e.value === 'string'), 'email addresses are objects with values')
    noRawFallbacks(t, c, ['created_at', 'email_addresses', 'last_interaction_at', 'first_name'], 'candidate')
    if (candidates > 120) break
  }
  t.ok(candidates > 50, `several pages of candidates (${candidates})`)

  const crm = await linkedClient(server, apiKey, 'crm')
  const contacts = await crm.crm.contacts.list({ pageSize: 10 })
  t.ok(contacts.data.length > 0 && contacts.data.every((c) => c.modifiedAt instanceof Date), 'crm contacts')
  noRawFallbacks(t, contacts.data[0]!, ['modified_at', 'last_activity_at', 'email_addresses', 'phone_numbers'], 'contact')

  const accounting = await linkedClient(server, apiKey, 'accounting')
  const invoices = await accounting.accounting.invoices.list({ pageSize: 10, expand: ['line_items'] })
  const invoice = invoices.data[0]!
  t.ok(invoice.issueDate instanceof Date || invoice.issueDate === undefined, 'invoice issueDate is a Date')
  t.type(invoice.totalAmount, 'number', 'amounts are numbers where the client expects numbers')
  t.ok(invoice.exchangeRate === undefined || typeof invoice.exchangeRate === 'string', 'exchange_rate is a decimal string')
  noRawFallbacks(t, invoice, ['issue_date', 'due_date', 'total_amount', 'exchange_rate', 'line_items', 'remote_updated_at'], 'invoice')

  const ticketing = await linkedClient(server, apiKey, 'ticketing')
  const tickets = await ticketing.ticketing.tickets.list({ pageSize: 10 })
  t.ok(tickets.data.every((x) => x.createdAt instanceof Date), 'tickets')
  noRawFallbacks(t, tickets.data[0]!, ['created_at', 'due_date', 'completed_at', 'ticket_url', 'remote_created_at'], 'ticket')

  const files = await linkedClient(server, apiKey, 'filestorage')
  const list = await files.filestorage.files.list({ pageSize: 10 })
  t.ok(list.data.every((f) => f.modifiedAt instanceof Date && typeof f.size === 'number'), 'files, with sizes as numbers')
})
