import t from 'tap'
import { strictProblems } from '../../helpers/strict-parse.js'
import { dataAccount, dataApp } from './helpers.js'

/** GET ticketing tickets/live-search (issue #15, facts §16): the account's tickets searched now, a remote page at a time. */
t.test('live search filters the tickets by name, status and url, and pages with remote_cursor', async (t) => {
  const { app } = await dataApp(t)
  const account = await dataAccount(app, 'ticketing')
  const all = await account.walk('/api/ticketing/v1/tickets', {}, 100)
  t.ok(all.length > 0)
  const sample = all.find((r) => typeof r.name === 'string' && r.status !== null)!
  const word = (sample.name as string).split(' ')[0]!.toLowerCase()

  const found = await account.api.get(`/api/ticketing/v1/tickets/live-search?name=${encodeURIComponent(word.toUpperCase())}&status=${sample.status as string}`)
  t.equal(found.statusCode, 200)
  const body = found.json()
  t.ok(body.results.some((r: { id: string }) => r.id === sample.id), 'the ticket is found by a word of its name, any case, and its status')
  t.ok(body.results.every((r: { name: string, status: string }) => r.name.toLowerCase().includes(word) && r.status === sample.status), 'only matches')
  t.ok(body.results.every((r: unknown) => strictProblems('ticketing.Ticket', r).length === 0), 'each result parses as a Ticket')
  t.equal(body.previous, null)

  const byUrl = (await account.api.get(`/api/ticketing/v1/tickets/live-search?ticket_url=${encodeURIComponent(String(sample.ticket_url))}`)).json()
  t.ok(byUrl.results.every((r: { ticket_url: unknown }) => r.ticket_url === sample.ticket_url))

  const none = (await account.api.get('/api/ticketing/v1/tickets/live-search?name=zzzz-no-such-ticket')).json()
  t.same(none.results, [])
  if (none.next !== null) {
    const second = await account.api.get(`/api/ticketing/v1/tickets/live-search?name=zzzz-no-such-ticket&remote_cursor=${encodeURIComponent(none.next as string)}`)
    t.equal(second.statusCode, 200, 'the remote cursor leads to the next remote page')
  }
  t.equal((await account.control.get('/api/ticketing/v1/tickets/live-search')).statusCode, 401, 'it needs the account token')
})

t.test('expense-reports/{id}/lines pages through the report\'s lines', async (t) => {
  const { app } = await dataApp(t)
  const account = await dataAccount(app, 'accounting')
  const report = (await account.api.get('/api/accounting/v1/expense-reports?page_size=5&expand=lines')).json().results
    .find((r: { lines: unknown[] }) => r.lines.length >= 2)
  t.ok(report !== undefined, 'a report with several lines')
  const first = (await account.api.get(`/api/accounting/v1/expense-reports/${report.id as string}/lines?page_size=1`)).json()
  t.same(strictProblems('accounting.PaginatedExpenseReportLineList', first), [], 'a strict client parses it')
  t.same(first.results, [report.lines[0]])
  const second = (await account.api.get(`/api/accounting/v1/expense-reports/${report.id as string}/lines?page_size=1&cursor=${encodeURIComponent(first.next as string)}`)).json()
  t.same(second.results, [report.lines[1]])
  t.equal((await account.api.get(`/api/accounting/v1/expense-reports/${report.id as string}/lines?include_remote_data=true&include_shell_data=true`)).statusCode, 200, 'the client\'s flags are accepted')
  const missing = await account.api.get('/api/accounting/v1/expense-reports/5f1c9a8e-0000-4000-8000-000000000000/lines')
  t.equal(missing.statusCode, 404)
})
