import t from 'tap'
import { strictErrors } from '../../helpers/strict.js'
import { dataAccount, dataApp } from '../data/helpers.js'

/** Field mappings: from creation to the mapped values in every record after the next sync. */

t.test('a mapping takes effect at the next sync, with its JMESPath evaluated', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['hris.employees=5'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  const changes: unknown[] = []
  app.unified.events.on('field-mapping:changed', (e) => { changes.push(e) })

  const remote = (await hris.api.get('/api/hris/v1/remote-fields?common_models=Employee')).json()
  t.same(strictErrors('hris', 'RemoteFieldApiResponse', remote), [], 'remote-fields parses strictly')
  const region = remote.Employee.find((f: { remote_key_name: string }) => f.remote_key_name === 'cf_region')
  t.ok(region, 'the raw records\' custom fields can be mapped')

  const created = await hris.api.post('/api/hris/v1/field-mappings', {
    target_field_name: 'sales_region',
    target_field_description: 'Where the employee sells',
    remote_field_traversal_path: region.remote_endpoint_info.field_traversal_path,
    remote_method: 'GET',
    remote_url_path: region.remote_endpoint_info.url_path,
    common_model_name: 'Employee',
    jmes_path: "join('-', [@, 'x'])"
  })
  t.equal(created.statusCode, 201, created.body)
  t.same(strictErrors('hris', 'FieldMappingInstanceResponse', created.json()), [], 'the answer parses strictly')
  const id = created.json().model.id as string
  t.match(changes, [{ accountId: hris.id, mappingId: id, change: 'created' }], 'field-mapping:changed is emitted')

  const before = (await hris.api.get('/api/hris/v1/employees')).json().results
  t.ok(before.every((e: { field_mappings: unknown }) => e.field_mappings === null || JSON.stringify(e.field_mappings).indexOf('sales_region') < 0), 'nothing mapped before the next sync')

  await clock.advanceBy(60_000)
  await hris.syncPass('hris.Employee')
  const after = (await hris.api.get('/api/hris/v1/employees?include_remote_data=true')).json().results
  for (const e of after as Array<{ remote_id: string, field_mappings: { linked_account_defined_targets: Record<string, unknown> } }>) {
    const raw = (await hris.api.post('/api/hris/v1/passthrough', { method: 'GET', path: `/api/v1/employees/${e.remote_id}` })).json().response
    t.equal(e.field_mappings.linked_account_defined_targets.sales_region, `${raw.cf_region as string}-x`, `employee ${e.remote_id}: the raw value through the JMESPath`)
  }

  const listed = (await hris.api.get('/api/hris/v1/field-mappings')).json()
  t.same(strictErrors('hris', 'FieldMappingApiInstanceResponse', listed), [], 'the list parses strictly')
  t.equal(listed.Employee[0].id, id)
  const targets = (await hris.api.get('/api/hris/v1/target-fields')).json()
  t.same(strictErrors('hris', 'ExternalTargetFieldApiResponse', targets), [], 'target-fields parses strictly')
  t.equal(targets.Employee[0].name, 'sales_region')

  const patched = await hris.api.request('PATCH', `/api/hris/v1/field-mappings/${id}`, { jmes_path: '@' })
  t.equal(patched.statusCode, 200, patched.body)
  await clock.advanceBy(60_000)
  await hris.syncPass('hris.Employee')
  const first = (await hris.api.get('/api/hris/v1/employees?page_size=1')).json().results[0]
  t.ok(['EMEA', 'AMER', 'APAC'].includes(first.field_mappings.linked_account_defined_targets.sales_region), 'the changed expression applies after the next sync')

  const deleted = await hris.api.request('DELETE', `/api/hris/v1/field-mappings/${id}`)
  t.equal(deleted.statusCode, 200)
  t.same(strictErrors('hris', 'FieldMappingInstanceResponse', deleted.json()), [])
  t.same((changes as Array<{ change: string }>).map((c) => c.change), ['created', 'updated', 'deleted'])
  t.same((await hris.api.get('/api/hris/v1/employees?page_size=1')).json().results[0].field_mappings, { organization_defined_targets: {}, linked_account_defined_targets: {} }, 'no mapping, no mapped values')
})

t.test('bad mappings are clear 4xx and store nothing', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=2'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  const good = { target_field_name: 'x', target_field_description: '', remote_field_traversal_path: ['cf_region'], remote_method: 'GET', remote_url_path: '/api/v1/employees', common_model_name: 'Employee' }
  const bad = await hris.api.post('/api/hris/v1/field-mappings', { ...good, jmes_path: 'a.[' })
  t.equal(bad.statusCode, 400)
  t.match(bad.json().detail, /not a JMESPath expression/)
  t.equal((await hris.api.post('/api/hris/v1/field-mappings', { ...good, common_model_name: 'Nope' })).statusCode, 400)
  t.equal((await hris.api.post('/api/hris/v1/field-mappings', { ...good, remote_field_traversal_path: [] })).statusCode, 400)
  t.equal((await hris.api.request('PATCH', '/api/hris/v1/field-mappings/00000000-0000-4000-8000-000000000000', { jmes_path: '@' })).statusCode, 404)
  t.equal((await hris.api.request('DELETE', '/api/hris/v1/field-mappings/00000000-0000-4000-8000-000000000000')).statusCode, 404)
  t.same((await hris.api.get('/api/hris/v1/field-mappings')).json(), {}, 'nothing stored')
})

t.test('a common field\'s own vendor key can be mapped, onto an organization-wide target', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['hris.employees=3'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  const remote = (await hris.api.get('/api/hris/v1/remote-fields?common_models=Employee')).json()
  t.same(strictErrors('hris', 'RemoteFieldApiResponse', remote), [], 'remote-fields parses strictly')
  const first = remote.Employee.find((f: { remote_key_name: string }) => f.remote_key_name === 'firstName')
  t.match(first, { schema: { type: 'string' }, remote_endpoint_info: { url_path: '/api/v1/employees', field_traversal_path: ['firstName'] } }, 'the payload keys of common fields are remote fields too')

  const base = { remote_method: 'GET', remote_url_path: '/api/v1/employees', common_model_name: 'Employee' }
  const missing = await hris.api.post('/api/hris/v1/field-mappings', { ...base, organization_wide_target_field: 'preferred_name', remote_field_traversal_path: ['firstName'] })
  t.equal(missing.statusCode, 400, 'an organization-wide target that does not exist is refused')
  t.match(missing.json().detail, /POST \.\.\.\/target-fields creates one/)
  t.equal((await hris.api.post('/api/hris/v1/field-mappings', { ...base, remote_field_traversal_path: ['firstName'] })).statusCode, 400, 'no target at all is refused')

  const target = await hris.api.post('/api/hris/v1/target-fields', { name: 'preferred_name', common_model: 'Employee', description: 'What the employee is called' })
  t.equal(target.statusCode, 200, target.body)
  const created = await hris.api.post('/api/hris/v1/field-mappings', { ...base, organization_wide_target_field: 'preferred_name', remote_field_traversal_path: ['firstName'], jmes_path: 'upper(@)' })
  t.equal(created.statusCode, 201, created.body)
  t.same(strictErrors('hris', 'FieldMappingInstanceResponse', created.json()), [], 'the answer parses strictly')
  t.match(created.json().model.target_field, { name: 'preferred_name', description: 'What the employee is called', is_organization_wide: true })
  const again = await hris.api.post('/api/hris/v1/field-mappings', { ...base, organization_wide_target_field: 'preferred_name', remote_field_traversal_path: ['lastName'] })
  t.equal(again.statusCode, 400, 'a target the account already maps is refused')
  t.match(again.json().detail, /already mapped/)

  await clock.advanceBy(60_000)
  await hris.syncPass('hris.Employee')
  const employees = (await hris.api.get('/api/hris/v1/employees')).json().results as Array<{ first_name: string | null, field_mappings: unknown }>
  t.equal(employees.length, 3)
  for (const e of employees) {
    t.same(e.field_mappings, { organization_defined_targets: { preferred_name: e.first_name === null ? null : e.first_name.toUpperCase() }, linked_account_defined_targets: {} }, `${String(e.first_name)}: the common field's raw value, in organization_defined_targets`)
  }
  t.equal((await hris.api.get('/api/hris/v1/target-fields')).json().Employee[0].is_mapped, created.json().model.id, 'the target shows the mapping that fills it')
})
