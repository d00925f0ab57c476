import t from 'tap'
import { dataAccount, dataApp } from './helpers.js'

/**
 * Pages whose records the service finishes before sending them (scoped fields blanked, remote_fields added,
 * field mappings filled) are cached only under what they depend on: asked again they are the same bytes, and
 * they change as soon as what finishes them changes, with or without a sync.
 */

type Employee = { first_name: unknown, field_mappings: { linked_account_defined_targets: Record<string, unknown> } }

t.test('a scoped page is cached apart from the plain one and follows the scopes', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=10'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  const url = '/api/hris/v1/employees?page_size=5'
  const plain = (await hris.api.get(url)).body
  t.equal((await hris.api.get(url)).body, plain, 'the plain page, asked again, is the same bytes')

  const scope = (fields: Record<string, string[]>) => hris.api.post('/api/hris/v1/linked-account-scopes', { common_models: [{ model_name: 'Employee', field_permissions: fields }] })
  t.equal((await scope({ disabled_fields: ['first_name'] })).statusCode, 200)
  const scoped = (await hris.api.get(url)).body
  t.ok((JSON.parse(scoped).results as Employee[]).every((e) => e.first_name === null), 'the disabled field reads null')
  t.equal((await hris.api.get(url)).body, scoped, 'the scoped page, asked again, is the same bytes')
  t.same(JSON.parse(scoped), { ...JSON.parse(plain), results: (JSON.parse(plain).results as Employee[]).map((e) => ({ ...e, first_name: null })) }, 'and only that field differs')

  await scope({ disabled_fields: ['work_email'] })
  const more = JSON.parse((await hris.api.get(url)).body).results as Array<Employee & { work_email: unknown }>
  t.ok(more.every((e) => e.first_name === null && e.work_email === null), 'a field disabled later reads null too')

  await scope({ enabled_fields: ['first_name', 'work_email'] })
  t.equal((await hris.api.get(url)).body, plain, 'enabled again, the page is the plain bytes')
})

t.test('a page filled by field mappings follows the mappings without a sync', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['hris.employees=5'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  const map = async (target: string, key: string): Promise<string> => {
    const created = await hris.api.post('/api/hris/v1/field-mappings', {
      target_field_name: target,
      target_field_description: target,
      remote_field_traversal_path: [key],
      remote_method: 'GET',
      remote_url_path: '/api/v1/employees',
      common_model_name: 'Employee'
    })
    t.equal(created.statusCode, 201, created.body)
    return created.json().model.id as string
  }
  await map('sales_region', 'cf_region')
  const score = await map('score', 'cf_internal_score')
  await clock.advanceBy(60_000)
  await hris.syncPass('hris.Employee')
  const url = '/api/hris/v1/employees?page_size=3'
  const targets = async (): Promise<string[][]> => ((await hris.api.get(url)).json().results as Employee[])
    .map((e) => Object.keys(e.field_mappings.linked_account_defined_targets).sort())
  t.same(await targets(), [['sales_region', 'score'], ['sales_region', 'score'], ['sales_region', 'score']], 'both mappings fill every record')
  t.equal((await hris.api.get(url)).body, (await hris.api.get(url)).body, 'asked again, the same bytes')

  t.equal((await hris.api.request('DELETE', `/api/hris/v1/field-mappings/${score}`)).statusCode, 200)
  t.same(await targets(), [['sales_region'], ['sales_region'], ['sales_region']], 'a deleted mapping is gone from the next page, before any sync')
})

t.test('a page with remote_fields follows what writes give a record', async (t) => {
  const { app } = await dataApp(t, { dataScale: 0.001, dataChurn: 0 })
  const crm = await dataAccount(app, 'crm')
  const classes = (await crm.api.get('/api/crm/v1/contacts/remote-field-classes')).json().results as Array<{ id: string, remote_key_name: string }>
  const region = classes.find((c) => c.remote_key_name === 'cf_region')!.id
  const url = '/api/crm/v1/contacts?page_size=3&include_remote_fields=true'
  const regionOf = (record: { remote_fields: Array<{ remote_field_class: { id: string }, value: unknown }> }): unknown =>
    record.remote_fields.find((f) => f.remote_field_class.id === region)?.value
  const before = (await crm.api.get(url)).body
  t.equal((await crm.api.get(url)).body, before, 'asked again, the same bytes')
  const first = JSON.parse(before).results[0]
  const other = ['EMEA', 'AMER', 'APAC'].find((v) => v !== regionOf(first))!

  const patched = await crm.api.request('PATCH', `/api/crm/v1/contacts/${first.id as string}`, { model: { remote_fields: [{ remote_field_class: region, value: other }] } })
  t.equal(patched.statusCode, 200, patched.body)
  t.equal(regionOf(JSON.parse((await crm.api.get(url)).body).results[0]), other, 'the page shows the value written')
})
