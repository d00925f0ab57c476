import t from 'tap'
import { dataAccount, dataApp } from './helpers.js'

/** Query parameters of the list endpoints: each filter, its boundaries, and the 400s of bad values. */

t.test('model-specific filters select exactly the records whose field matches', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=400'] })
  const hris = await dataAccount(app, 'hris')
  const all = await hris.walk('/api/hris/v1/employees', {}, 100)
  t.equal(all.length, 400, '--data-volume sets the initial number of employees')

  const cases: Array<[string, (e: Record<string, any>) => boolean]> = []
  const active = all.filter((e) => e.employment_status === 'ACTIVE')
  t.ok(active.length > 0 && active.length < all.length, 'both active and other employees exist')
  cases.push(['employment_status=ACTIVE', (e) => e.employment_status === 'ACTIVE'])
  const someone = all[17]!
  cases.push([`work_email=${encodeURIComponent(someone.work_email)}`, (e) => e.work_email === someone.work_email])
  cases.push([`first_name=${someone.first_name}`, (e) => e.first_name === someone.first_name])
  cases.push([`company_id=${someone.company}`, (e) => e.company === someone.company])
  cases.push([`manager_id=${all[0]!.id}`, (e) => e.manager === all[0]!.id])
  const group = all.find((e) => e.groups.length > 0)!.groups[0]
  cases.push([`groups=${group}`, (e) => e.groups.includes(group)])
  const start = all[40]!.start_date as string
  cases.push([`started_after=${start}`, (e) => e.start_date !== null && Date.parse(e.start_date) > Date.parse(start)])
  cases.push([`started_before=${start}`, (e) => e.start_date !== null && Date.parse(e.start_date) < Date.parse(start)])
  cases.push([`remote_id=${someone.remote_id}`, (e) => e.remote_id === someone.remote_id])

  for (const [query, keep] of cases) {
    const [param, value] = query.split('=') as [string, string]
    const got = await hris.walk('/api/hris/v1/employees', { [param]: decodeURIComponent(value) }, 50)
    const expected = all.filter(keep).map((e) => e.id)
    t.ok(expected.length > 0, `${query}: some employees match`)
    t.same(got.map((e) => e.id), expected, `${query}: exactly the matching employees, in order`)
  }

  const none = await hris.api.get('/api/hris/v1/employees?remote_id=no-such-id')
  t.same(none.json(), { next: null, previous: null, results: [] }, 'an unknown remote_id matches nothing')
})

t.test('boolean, list and "in" filters of other categories', async (t) => {
  const { app } = await dataApp(t)
  const acc = await dataAccount(app, 'accounting')
  const contacts = await acc.walk('/api/accounting/v1/contacts', {}, 100)
  const customers = await acc.walk('/api/accounting/v1/contacts', { is_customer: 'true' }, 100)
  t.same(customers.map((c) => c.id), contacts.filter((c) => c.is_customer === true).map((c) => c.id), 'is_customer=true')
  const bad = await acc.api.get('/api/accounting/v1/contacts?is_customer=maybe')
  t.equal(bad.statusCode, 400, 'a boolean filter that is not true/false is a 400')
  t.match(bad.json().detail, /is_customer/, 'naming the parameter')

  const tk = await dataAccount(app, 'ticketing')
  const tickets = await tk.walk('/api/ticketing/v1/tickets', {}, 100)
  const wanted = [tickets[3]!.remote_id, tickets[9]!.remote_id]
  const byIds = await tk.walk('/api/ticketing/v1/tickets', { remote_ids: wanted.join(',') })
  t.same(byIds.map((x) => x.remote_id), wanted, 'remote_ids takes a comma-separated list')
  const tagged = tickets.find((x) => x.tags.length > 0)!
  const withTag = await tk.walk('/api/ticketing/v1/tickets', { tags: tagged.tags[0] }, 100)
  t.same(withTag.map((x) => x.id), tickets.filter((x) => x.tags.includes(tagged.tags[0])).map((x) => x.id), 'tags matches any ticket carrying the tag')

  const ats = await dataAccount(app, 'ats')
  const candidates = await ats.walk('/api/ats/v1/candidates', {}, 100)
  const email = candidates[5]!.email_addresses[0].value
  const byEmail = await ats.walk('/api/ats/v1/candidates', { email_addresses: email })
  t.same(byEmail.map((c) => c.id), candidates.filter((c) => c.email_addresses.some((e: { value: string }) => e.value === email)).map((c) => c.id), 'email_addresses matches an embedded address value')
})

t.test('filters the real service has but unimock does not simulate are refused, not ignored', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris', 'k', { sync: false })
  const res = await hris.api.get('/api/hris/v1/employees?job_title=Engineer')
  t.equal(res.statusCode, 400)
  t.match(res.json(), { detail: /job_title.*not simulated/ }, 'the 400 names the filter')
  const sorted = await hris.api.get('/api/hris/v1/employments?order_by=-effective_date')
  t.equal(sorted.statusCode, 400, 'order_by where the real endpoint has it: the order is not simulated')
  t.match(sorted.json(), { detail: /order_by.*not simulated/ })
  const foreign = await hris.api.get('/api/hris/v1/employees?order_by=-remote_created_at')
  t.equal(foreign.statusCode, 200, 'a parameter the real endpoint does not have is ignored, as the real service ignores it')
})

t.test('an enum filter with a value outside the enum is a 400 listing the choices, as the real service answers', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris', 'k', { sync: false })
  const res = await hris.api.get('/api/hris/v1/employees?employment_status=BOGUS')
  t.equal(res.statusCode, 400)
  t.same(res.json(), { detail: 'Invalid employment_status "BOGUS": not one of the available choices (ACTIVE, PENDING, INACTIVE).' })
  t.equal((await hris.api.get('/api/hris/v1/employees?employment_status=active')).statusCode, 400, 'choices are case-sensitive')
  t.equal((await hris.api.get('/api/hris/v1/employees?employment_status=PENDING')).statusCode, 200)
})

t.test('page_size: default 30, capped at 100, and 400 for zero, negative or non-numeric', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=150'] })
  const hris = await dataAccount(app, 'hris')
  t.equal((await hris.api.get('/api/hris/v1/employees')).json().results.length, 30, 'default page size 30')
  t.equal((await hris.api.get('/api/hris/v1/employees?page_size=1000')).json().results.length, 100, 'page_size above 100 is capped at 100')
  t.equal((await hris.api.get('/api/hris/v1/employees?page_size=7')).json().results.length, 7)
  for (const bad of ['0', '-3', 'abc', '2.5']) {
    const res = await hris.api.get(`/api/hris/v1/employees?page_size=${bad}`)
    t.equal(res.statusCode, 400, `page_size=${bad} is a 400`)
    t.match(res.json().detail, /page_size/, 'naming page_size')
  }
})

t.test('timestamps: unparsable values are 400s naming the parameter; several ISO 8601 forms are accepted', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris')
  for (const param of ['modified_after', 'modified_before', 'created_after', 'created_before', 'started_after']) {
    const res = await hris.api.get(`/api/hris/v1/employees?${param}=yesterday`)
    t.equal(res.statusCode, 400, `${param}=yesterday is a 400`)
    t.match(res.json().detail, new RegExp(`Invalid ${param} "yesterday"`), 'the message names the parameter and the value')
  }
  const plus = await hris.api.get('/api/hris/v1/employees?modified_after=2025-01-01T00:00:00+02:00')
  t.equal(plus.statusCode, 400, 'an unencoded + (read as a space) is a 400')
  t.match(plus.json().detail, /%2B/, 'that says to encode it')
  for (const ok of ['2025-01-01', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00.123456Z', '2025-01-01T02:00:00%2B02:00', '2025-01-01T00:00:00.000Z', '2025-01-01 00:00:00']) {
    const res = await hris.api.get(`/api/hris/v1/employees?modified_after=${ok}`)
    t.equal(res.statusCode, 200, `modified_after=${ok} is accepted`)
    t.ok(res.json().results.length > 0, 'and records synced since are returned')
  }
  const invalidDate = await hris.api.get('/api/hris/v1/employees?created_before=2025-02-30T00:00:00Z')
  t.equal(invalidDate.statusCode, 400, 'a date that does not exist is a 400')
  const badZone = await hris.api.get('/api/hris/v1/employees?modified_after=2025-01-01T00:00:00%2B25:00')
  t.equal(badZone.statusCode, 400, 'an offset that does not exist (+25:00) is a 400')
  t.match(badZone.json().detail, /offset \+25:00 does not exist/)
  const org = await hris.api.get('/api/hris/v1/issues?start_date=2025-01-01T00:00:00%2B25:00')
  t.equal(org.statusCode, 400, 'in the organization-level filters too')
})

t.test('modified_after and modified_before are strict, to the microsecond', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['hris.employees=60'] })
  const hris = await dataAccount(app, 'hris', 'k', { sync: false })
  const [first] = await hris.syncPass('hris.Employee', 20)
  await clock.advanceBy(1000)
  const [second] = await hris.syncPass('hris.Employee', 20)
  t.match(first!.modified_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/, 'stamps carry microseconds')
  const at = (q: string): Promise<number> => hris.api.get(`/api/hris/v1/employees?page_size=100&${q}`).then((r) => r.json().results.length)
  t.equal(await at(`modified_after=${first!.modified_at}`), 20, 'modified_after=T excludes records modified exactly at T')
  t.equal(await at(`modified_before=${second!.modified_at}`), 20, 'modified_before=T excludes records modified exactly at T')
  t.equal(await at(`modified_after=${first!.modified_at.replace(/\d{6}Z$/, (m) => String(Number(m.slice(0, 6)) - 1).padStart(6, '0') + 'Z')}`), 40, 'one microsecond earlier includes them')
  t.equal(await at(`created_after=${first!.modified_at}&created_before=${new Date(clock.now() + 1).toISOString()}`), 20, 'created_after/before bound the first-sync time the same way')
})

t.test('include_deleted_data shows records deleted in the third-party system, with remote_was_deleted true', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['hris.employees=500'], dataChurn: 2 })
  const hris = await dataAccount(app, 'hris')
  await clock.advanceBy(86_400_000)
  // Whatever a scheduled sync wrote meanwhile, this pass writes the rest of the day's changes.
  await hris.syncPass('hris.Employee')
  const live = await hris.walk('/api/hris/v1/employees', {}, 100)
  const all = await hris.walk('/api/hris/v1/employees', { include_deleted_data: 'true' }, 100)
  const deleted = all.filter((e) => e.remote_was_deleted)
  t.ok(deleted.length > 0, `the remote system deleted records (${deleted.length}), shown with include_deleted_data`)
  t.equal(live.length, all.length - deleted.length, 'and hidden by default')
  t.notOk(live.some((e) => e.remote_was_deleted), 'no deleted record in the default list')
  const one = await hris.api.get(`/api/hris/v1/employees/${deleted[0]!.id}`)
  t.equal(one.statusCode, 200, 'a deleted record can still be retrieved by id')
  t.equal(one.json().remote_was_deleted, true)
})

t.test('include_remote_data, include_sensitive_fields and expand', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris')
  const plain = (await hris.api.get('/api/hris/v1/employees?page_size=3')).json().results
  t.ok(plain.every((e: any) => e.remote_data === null), 'remote_data is null unless asked for')
  t.ok(plain.every((e: any) => e.ssn === null), 'ssn is withheld unless include_sensitive_fields=true')
  const withRemote = (await hris.api.get('/api/hris/v1/employees?page_size=3&include_remote_data=true&include_sensitive_fields=true')).json().results
  t.match(withRemote[0].remote_data, [{ path: String, data: { id: withRemote[0].remote_id } }], 'remote_data is [{path, data}] with the original payload')
  t.match(withRemote[0].ssn, /^\d{3}-\d{2}-\d{4}$/, 'ssn with include_sensitive_fields=true')

  const expanded = (await hris.api.get('/api/hris/v1/employees?page_size=5&expand=company,manager,groups')).json().results
  const e = expanded[1]
  t.match(e.company, { id: plain[1].company, legal_name: String }, 'company is the Company record itself')
  t.match(e.manager, { id: String, first_name: String }, 'manager is the Employee record')
  t.ok(e.groups.every((g: unknown) => typeof g === 'object'), 'each group is the Group record')
  t.equal(typeof e.team, 'string', 'relations not named in expand stay ids')
  t.same(Object.keys(e.company).includes('remote_data'), true)
  const company = await hris.api.get(`/api/hris/v1/companies/${plain[1].company}`)
  t.same(e.company, company.json(), 'the inlined record is the same as retrieving it')

  const single = await hris.api.get(`/api/hris/v1/employees/${plain[1].id}?expand=company`)
  t.match(single.json().company, { id: plain[1].company }, 'retrieve takes expand too')

  const bad = await hris.api.get('/api/hris/v1/employees?expand=company,boss')
  t.equal(bad.statusCode, 400)
  t.match(bad.json().detail, /expand "boss".*company/, 'an unknown relation name is a 400 listing the valid ones')

  const acc = await dataAccount(app, 'accounting')
  const invoices = (await acc.api.get('/api/accounting/v1/invoices?page_size=3')).json().results
  const inv = invoices.find((i: any) => i.line_items.length > 0)
  const inlined = (await acc.api.get(`/api/accounting/v1/invoices/${inv.id}?expand=line_items`)).json()
  t.same(inlined.line_items.map((l: any) => l.id), inv.line_items, 'expanded line items carry the ids listed without expand')
  t.ok(inlined.line_items.every((l: any) => typeof l.total_amount === 'number'), 'and are the line item objects')
})
