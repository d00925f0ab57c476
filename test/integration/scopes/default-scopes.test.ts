import t from 'tap'
import Database from 'better-sqlite3'
import { MergeClient } from '@mergeapi/merge-node-client'
import { fileDatabase } from '../../helpers/app.js'
import { injectFetch } from '../../helpers/inject-fetch.js'
import { strictProblems } from '../../helpers/strict-parse.js'
import { Client } from '../helpers.js'
import { dataAccount, dataApp } from '../data/helpers.js'

/**
 * Editable default scopes (issue #15, facts §11): the organization's defaults, which the real service edits in
 * its dashboard and unimock through POST /_unimock/default-scopes/{category}, and what accounts inherit.
 */

interface ModelScope { model_name: string, model_permissions: { READ: { is_enabled: boolean }, WRITE: { is_enabled: boolean } }, field_permissions: { enabled_fields: string[], disabled_fields: string[] } }
const byName = (body: { common_models: ModelScope[] }, name: string): ModelScope => {
  const found = body.common_models.find((m) => m.model_name === name)
  if (found === undefined) throw new Error(`no ${name} in ${JSON.stringify(body).slice(0, 200)}`)
  return found
}
const syncStatus = async (api: Client, model: string): Promise<string | undefined> =>
  ((await api.get('/api/hris/v1/sync-status?page_size=100')).json().results as Array<{ model_id: string, status: string }>).find((s) => s.model_id === model)?.status

t.test('the control API changes the defaults of one category for one API key; default-scopes shows them to a strict client', async (t) => {
  const { app } = await dataApp(t)
  const control = new Client(app, 'test-key')
  const res = await control.post('/_unimock/default-scopes/hris', {
    common_models: [
      { model_name: 'Employee', model_permissions: { WRITE: { is_enabled: false } }, field_permissions: { disabled_fields: ['date_of_birth', 'ssn'] } },
      { model_name: 'Benefit', model_permissions: { READ: { is_enabled: false } } }
    ]
  })
  t.equal(res.statusCode, 200, res.body)
  t.same(byName(res.json(), 'Employee').model_permissions, { READ: { is_enabled: true }, WRITE: { is_enabled: false } })
  t.ok(['ssn', 'date_of_birth'].every((f) => byName(res.json(), 'Employee').field_permissions.disabled_fields.includes(f)))
  t.notOk(byName(res.json(), 'Employee').field_permissions.enabled_fields.includes('ssn'))

  const shown = (await control.get('/api/hris/v1/default-scopes')).json()
  t.same(shown, res.json(), 'GET default-scopes answers what the control API set')
  t.same(strictProblems('hris.CommonModelScopeApi', shown), [], 'a strict client parses it')
  t.same((await control.get('/_unimock/default-scopes/hris')).json(), shown, 'and so does the control API')
  t.same(byName((await control.get('/api/ats/v1/default-scopes')).json(), 'Candidate').model_permissions.WRITE, { is_enabled: true }, 'another category keeps its own')
  const otherKey = (await new Client(app, 'other-key').get('/api/hris/v1/default-scopes')).json()
  t.same(byName(otherKey, 'Benefit').model_permissions.READ, { is_enabled: true }, 'another API key keeps its own')

  // Changing again keeps what the request does not name.
  const again = (await control.post('/_unimock/default-scopes/hris', { common_models: [{ model_name: 'Employee', field_permissions: { enabled_fields: ['ssn'] } }] })).json()
  t.same(byName(again, 'Employee').field_permissions.disabled_fields, ['date_of_birth'])
  t.same(byName(again, 'Employee').model_permissions.WRITE, { is_enabled: false })
  t.same(byName(again, 'Benefit').model_permissions.READ, { is_enabled: false })

  const audit = (await control.get('/api/hris/v1/audit-trail?event_type=CHANGED_SCOPES')).json().results as Array<{ event_description: string }>
  t.equal(audit.length, 2)
  t.match(audit.map((e) => e.event_description).join('\n'), /organization-wide default scopes of hris\.Employee, hris\.Benefit/)
  t.equal((await app.inject({ method: 'POST', url: '/_unimock/default-scopes/hris', payload: { common_models: [] } })).statusCode, 401, 'the API key is needed')
})

t.test('linked accounts inherit the defaults where they set nothing of their own', async (t) => {
  const { app } = await dataApp(t)
  const inherits = await dataAccount(app, 'hris')
  const ownRead = await dataAccount(app, 'hris')
  await ownRead.api.post('/api/hris/v1/linked-account-scopes', {
    common_models: [{ model_name: 'Benefit', model_permissions: { READ: { is_enabled: true } } }, { model_name: 'Employee', field_permissions: { enabled_fields: ['first_name'] } }]
  })
  t.equal(await syncStatus(inherits.api, 'hris.Benefit'), 'SYNCING', 'the initial sync is under way')

  const set = await inherits.control.post('/_unimock/default-scopes/hris', {
    common_models: [
      { model_name: 'Benefit', model_permissions: { READ: { is_enabled: false } } },
      { model_name: 'Employee', model_permissions: { WRITE: { is_enabled: false } }, field_permissions: { disabled_fields: ['first_name'] } }
    ]
  })
  t.equal(set.statusCode, 200, set.body)

  // READ: the inheriting account stops syncing Benefit at once; the one that said READ itself keeps it.
  t.equal(await syncStatus(inherits.api, 'hris.Benefit'), 'DISABLED')
  t.equal(await syncStatus(ownRead.api, 'hris.Benefit'), 'SYNCING')
  t.same(byName((await inherits.api.get('/api/hris/v1/linked-account-scopes')).json(), 'Benefit').model_permissions.READ, { is_enabled: false })

  // Fields: the default's disabled field reads null, except for the account that enabled it itself.
  const names = async (c: Client) => ((await c.get('/api/hris/v1/employees?page_size=5')).json().results as Array<{ first_name: string | null }>).map((e) => e.first_name)
  t.ok((await names(inherits.api)).every((n) => n === null), 'first_name reads null')
  t.ok((await names(ownRead.api)).some((n) => n !== null), 'an account\'s own enabled field wins over the default')
  const ownView = byName((await ownRead.api.get('/api/hris/v1/linked-account-scopes')).json(), 'Employee')
  t.ok(ownView.field_permissions.enabled_fields.includes('first_name'))
  t.same(ownView.model_permissions.WRITE, { is_enabled: false }, 'WRITE the account never set is the default\'s')

  // WRITE: refused with DISABLED_MODEL_WRITE.
  const write = await inherits.api.post('/api/hris/v1/employees', { model: { first_name: 'Ada', last_name: 'Lovelace' } })
  t.equal(write.statusCode, 400, write.body)
  t.match(write.json(), { model: null, errors: [{ problem_type: 'DISABLED_MODEL_WRITE' }] })

  // The account's own setting wins later too; turning the default back on re-enables the inheriting account.
  await inherits.api.post('/api/hris/v1/linked-account-scopes', { common_models: [{ model_name: 'Employee', model_permissions: { WRITE: { is_enabled: true } } }] })
  const allowed = await inherits.api.post('/api/hris/v1/employees', { model: { first_name: 'Ada', last_name: 'Lovelace', work_email: 'ada@example.com' } })
  t.equal(allowed.statusCode, 201, allowed.body)
  await inherits.control.post('/_unimock/default-scopes/hris', { common_models: [{ model_name: 'Benefit', model_permissions: { READ: { is_enabled: true } } }] })
  t.equal(await syncStatus(inherits.api, 'hris.Benefit'), 'SYNCING', 'READ back on: a sync starts')
})

t.test('accounts linked later start from the defaults; a link token\'s common_models win over them', async (t) => {
  const { app } = await dataApp(t)
  const api = new Client(app, 'test-key')
  await api.post('/_unimock/default-scopes/hris', {
    common_models: [
      { model_name: 'Benefit', model_permissions: { READ: { is_enabled: false } } },
      { model_name: 'Team', model_permissions: { READ: { is_enabled: false } } }
    ]
  })
  // Through the link flow, with common_models naming Team with READ.
  const { accountToken } = await api.link('hris', 'org-later', { common_models: [{ model_id: 'hris.Team', enabled_actions: ['READ', 'WRITE'], disabled_fields: [] }] })
  const linked = api.withAccount(accountToken)
  t.equal(await syncStatus(linked, 'hris.Benefit'), 'DISABLED', 'the default turned Benefit off')
  t.equal(await syncStatus(linked, 'hris.Team'), 'SYNCING', 'the link\'s common_models turned Team on')
  t.equal(await syncStatus(linked, 'hris.Employee'), 'SYNCING')
  // Through the control API, without a link token.
  const direct = await dataAccount(app, 'hris', 'test-key', { sync: false })
  t.equal(await syncStatus(direct.api, 'hris.Benefit'), 'DISABLED')
  t.equal(await syncStatus(direct.api, 'hris.Team'), 'DISABLED')

  // An incomplete account (a link token, not yet linked) follows a change of the defaults before it links.
  const pending = await api.post('/api/hris/v1/link-token', { end_user_email_address: 'p@example.com', end_user_organization_name: 'P', end_user_origin_id: 'org-pending', categories: ['hris'] })
  await api.post('/_unimock/default-scopes/hris', { common_models: [{ model_name: 'Benefit', model_permissions: { READ: { is_enabled: true } } }] })
  const done = await api.post(`/_unimock/link-tokens/${String(pending.json().link_token)}/complete`, {})
  const token = (await api.get(`/api/hris/v1/account-token/${String(done.json().public_token)}`)).json().account_token as string
  t.equal(await syncStatus(api.withAccount(token), 'hris.Benefit'), 'SYNCING')
  t.equal(await syncStatus(api.withAccount(token), 'hris.Team'), 'DISABLED')
  // The complete account linked through the control API inherits the change too: its Benefit starts syncing.
  t.equal(await syncStatus(direct.api, 'hris.Benefit'), 'SYNCING')
  t.equal((await api.post('/_unimock/clock/advance', { by: '1h' })).statusCode, 200)
  t.equal(await syncStatus(direct.api, 'hris.Benefit'), 'DONE', 'and finishes on the clock')
})

t.test('bad default scopes are a 400 naming the problem, and nothing is stored', async (t) => {
  const { app } = await dataApp(t)
  const control = new Client(app, 'test-key')
  const before = (await control.get('/api/crm/v1/default-scopes')).json()
  const cases: Array<[unknown, RegExp]> = [
    [{ common_models: [{ model_name: 'Employee' }] }, /"Employee" is not a common model of the crm category/],
    [{ common_models: [{ model_name: 'Contact', model_permissions: { WRITE: { is_enabled: false } } }, { model_name: 'Contact', field_permissions: { disabled_fields: ['shoe_size'] } }] }, /"shoe_size"/],
    [{ common_models: [{ model_name: 'Contact', model_permissions: { ADMIN: { is_enabled: true } } }] }, /"ADMIN" is not a permission/],
    [{ common_models: 'Contact' }, /common_models/]
  ]
  for (const [body, message] of cases) {
    const res = await control.post('/_unimock/default-scopes/crm', body)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    t.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8', 'the control API\'s error form')
    t.match(res.json(), { detail: message })
  }
  t.same((await control.get('/api/crm/v1/default-scopes')).json(), before)
  const unknown = await control.post('/_unimock/default-scopes/nope', { common_models: [] })
  t.equal(unknown.statusCode, 400)
  t.match(unknown.json(), { detail: /category/ })
})

t.test('the official client reads the changed defaults; they survive a restart with --db <file>', async (t) => {
  const { open } = fileDatabase(t)
  const first = await open()
  await new Client(first, 'test-key').post('/_unimock/default-scopes/ats', { common_models: [{ model_name: 'Candidate', model_permissions: { WRITE: { is_enabled: false } }, field_permissions: { disabled_fields: ['title'] } }] })
  await first.close()
  const second = await open()
  t.teardown(() => second.close())
  const merge = new MergeClient({ apiKey: 'test-key', baseUrl: 'http://unimock.test/api', fetch: injectFetch(second, () => {}), maxRetries: 0 })
  const candidate = (await merge.ats.scopes.defaultScopesRetrieve()).commonModels.find((m) => m.modelName === 'Candidate')
  t.same(candidate?.modelPermissions?.WRITE, { isEnabled: false })
  t.same(candidate?.fieldPermissions?.disabledFields, ['title'])
})

t.test('a database from before default scopes keeps each account\'s scopes as its own', async (t) => {
  const { path: db, open } = fileDatabase(t)
  const first = await open()
  const account = await dataAccount(first, 'hris', 'test-key', { sync: false })
  await account.api.post('/api/hris/v1/linked-account-scopes', { common_models: [{ model_name: 'Team', model_permissions: { READ: { is_enabled: false } } }] })
  await first.close()

  // Back to the tables of migration 30: WRITE and disabled fields in linked_account_scopes, READ in the sync state only.
  const raw = new Database(db)
  raw.exec(`
    DROP TABLE account_scope_overrides; DROP TABLE default_scopes; DELETE FROM schema_migrations WHERE id = 34;
    CREATE TABLE linked_account_scopes (linked_account_id TEXT NOT NULL REFERENCES linked_accounts(id) ON DELETE CASCADE, model_name TEXT NOT NULL,
      write_enabled INTEGER NOT NULL DEFAULT 1, disabled_fields TEXT NOT NULL DEFAULT '[]', PRIMARY KEY (linked_account_id, model_name));
  `)
  raw.prepare('INSERT INTO linked_account_scopes VALUES (?, ?, ?, ?), (?, ?, ?, ?)').run(account.id, 'Employee', 0, '["first_name"]', account.id, 'Team', 1, '[]')
  raw.close()

  const second = await open()
  t.teardown(() => second.close())
  const api = new Client(second, 'test-key').withAccount(account.api.accountToken ?? '')
  const before = (await api.get('/api/hris/v1/linked-account-scopes')).json()
  t.same(byName(before, 'Employee').model_permissions, { READ: { is_enabled: true }, WRITE: { is_enabled: false } })
  t.same(byName(before, 'Employee').field_permissions.disabled_fields, ['first_name'])
  // The defaults now turn Team on and Employee's WRITE on: the account's own settings stay.
  await new Client(second, 'test-key').post('/_unimock/default-scopes/hris', {
    common_models: [{ model_name: 'Team', model_permissions: { READ: { is_enabled: true } } }, { model_name: 'Location', model_permissions: { WRITE: { is_enabled: false } } }]
  })
  const after = (await api.get('/api/hris/v1/linked-account-scopes')).json()
  t.same(byName(after, 'Team').model_permissions.READ, { is_enabled: false }, 'READ the account turned off is its own')
  t.same(byName(after, 'Employee').model_permissions.WRITE, { is_enabled: false })
  t.same(byName(after, 'Location').model_permissions.WRITE, { is_enabled: false }, 'what it never set follows the defaults')
})

t.test('a model the control API switched off is the account\'s own READ: a change of the defaults leaves it off', async (t) => {
  const { app } = await dataApp(t)
  const account = await dataAccount(app, 'hris', 'test-key', { sync: false })
  const off = await account.control.request('PUT', `/_unimock/linked-accounts/${account.id}/models/hris.Team`, { enabled: false })
  t.equal(off.statusCode, 200, off.body)
  await account.control.post('/_unimock/default-scopes/hris', { common_models: [{ model_name: 'Team', model_permissions: { READ: { is_enabled: true } } }, { model_name: 'Benefit', model_permissions: { READ: { is_enabled: false } } }] })
  t.equal(await syncStatus(account.api, 'hris.Team'), 'DISABLED', 'still off')
  t.equal(await syncStatus(account.api, 'hris.Benefit'), 'DISABLED', 'the inherited one follows the defaults')
  t.same(byName((await account.api.get('/api/hris/v1/linked-account-scopes')).json(), 'Team').model_permissions.READ, { is_enabled: false })
})
