import t from 'tap'
import { strictProblems } from '../../helpers/strict-parse.js'
import { dataAccount, dataApp } from './helpers.js'

/**
 * CRM custom objects under their classes (issue #15): generated from each class's fields, written through the
 * API, joined by association types and associations; every answer parsed strictly by the official client.
 */

t.test('custom objects: one value per field of the class, the same on every read, created with validation', async (t) => {
  const { app, clock } = await dataApp(t, { dataChurn: 0 })
  const crm = await dataAccount(app, 'crm')
  const classes = (await crm.api.get('/api/crm/v1/custom-object-classes?expand=fields')).json().results as Array<{ id: string, fields: Array<{ remote_key_name: string, field_type: string, is_required: boolean }> }>
  t.ok(classes.length >= 2, 'the account has classes')
  const c = classes[0]!
  const base = `/api/crm/v1/custom-object-classes/${c.id}`
  const list = (await crm.api.get(`${base}/custom-objects`)).json()
  t.same(strictProblems('crm.PaginatedCustomObjectList', list), [], 'a strict client parses the list')
  t.ok(list.results.length >= 2, `${list.results.length as number} objects`)
  for (const o of list.results) t.same(Object.keys(o.fields).sort(), c.fields.map((f) => f.remote_key_name).sort(), 'a value for each field of the class')
  t.same((await crm.api.get(`${base}/custom-objects`)).json(), list, 'the same objects on every read')
  const first = list.results[0]
  t.same((await crm.api.get(`${base}/custom-objects/${first.id as string}`)).json(), first, 'retrieve shows the listed object')
  const withRemote = (await crm.api.get(`${base}/custom-objects/${first.id as string}?include_remote_fields=true`)).json()
  t.same(strictProblems('crm.CustomObject', withRemote), [], 'with remote fields, too')
  t.same(withRemote.remote_fields.map((f: { value: unknown }) => f.value), Object.values(first.fields))

  const meta = (await crm.api.get(`${base}/custom-objects/meta/post`)).json()
  t.same(strictProblems('crm.MetaResponse', meta), [], 'meta parses strictly')
  const props = meta.request_schema.properties.model.properties.fields
  t.same(Object.keys(props.properties).sort(), c.fields.map((f) => f.remote_key_name).sort(), 'meta lists the class\'s fields')

  const field = c.fields[0]!
  const good = field.field_type === 'number' ? 7 : field.field_type === 'bool' ? true : field.field_type === 'list' ? [] : field.field_type.startsWith('date') ? '2026-03-04' : 'Seven'
  const before = (await app.inject({ method: 'GET', url: '/_unimock/clock' })).json().now as string
  await clock.advanceBy(1000)
  const made = await crm.api.post(`${base}/custom-objects`, { model: { fields: { [field.remote_key_name]: good, shoe_size: 42 } } })
  t.equal(made.statusCode, 201, made.body)
  t.same(strictProblems('crm.CrmCustomObjectResponse', made.json()), [], 'the answer parses strictly')
  t.same(made.json().model.fields, { [field.remote_key_name]: good }, 'the known field is kept')
  t.match(made.json().warnings, [{ problem_type: 'UNRECOGNIZED_FIELD', source: { pointer: 'model/fields/shoe_size' } }], 'an unknown key is a warning')
  t.same((await crm.api.get(`${base}/custom-objects/${made.json().model.id as string}`)).json(), made.json().model, 'retrieve shows it')
  const window = (await crm.api.get(`${base}/custom-objects?created_after=${before}`)).json().results
  t.same(window.map((o: { id: string }) => o.id), [made.json().model.id], 'only it is in the window from before the write')

  const wrong = await crm.api.post(`${base}/custom-objects`, { model: { fields: { [field.remote_key_name]: { nested: true } } } })
  t.equal(wrong.statusCode, 400, 'a value of the wrong type is refused')
  t.match(wrong.json(), { model: null, errors: [{ problem_type: 'INCORRECT_FIELD_TYPE' }] })
  t.equal((await crm.api.post(`${base}/custom-objects`, { model: {} })).statusCode, 400, 'fields are required')
  t.equal((await crm.api.get(`${base}/custom-objects`)).json().results.length, list.results.length + 1, 'nothing stored by the refused writes')
  t.equal((await crm.api.get(`${base}/custom-objects?modified_after=yesterday`)).statusCode, 400, 'a malformed date filter is a 400')
  t.equal((await crm.api.get('/api/crm/v1/custom-object-classes/5f1c9a8e-0000-4000-8000-000000000000/custom-objects')).statusCode, 404, 'an unknown class is a 404')
  t.equal((await crm.api.get(`${base}/custom-objects/5f1c9a8e-0000-4000-8000-000000000000`)).statusCode, 404, 'an unknown object is a 404')
  const other = await dataAccount(app, 'crm')
  t.equal((await other.api.get(`${base}/custom-objects/${made.json().model.id as string}`)).statusCode, 404, 'another account does not see it')
})

t.test('association types and associations join objects of the account\'s classes', async (t) => {
  const { app, clock } = await dataApp(t, { dataChurn: 0 })
  const crm = await dataAccount(app, 'crm')
  const classes = (await crm.api.get('/api/crm/v1/custom-object-classes')).json().results as Array<{ id: string }>
  const [a, b] = classes
  const types = (await crm.api.get(`/api/crm/v1/custom-object-classes/${a!.id}/association-types`)).json()
  t.same(strictProblems('crm.PaginatedAssociationTypeList', types), [], 'a strict client parses the types')
  const type = types.results[0]
  t.match(type, { source_object_class: { id: a!.id, origin_type: 'CUSTOM_OBJECT' }, target_object_classes: [{ origin_type: 'CUSTOM_OBJECT' }] })
  t.same(strictProblems('crm.MetaResponse', (await crm.api.get(`/api/crm/v1/custom-object-classes/${a!.id}/association-types/meta/post`)).json()), [])

  const made = await crm.api.post(`/api/crm/v1/custom-object-classes/${a!.id}/association-types`, {
    model: { source_object_class: { id: a!.id, origin_type: 'CUSTOM_OBJECT' }, target_object_classes: [{ id: b!.id, origin_type: 'CUSTOM_OBJECT' }], remote_key_name: 'a_b', cardinality: 'ONE_TO_MANY' }
  })
  t.equal(made.statusCode, 201, made.body)
  t.same(strictProblems('crm.CrmAssociationTypeResponse', made.json()), [], 'the answer parses strictly')
  const created = made.json().model
  t.same((await crm.api.get(`/api/crm/v1/custom-object-classes/${a!.id}/association-types/${created.id as string}`)).json(), created, 'retrieve shows it')
  const bad = await crm.api.post(`/api/crm/v1/custom-object-classes/${a!.id}/association-types`, {
    model: { source_object_class: { id: a!.id, origin_type: 'CUSTOM_OBJECT' }, target_object_classes: [{ id: '5f1c9a8e-0000-4000-8000-000000000000', origin_type: 'CUSTOM_OBJECT' }], remote_key_name: 'x', cardinality: 'SOME' }
  })
  t.equal(bad.statusCode, 400)
  t.match(bad.json().errors, [{ title: 'Related Record Not Found' }, { source: { pointer: 'model/cardinality' } }], 'an unknown class and an unknown cardinality are errors')
  t.equal((await crm.api.get(`/api/crm/v1/custom-object-classes/${a!.id}/association-types`)).json().results.length, 2, 'nothing stored by the refused write')

  const source = (await crm.api.get(`/api/crm/v1/custom-object-classes/${a!.id}/custom-objects`)).json().results[0]
  const target = (await crm.api.get(`/api/crm/v1/custom-object-classes/${b!.id}/custom-objects`)).json().results[1]
  const url = `/api/crm/v1/custom-object-classes/${a!.id}/custom-objects/${source.id as string}/associations`
  const generated = (await crm.api.get(url)).json()
  t.same(strictProblems('crm.PaginatedAssociationList', generated), [], 'a strict client parses the associations')
  t.equal(generated.results.length, 1, 'each object starts with one association along its class\'s type')

  await clock.advanceBy(1000)
  const put = await crm.api.request('PUT', `${url}/${b!.id}/${target.id as string}/${created.id as string}`)
  t.equal(put.statusCode, 200, put.body)
  t.same(strictProblems('crm.Association', put.json()), [], 'the answer parses strictly')
  t.match(put.json(), { source_object: source.id, target_object: target.id, association_type: created.id })
  await clock.advanceBy(1000)
  const again = (await crm.api.request('PUT', `${url}/${b!.id}/${target.id as string}/${created.id as string}`)).json()
  t.equal(again.created_at, put.json().created_at, 'a repeat keeps the association')
  t.ok(again.modified_at > put.json().modified_at, 'and moves modified_at')
  const listed = (await crm.api.get(`${url}?association_type_id=${created.id as string}&expand=association_type`)).json()
  t.same(strictProblems('crm.PaginatedAssociationList', listed), [], 'expanded, it parses too')
  t.equal(listed.results.length, 1)
  t.equal(listed.results[0].association_type.id, created.id, 'expand gives the association type')
  const mismatch = await crm.api.request('PUT', `${url}/${a!.id}/${source.id as string}/${created.id as string}`)
  t.equal(mismatch.statusCode, 400, 'a target class the type does not join is refused')
  t.equal((await crm.api.request('PUT', `${url}/${b!.id}/5f1c9a8e-0000-4000-8000-000000000000/${created.id as string}`)).statusCode, 404, 'an unknown target object is a 404')
})
