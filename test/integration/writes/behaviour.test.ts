import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { Client, until } from '../helpers.js'
import { dataAccount, dataApp } from '../data/helpers.js'
import { webhookSetup } from '../webhooks/helpers.js'

/** Validation, relations, scopes, ignore, presets, isolation, caches and persistence of writes. */

const contact = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ model: { first_name: 'Ada', last_name: 'Lovelace', ...extra } })

t.test('validation outcomes: warnings keep the write, errors stop it', async (t) => {
  const { app } = await dataApp(t)
  const crm = await dataAccount(app, 'crm')
  const count = async (): Promise<number> => (await crm.walk('/api/crm/v1/contacts', {}, 100)).length
  const before = await count()

  const warned = await crm.api.post('/api/crm/v1/contacts', contact({ nickname: 'Countess', remote_created_at: '2020-01-01T00:00:00Z' }))
  t.equal(warned.statusCode, 201)
  t.match(warned.json().warnings, [{ source: { pointer: 'model/nickname' }, problem_type: 'UNRECOGNIZED_FIELD' }])
  t.notOk('nickname' in warned.json().model, 'an unknown field is dropped')

  const cases: Array<[string, unknown, string, string]> = [
    ['wrong type', contact({ first_name: 42 }), 'model/first_name', 'INCORRECT_FIELD_TYPE'],
    ['missing required (Salesforce needs last_name)', { model: { first_name: 'Ada' } }, 'model/last_name', 'MISSING_REQUIRED_FIELD'],
    ['wrong type at depth', contact({ addresses: [{ street_1: 5 }] }), 'model/addresses/0/street_1', 'INCORRECT_FIELD_TYPE'],
    ['enum outside its choices', contact({ addresses: [{ address_type: 'HOME' }] }), 'model/addresses/0/address_type', 'INVALID_FIELD_CHOICE'],
    ['a string of 1 MB', contact({ first_name: 'x'.repeat(1_000_000) }), 'model/first_name', 'INCORRECT_FIELD_TYPE'],
    ['model not an object', { model: 'Ada' }, 'model', 'INCORRECT_FIELD_TYPE'],
    ['model missing', { first_name: 'Ada' }, 'model', 'MISSING_REQUIRED_FIELD'],
    ['an unknown relation', contact({ account: '6f2c1a8e-7b4d-4c1e-9a55-0d3f2b7e4c91' }), 'model/account', 'ERROR']
  ]
  for (const [what, body, pointer, type] of cases) {
    const res = await app.inject({ method: 'POST', url: '/api/crm/v1/contacts', headers: crm.api.headers(), payload: body as object, ...(what.includes('1 MB') ? { } : {}) })
    t.equal(res.statusCode, 400, `${what}: 400`)
    t.equal(res.json().model, null, `${what}: nothing written`)
    t.ok(res.json().errors.some((e: any) => e.source?.pointer === pointer && e.problem_type === type), `${what}: ${type} at ${pointer}`)
  }
  for (const [what, payload] of [['malformed JSON', '{"model": {'], ['a body that is not an object', '[1,2]']] as const) {
    const res = await app.inject({ method: 'POST', url: '/api/crm/v1/contacts', headers: { ...crm.api.headers(), 'content-type': 'application/json' }, payload })
    t.equal(res.statusCode, 400, `${what}: 400`)
    t.ok(res.body.length > 0 && JSON.parse(res.body), `${what}: a JSON body`)
  }
  t.equal(await count(), before + 1, 'only the warned write was stored')

  const other = await dataAccount(app, 'crm')
  const foreign = (await other.api.get('/api/crm/v1/accounts?page_size=1')).json().results[0].id
  const cross = await crm.api.post('/api/crm/v1/contacts', contact({ account: foreign }))
  t.equal(cross.statusCode, 400, 'an id of another account is not a relation of this one')
  const own = (await crm.api.get('/api/crm/v1/accounts?page_size=1')).json().results[0].id
  const ok = await crm.api.post('/api/crm/v1/contacts', contact({ account: own }))
  t.equal(ok.statusCode, 201)
  t.equal(ok.json().model.account, own)
  const expanded = await crm.api.get(`/api/crm/v1/contacts/${String(ok.json().model.id)}?expand=account`)
  t.equal(expanded.json().account.id, own, 'the relation expands like a synced one')
})

t.test('written records: isolation, list cache, partial update and ignore', async (t) => {
  const { app, clock } = await dataApp(t)
  const a = await dataAccount(app, 'crm', 'key-a')
  const b = await dataAccount(app, 'crm', 'key-b')
  await clock.advanceBy(1000)
  const now = (await app.inject({ method: 'GET', url: '/_unimock/clock' })).json().now as string
  const window = `/api/crm/v1/contacts?page_size=100&modified_after=${now}`
  t.same((await a.api.get(window)).json().results, [], 'nothing modified yet since now')
  t.same((await a.api.get(window)).json().results, [], 'the same page again, from the page cache')
  const created = (await a.api.post('/api/crm/v1/contacts', contact())).json().model
  t.same((await a.api.get(window)).json().results.map((r: any) => r.id), [created.id], 'the page read again after the write shows it: no stale cached page')
  t.ok((await a.walk('/api/crm/v1/contacts', {}, 100)).some((r) => r.id === created.id), 'in the list at once')
  t.equal((await b.api.get(`/api/crm/v1/contacts/${String(created.id)}`)).statusCode, 404, 'another tenant\'s account cannot read it')
  t.equal((await app.inject({ method: 'PATCH', url: `/api/crm/v1/contacts/${String(created.id)}`, headers: b.api.headers(), payload: { model: { last_name: 'X' } } })).statusCode, 404, 'nor change it')

  const patched = await app.inject({ method: 'PATCH', url: `/api/crm/v1/contacts/${String(created.id)}`, headers: a.api.headers(), payload: { model: { last_name: 'King' } } })
  t.equal(patched.statusCode, 200)
  t.equal(patched.json().model.first_name, 'Ada', 'fields not named stay')
  t.equal(patched.json().model.last_name, 'King')
  t.ok(Date.parse(patched.json().model.modified_at) >= Date.parse(created.modified_at) && patched.json().model.modified_at !== created.modified_at, 'modified_at moves')
  const unknown = await app.inject({ method: 'PATCH', url: '/api/crm/v1/contacts/6f2c1a8e-7b4d-4c1e-9a55-0d3f2b7e4c91', headers: a.api.headers(), payload: { model: { last_name: 'X' } } })
  t.equal(unknown.statusCode, 404)

  const ignored = await a.api.post(`/api/crm/v1/contacts/ignore/${String(created.id)}`, { reason: 'GDPR', message: 'asked' })
  t.equal(ignored.statusCode, 200)
  t.equal(ignored.body, '', 'no body')
  t.notOk((await a.walk('/api/crm/v1/contacts', {}, 100)).some((r) => r.id === created.id), 'gone from the list')
  const deleted = (await a.walk('/api/crm/v1/contacts', { include_deleted_data: 'true' }, 100)).find((r) => r.id === created.id)
  t.match(deleted, { remote_was_deleted: true, first_name: null, last_name: null }, 'kept as deleted, its properties null')
  t.equal((await a.api.post(`/api/crm/v1/contacts/ignore/${String(created.id)}`, { reason: 'GDPR' })).statusCode, 404, 'ignoring it again: 404')
  t.equal((await a.api.post('/api/crm/v1/contacts/ignore/6f2c1a8e-7b4d-4c1e-9a55-0d3f2b7e4c91', { reason: 'OTHER' })).statusCode, 404)
  t.equal((await a.api.post(`/api/crm/v1/users/ignore/${String((await a.api.get('/api/crm/v1/users?page_size=1')).json().results[0].id)}`, { reason: 'BAD' })).statusCode, 400, 'a reason outside the enum')
})

t.test('a model switched off by common_models refuses writes with DISABLED_MODEL_WRITE', async (t) => {
  const { app } = await dataApp(t)
  const api = new Client(app, 'test-key')
  const link = await api.post('/api/crm/v1/link-token', {
    end_user_email_address: 'a@example.com', end_user_organization_name: 'Org', end_user_origin_id: 'org-scopes', categories: ['crm'],
    common_models: [{ model_id: 'crm.Contact', enabled_actions: [], disabled_fields: [] }]
  })
  t.equal(link.statusCode, 200, link.body)
  const done = await api.post(`/_unimock/link-tokens/${String(link.json().link_token)}/complete`, {})
  const exchanged = await api.get(`/api/crm/v1/account-token/${String(done.json().public_token)}`)
  const account = api.withAccount(exchanged.json().account_token as string)
  const res = await account.post('/api/crm/v1/contacts', contact())
  t.equal(res.statusCode, 400)
  t.match(res.json(), { model: null, errors: [{ problem_type: 'DISABLED_MODEL_WRITE' }] })
  t.equal((await account.post('/api/crm/v1/accounts', { model: { name: 'Acme' } })).statusCode, 201, 'other models still write')
})

t.test('a model that may be written but not read (it does not sync) refuses writes too', async (t) => {
  const { app } = await dataApp(t)
  const api = new Client(app, 'test-key')
  const link = await api.post('/api/crm/v1/link-token', {
    end_user_email_address: 'a@example.com', end_user_organization_name: 'Org', end_user_origin_id: 'org-write-only', categories: ['crm'],
    common_models: [{ model_id: 'crm.Contact', enabled_actions: ['WRITE'], disabled_fields: [] }]
  })
  t.equal(link.statusCode, 200, link.body)
  const done = await api.post(`/_unimock/link-tokens/${String(link.json().link_token)}/complete`, {})
  const account = api.withAccount((await api.get(`/api/crm/v1/account-token/${String(done.json().public_token)}`)).json().account_token as string)
  const res = await account.post('/api/crm/v1/contacts', contact())
  t.equal(res.statusCode, 400)
  t.match(res.json(), { model: null, errors: [{ problem_type: 'DISABLED_MODEL_WRITE' }] })
  t.equal((await account.post('/api/crm/v1/accounts', { model: { name: 'Acme' } })).statusCode, 201, 'a model that syncs still writes')
})

t.test('write presets: fail at the third party, warn, be slow on the virtual clock', async (t) => {
  const { app, clock } = await dataApp(t)
  const crm = await dataAccount(app, 'crm')
  const failed: unknown[] = []
  app.unified.events.on('write:failed', (e) => { failed.push(e) })
  const preset = await crm.control.post('/_unimock/write-presets', { outcome: 'fail', model_id: 'crm.Contact', problem_type: 'PROVIDER_ERROR', message: 'Salesforce said no' })
  t.equal(preset.statusCode, 201, preset.body)
  const refused = await crm.api.post('/api/crm/v1/contacts', contact())
  t.equal(refused.statusCode, 400)
  t.match(refused.json(), { model: null, errors: [{ problem_type: 'PROVIDER_ERROR', detail: 'Salesforce said no' }] })
  t.match(failed, [{ accountId: crm.id, modelId: 'crm.Contact', problemType: 'PROVIDER_ERROR' }], 'write:failed announced')
  t.equal((await crm.api.post('/api/crm/v1/contacts', contact())).statusCode, 201, 'the preset was for one write')

  await crm.control.post('/_unimock/write-presets', { outcome: 'warn', message: 'duplicate suspected', problem_type: 'DUPLICATE_MODEL_EXISTS' })
  const warned = await crm.api.post('/api/crm/v1/accounts', { model: { name: 'Acme' } })
  t.equal(warned.statusCode, 201)
  t.match(warned.json().warnings, [{ problem_type: 'DUPLICATE_MODEL_EXISTS' }])

  await crm.control.post('/_unimock/write-presets', { outcome: 'slow', delay_ms: 30_000 })
  let answered = false
  const slow = crm.api.post('/api/crm/v1/accounts', { model: { name: 'Slow' } }).then((r) => { answered = true; return r })
  // The write takes its preset, is stored and starts waiting on the clock in one synchronous step.
  await until(async () => (await crm.control.get('/_unimock/write-presets')).json().results.length === 0, 'the slow write took its preset')
  await clock.advanceBy(29_999)
  // A request made now is answered after anything the clock has released already.
  t.equal((await crm.api.get('/api/crm/v1/accounts?page_size=1')).statusCode, 200, 'a read 1 ms before the delay has passed is answered')
  t.notOk(answered, 'the slow write is not')
  await clock.advanceBy(1)
  t.equal((await slow).statusCode, 201, 'answered once the virtual clock passed the delay')
  t.same((await crm.control.get('/_unimock/write-presets')).json().results, [], 'every preset spent')
  t.equal((await crm.control.post('/_unimock/write-presets', { outcome: 'fail', model_id: 'crm.Nope' })).statusCode, 400)
})

t.test('record events reach a real receiver, signed', async (t) => {
  const { app, addTarget, receiver, control, advance } = await webhookSetup(t)
  await addTarget({ events: ['*.added', '*.changed', '*.removed'] })
  const made = await control('POST', '/linked-accounts', { category: 'crm', end_user_origin_id: 'org-hooks' })
  const api = new Client(app, 'test_webhooks', made.json().account_token as string)
  const created = (await api.post('/api/crm/v1/accounts', { model: { name: 'Acme' } })).json().model
  await app.inject({ method: 'PATCH', url: `/api/crm/v1/accounts/${String(created.id)}`, headers: api.headers(), payload: { model: { name: 'Acme Inc' } } })
  await advance('5s')
  await receiver.arrived(2)
  const events = receiver.received.map((r) => r.json.hook.event)
  t.same(events, ['CRMAccount.added', 'CRMAccount.changed'])
  t.ok(receiver.received.every((r) => r.verified), 'signatures verify')
  t.equal(receiver.received[1]!.json.data.name, 'Acme Inc', 'the record as reads show it')
  t.equal(receiver.received[1]!.json.linked_account.id, made.json().id)
})

t.test('written records and write presets survive a restart with a file database', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'unimock-writes-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const db = join(dir, 'unimock.db')
  const first = await dataApp(t, { db })
  const crm = await dataAccount(first.app, 'crm')
  const created = (await crm.api.post('/api/crm/v1/contacts', contact())).json().model
  t.equal((await crm.control.post('/_unimock/write-presets', { outcome: 'fail', model_id: 'crm.Contact', problem_type: 'PROVIDER_ERROR', message: 'kept' })).statusCode, 201)
  await first.app.close()
  const second = await dataApp(t, { db })
  const api = new Client(second.app, crm.api.key, crm.api.accountToken)
  const got = await api.get(`/api/crm/v1/contacts/${String(created.id)}`)
  t.equal(got.statusCode, 200)
  t.same(got.json(), created, 'the same record after the restart')
  // The first write after a restart asks for presets before any preset of this process is added.
  t.match((await api.post('/api/crm/v1/contacts', contact())).json(), { errors: [{ problem_type: 'PROVIDER_ERROR', detail: 'kept' }] }, 'a preset made before the restart applies after it')
  t.equal((await api.post('/api/crm/v1/contacts', contact())).statusCode, 201, 'and is spent')
})
