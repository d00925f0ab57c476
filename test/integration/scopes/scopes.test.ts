import t from 'tap'
import { MergeClient } from '@mergeapi/merge-node-client'
import { fileDatabase } from '../../helpers/app.js'
import { injectFetch } from '../../helpers/inject-fetch.js'
import { strictProblems } from '../../helpers/strict-parse.js'
import { dataAccount, dataApp } from '../data/helpers.js'

/** Common model scopes (issue #15, facts §11): default-scopes, linked-account-scopes GET/POST, and their effects. */

interface ModelScope { model_name: string, model_permissions: { READ: { is_enabled: boolean }, WRITE: { is_enabled: boolean } }, field_permissions: { enabled_fields: string[], disabled_fields: string[] } }
const byName = (body: { common_models: ModelScope[] }, name: string): ModelScope | undefined => body.common_models.find((m) => m.model_name === name)

t.test('default-scopes: every model of the category, everything enabled, with the API key alone or with an account token', async (t) => {
  const { app } = await dataApp(t)
  const keyOnly = await app.inject({ method: 'GET', url: '/api/hris/v1/default-scopes', headers: { authorization: 'Bearer test-key' } })
  t.equal(keyOnly.statusCode, 200)
  const body = keyOnly.json()
  t.same(strictProblems('hris.CommonModelScopeApi', body), [], 'a strict client parses it')
  t.ok(body.common_models.length >= 15, 'every hris model')
  const employee = byName(body, 'Employee')!
  t.same(employee.model_permissions, { READ: { is_enabled: true }, WRITE: { is_enabled: true } })
  t.ok(employee.field_permissions.enabled_fields.includes('first_name'))
  t.notOk(employee.field_permissions.enabled_fields.includes('id'), 'identifying fields are not scopable')
  t.same(employee.field_permissions.disabled_fields, [])
  const account = await dataAccount(app, 'hris', 'test-key', { sync: false })
  const withToken = await account.api.get('/api/hris/v1/default-scopes')
  t.equal(withToken.statusCode, 200, 'an X-Account-Token, which the client always sends, is tolerated')
  t.equal((await app.inject({ method: 'GET', url: '/api/hris/v1/default-scopes' })).statusCode, 401)
})

t.test('linked-account-scopes: a disabled model stops syncing and shows DISABLED, a disabled field reads null; others keep their scopes', async (t) => {
  const { app } = await dataApp(t)
  const account = await dataAccount(app, 'hris')
  const other = await dataAccount(app, 'hris')
  const before = (await account.api.get('/api/hris/v1/employees?page_size=3')).json()
  t.ok(before.results.some((r: { first_name: unknown }) => r.first_name !== null), 'names are there before')

  const res = await account.api.post('/api/hris/v1/linked-account-scopes', {
    common_models: [
      { model_name: 'Employee', field_permissions: { disabled_fields: ['first_name', 'work_email'] } },
      { model_name: 'TimeOff', model_permissions: { READ: { is_enabled: false }, WRITE: { is_enabled: false } } }
    ]
  })
  t.equal(res.statusCode, 200)
  t.same(strictProblems('hris.CommonModelScopeApi', res.json()), [])
  t.same(byName(res.json(), 'Employee')!.field_permissions.disabled_fields, ['first_name', 'work_email'])
  t.same(byName(res.json(), 'TimeOff')!.model_permissions, { READ: { is_enabled: false }, WRITE: { is_enabled: false } })
  t.same(byName(res.json(), 'Team')!.model_permissions, { READ: { is_enabled: true }, WRITE: { is_enabled: true } }, 'models not named keep the defaults')
  t.same((await account.api.get('/api/hris/v1/linked-account-scopes')).json(), res.json(), 'GET answers the same')

  const after = (await account.api.get('/api/hris/v1/employees?page_size=3')).json()
  t.ok(after.results.every((r: Record<string, unknown>) => r.first_name === null && r.work_email === null), 'disabled fields read null')
  t.same(after.results.map((r: { id: string }) => r.id), before.results.map((r: { id: string }) => r.id), 'the same records')
  t.same(strictProblems('hris.PaginatedEmployeeList', after), [])
  const one = (await account.api.get(`/api/hris/v1/employees/${after.results[0].id as string}`)).json()
  t.equal(one.first_name, null, 'on retrieve too')

  const status = (await account.api.get('/api/hris/v1/sync-status')).json().results as Array<{ model_id: string, status: string }>
  t.equal(status.find((s) => s.model_id === 'hris.TimeOff')?.status, 'DISABLED')

  // The other account of the same organization is untouched.
  t.ok((await other.api.get('/api/hris/v1/employees?page_size=3')).json().results.some((r: { first_name: unknown }) => r.first_name !== null))
  t.same(byName((await other.api.get('/api/hris/v1/linked-account-scopes')).json(), 'TimeOff')!.model_permissions.READ, { is_enabled: true })
  t.same(byName((await account.api.get('/api/hris/v1/default-scopes')).json(), 'Employee')!.field_permissions.disabled_fields, [], 'the defaults stay')

  // Enabling a field again brings it back.
  await account.api.post('/api/hris/v1/linked-account-scopes', { common_models: [{ model_name: 'Employee', field_permissions: { enabled_fields: ['first_name'] } }] })
  const back = (await account.api.get('/api/hris/v1/employees?page_size=3')).json()
  t.ok(back.results.some((r: { first_name: unknown }) => r.first_name !== null))
  t.ok(back.results.every((r: { work_email: unknown }) => r.work_email === null))
})

t.test('bad scopes are refused with a 400 naming the problem, and nothing is stored', async (t) => {
  const { app } = await dataApp(t)
  const account = await dataAccount(app, 'hris', 'test-key', { sync: false })
  const cases: Array<[unknown, RegExp]> = [
    [{ common_models: [{ model_name: 'Spaceship' }] }, /"Spaceship" is not a common model of the hris category/],
    [{ common_models: [{ model_name: 'Employee', field_permissions: { disabled_fields: ['shoe_size'] } }] }, /"shoe_size" is not a field of Employee/],
    [{ common_models: [{ model_name: 'Employee', field_permissions: { disabled_fields: ['id'] } }] }, /"id" is not a field of Employee that scopes can disable/],
    [{ common_models: [{ model_name: 'Employee', model_permissions: { DELETE: { is_enabled: false } } }] }, /"DELETE" is not a permission/],
    [{ common_models: [{ model_name: 'Employee', field_permissions: { enabled_fields: ['first_name'], disabled_fields: ['first_name'] } }] }, /both enabled and disabled/],
    [{ common_models: [{ model_name: 'Employee', model_permissions: { WRITE: { is_enabled: false } } }, { model_name: 'Nope' }] }, /"Nope"/],
    [{}, /common_models/]
  ]
  const before = (await account.api.get('/api/hris/v1/linked-account-scopes')).json()
  for (const [body, message] of cases) {
    const res = await account.api.post('/api/hris/v1/linked-account-scopes', body)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    t.match(res.json(), { detail: message })
  }
  t.same((await account.api.get('/api/hris/v1/linked-account-scopes')).json(), before, 'nothing changed, not even the valid first item')
})

t.test('the official client reads and changes scopes', async (t) => {
  const { app } = await dataApp(t)
  const account = await dataAccount(app, 'ats', 'test-key', { sync: false })
  const merge = new MergeClient({ apiKey: 'test-key', accountToken: account.api.accountToken, baseUrl: 'http://unimock.test/api', fetch: injectFetch(app, () => {}), maxRetries: 0 })
  const defaults = await merge.ats.scopes.defaultScopesRetrieve()
  t.ok(defaults.commonModels.some((m) => m.modelName === 'Candidate'))
  const changed = await merge.ats.scopes.linkedAccountScopesCreate({
    commonModels: [{ modelName: 'Candidate', modelPermissions: { WRITE: { isEnabled: false } }, fieldPermissions: { disabledFields: ['title'] } }]
  })
  const candidate = changed.commonModels.find((m) => m.modelName === 'Candidate')
  t.same(candidate?.modelPermissions?.WRITE, { isEnabled: false })
  t.same(candidate?.fieldPermissions?.disabledFields, ['title'])
})

t.test('scopes survive a restart with --db <file>', async (t) => {
  const { open } = fileDatabase(t)
  const first = await open()
  const account = await dataAccount(first, 'crm', 'test-key', { sync: false })
  await account.api.post('/api/crm/v1/linked-account-scopes', { common_models: [{ model_name: 'Contact', model_permissions: { WRITE: { is_enabled: false } }, field_permissions: { disabled_fields: ['last_name'] } }] })
  await first.close()
  const second = await open()
  t.teardown(() => second.close())
  const res = await second.inject({ method: 'GET', url: '/api/crm/v1/linked-account-scopes', headers: { authorization: 'Bearer test-key', 'x-account-token': account.api.accountToken ?? '' } })
  const contact = byName(res.json(), 'Contact')!
  t.same(contact.model_permissions.WRITE, { is_enabled: false })
  t.same(contact.field_permissions.disabled_fields, ['last_name'])
})
