import t from 'tap'
import { dataAccount, dataApp } from '../data/helpers.js'

/** Issue 36, defect 1: what the JMESPath evaluator cannot run is refused at creation, and never fails a page. */

const good = { target_field_name: 'r', target_field_description: 'd', remote_field_traversal_path: ['cf_region'], remote_method: 'GET', remote_url_path: '/api/v1/employees', common_model_name: 'Employee' }

t.test('expressions that parse but cannot be evaluated are a 400 naming the bound, on create and on PATCH', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=2'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  const cases: Array<[string, string, RegExp]> = [
    ['an unknown function', 'nope(@)', /nope\(\) is not a JMESPath function/],
    ['10,000 dotted segments', 'a' + '.a'.repeat(9999), /past the bound of 1000/],
    ['5,000 pipes', 'a' + '|a'.repeat(4999), /past the bound of 1000/],
    ['5,000 ||', 'a' + '||a'.repeat(4999), /past the bound of 1000/],
    ['5,000 []', 'a' + '[]'.repeat(4999), /past the bound of 1000/],
    ['a 10,000-deep literal', '`' + '['.repeat(10000) + ']'.repeat(10000) + '`', /past the bound of 1000/],
    ['200 dotted segments (short, deep)', 'a' + '.a'.repeat(199), /deeper than the bound of 64/],
    ['a 300-deep literal', '`' + '['.repeat(300) + ']'.repeat(300) + '`', /deeper than the bound of 64/]
  ]
  for (const [name, jmes, reason] of cases) {
    const res = await hris.api.post('/api/hris/v1/field-mappings', { ...good, jmes_path: jmes })
    t.equal(res.statusCode, 400, `${name}: 400`)
    t.match(res.json().detail, reason, `${name}: the reason is named`)
  }
  t.same((await hris.api.get('/api/hris/v1/field-mappings')).json(), {}, 'nothing stored')

  const created = await hris.api.post('/api/hris/v1/field-mappings', { ...good, jmes_path: 'to_string(@)' })
  t.equal(created.statusCode, 201, created.body)
  const id = created.json().model.id as string
  const patched = await hris.api.request('PATCH', `/api/hris/v1/field-mappings/${id}`, { jmes_path: 'nope(@)' })
  t.equal(patched.statusCode, 400, 'PATCH checks the same')
  t.match(patched.json().detail, /nope\(\) is not a JMESPath function/)
  t.equal((await hris.api.get('/api/hris/v1/field-mappings')).json().Employee[0].jmes_path, 'to_string(@)', 'the stored mapping is unchanged')
})

t.test('an evaluation error at read time maps the field to null and the page answers', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['hris.employees=3'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  // abs() of the region's string: accepted (a known function, shallow), but it throws on every record's value.
  const created = await hris.api.post('/api/hris/v1/field-mappings', { ...good, jmes_path: 'abs(@)' })
  t.equal(created.statusCode, 201, created.body)
  await clock.advanceBy(25 * 3600_000)
  await hris.syncPass('hris.Employee')
  const page = await hris.api.get('/api/hris/v1/employees?page_size=2')
  t.equal(page.statusCode, 200, page.body)
  for (const e of page.json().results as Array<{ field_mappings: { linked_account_defined_targets: Record<string, unknown> } }>) {
    t.same(e.field_mappings.linked_account_defined_targets, { r: null }, 'the field is null for that record')
  }
})
