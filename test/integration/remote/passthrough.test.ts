import t from 'tap'
import { dataAccount, dataApp } from '../data/helpers.js'
import { strictErrors } from '../../helpers/strict.js'
import { until } from '../helpers.js'

/**
 * Passthrough (POST /api/{category}/v1/passthrough) to the simulated third party's own API: it reads the
 * records the common models show, and its writes change the simulated system, so the next sync shows them.
 * Steady churn is off so every change seen comes from the calls here.
 */

t.test('GET reads the same records the common model shows, with the vendor\'s keys', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=12'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  const [employee] = (await hris.walk('/api/hris/v1/employees', { include_remote_data: 'true' }, 1)).slice(0, 1)
  const res = await hris.api.post('/api/hris/v1/passthrough', { method: 'GET', path: '/api/v1/employees?limit=5', headers: { Accept: 'application/json' } })
  t.equal(res.statusCode, 200, res.body)
  const body = res.json()
  t.same(strictErrors('hris', 'RemoteResponse', body), [], 'the answer parses strictly as RemoteResponse')
  t.equal(body.status, 200)
  t.equal(body.method, 'GET')
  t.equal(body.response_type, 'JSON')
  t.same(body.headers, { Accept: 'application/json', Authorization: '<redacted>' }, 'the headers sent upstream, credentials redacted')
  t.equal(body.response.data.length, 5, 'limit is honoured')
  t.ok(typeof body.response.next === 'string', 'and a cursor to the next page')
  t.same(body.response.data[0], employee!.remote_data[0].data, 'the first raw record is the first employee\'s remote_data')
  t.match(body.response.data[0], { cf_region: String, cf_internal_score: Number, cf_renewal_date: /^\d{4}-\d{2}-\d{2}$/, cf_is_strategic: Boolean }, 'and the custom fields the common model lacks')

  const one = (await hris.api.post('/api/hris/v1/passthrough', { method: 'GET', path: `/api/v1/employees/${employee!.remote_id as string}` })).json()
  t.equal(one.status, 200)
  t.equal(one.response.firstName, employee!.first_name, 'a raw record carries the common model\'s values under the vendor\'s keys')

  const next = (await hris.api.post('/api/hris/v1/passthrough', { method: 'GET', path: `/api/v1/employees?limit=100&cursor=${encodeURIComponent(body.response.next as string)}` })).json()
  t.equal(next.response.data.length, 7, 'the cursor pages on')

  const normalized = (await hris.api.post('/api/hris/v1/passthrough', { method: 'GET', path: `/api/v1/employees/${employee!.remote_id as string}`, normalize_response: true })).json()
  t.equal(normalized.response.type, 'object', 'normalize_response wraps the body as {type, value}')
  t.same(normalized.response.value, one.response)
})

t.test('the third party\'s own refusals are its status inside a 200', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['crm.contacts=3'], dataChurn: 0 })
  const crm = await dataAccount(app, 'crm')
  const cases: Array<[string, Record<string, unknown>, number]> = [
    ['an unknown path', { method: 'GET', path: '/api/v1/nothing-here' }, 404],
    ['an unknown record', { method: 'GET', path: '/api/v1/contacts/999999999999' }, 404],
    ['a body that is not a record', { method: 'POST', path: '/api/v1/contacts', data: '[1, 2]' }, 400],
    ['a bad limit', { method: 'GET', path: '/api/v1/contacts?limit=1000' }, 400],
    ['a method the resource lacks', { method: 'PUT', path: '/api/v1/contacts' }, 405],
    ['an XML body to a JSON API', { method: 'POST', path: '/api/v1/contacts', data: '<contact/>', request_format: 'XML' }, 415]
  ]
  for (const [what, request, status] of cases) {
    const res = await crm.api.post('/api/crm/v1/passthrough', request)
    t.equal(res.statusCode, 200, `${what}: 200 from the service`)
    t.equal(res.json().status, status, `${what}: ${status} from the third party`)
    t.same(strictErrors('crm', 'RemoteResponse', res.json()), [], `${what}: parses strictly`)
  }
})

t.test('the caller\'s mistakes are the service\'s clear 400s, and nothing changes', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=3'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['no method', { path: '/api/v1/employees' }, /method/],
    ['no path', { method: 'GET' }, /path/],
    ['an unknown method', { method: 'FETCH', path: '/api/v1/employees' }, /method/],
    ['an absolute URL', { method: 'GET', path: 'https://evil.example/api/v1/employees' }, /absolute URL/],
    ['another host', { method: 'GET', path: '/api/v1/employees', base_url_override: 'https://evil.example' }, /base_url_override/],
    ['credentials', { method: 'GET', path: '/api/v1/employees', headers: { Authorization: 'Bearer stolen' } }, /Authorization may not be sent/],
    ['data that is not JSON', { method: 'POST', path: '/api/v1/employees', data: '{"firstName":' }, /not JSON/],
    ['MULTIPART without parts', { method: 'POST', path: '/api/v1/employees', request_format: 'MULTIPART' }, /multipart_form_data/],
    ['XML that is not XML', { method: 'POST', path: '/api/v1/employees', request_format: 'XML', data: 'hello' }, /not an XML/]
  ]
  for (const [what, request, detail] of cases) {
    const res = await hris.api.post('/api/hris/v1/passthrough', request)
    t.equal(res.statusCode, 400, `${what}: 400`)
    t.match(res.json().detail, detail, `${what}: the detail names the problem`)
  }
  const [pass] = await hris.syncPass('hris.Employee')
  t.same([pass!.created, pass!.changed, pass!.deleted], [0, 0, 0], 'no refused call changed the third party')
  const noToken = await hris.control.post('/api/hris/v1/passthrough', { method: 'GET', path: '/api/v1/employees' })
  t.equal(noToken.statusCode, 401, 'an account token is required')
})

t.test('POST, PATCH and DELETE change the simulated system: the next sync shows it', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['ats.candidates=10'], dataChurn: 0 })
  const ats = await dataAccount(app, 'ats')
  await clock.advanceBy(3_600_000)
  const before = await ats.walk('/api/ats/v1/candidates', {}, 100)

  const created = (await ats.api.post('/api/ats/v1/passthrough', { method: 'POST', path: '/api/v1/candidates', data: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', cf_region: 'APAC', shoeSize: 42 }), headers: { 'Content-Type': 'application/json' } })).json()
  t.equal(created.status, 201, 'the vendor answers 201 Created')
  const newId = created.response.id as string
  t.match(newId, /^\d+$/, 'with the id the vendor gave the record')
  t.equal((await ats.walk('/api/ats/v1/candidates', {}, 100)).length, 10, 'not visible before a sync')

  const target = before[3]!
  const titleBefore = target.title
  const changed = (await ats.api.post('/api/ats/v1/passthrough', { method: 'PATCH', path: `/api/v1/candidates/${target.remote_id as string}`, data: '{"title":"CTO"}' })).json()
  t.equal(changed.status, 200)
  const victim = before[5]!
  const deleted = (await ats.api.post('/api/ats/v1/passthrough', { method: 'DELETE', path: `/api/v1/candidates/${victim.remote_id as string}` })).json()
  t.equal(deleted.status, 204)
  t.equal(deleted.response, null)
  t.equal((await ats.api.get(`/api/ats/v1/candidates/${String(target.id)}`)).json().title, titleBefore, 'the change waits for the sync too')

  await clock.advanceBy(60_000)
  const [pass] = await ats.syncPass('ats.Candidate')
  t.same([pass!.created, pass!.changed, pass!.deleted], [1, 1, 1], 'the next sync writes exactly the three changes')
  const after = await ats.walk('/api/ats/v1/candidates', { include_deleted_data: 'true' }, 100)
  t.ok(after.some((r) => r.remote_id === newId && r.remote_was_deleted === false), 'the created record is in the sync, under the id the vendor answered')
  t.equal(after.find((r) => r.id === target.id)!.modified_at > target.modified_at, true, 'the patched record was written again')
  t.equal(after.find((r) => r.id === target.id)!.title, 'CTO', 'with the value the PATCH sent')
  t.equal(after.find((r) => r.id === target.id)!.first_name, target.first_name, 'and the rest as it was')
  const made = after.find((r) => r.remote_id === newId)!
  t.match(made, { first_name: 'Ada', last_name: 'Lovelace' }, 'the created record holds what the POST sent')
  const full = (await ats.api.get(`/api/ats/v1/candidates/${String(made.id)}?include_remote_data=true`)).json()
  t.match(full.remote_data[0].data, { firstName: 'Ada', cf_region: 'APAC' }, 'remote_data too, custom fields included')
  t.notOk('shoeSize' in full.remote_data[0].data, 'a key the vendor has no field for is dropped')
  const raw = (await ats.api.post('/api/ats/v1/passthrough', { method: 'GET', path: `/api/v1/candidates/${newId}` })).json().response
  t.match(raw, { firstName: 'Ada', lastName: 'Lovelace', cf_region: 'APAC' }, 'and the raw API reads it back')
  t.equal(after.find((r) => r.id === victim.id)!.remote_was_deleted, true, 'the deleted record is marked deleted')
  const gone = (await ats.api.post('/api/ats/v1/passthrough', { method: 'GET', path: `/api/v1/candidates/${victim.remote_id as string}` })).json()
  t.equal(gone.status, 404, 'the vendor no longer has it')
})

t.test('a service fault scoped to passthrough makes the third party fail', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=2'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  const fault = await hris.control.post('/_unimock/faults', { kind: 'status', status: 502, count: 1, scope: { path: '/api/*/v1/passthrough' } })
  t.equal(fault.statusCode, 201, fault.body)
  t.equal((await hris.api.post('/api/hris/v1/passthrough', { method: 'GET', path: '/api/v1/employees' })).statusCode, 502, 'the next passthrough fails')
  t.equal((await hris.api.post('/api/hris/v1/passthrough', { method: 'GET', path: '/api/v1/employees' })).statusCode, 200, 'then the third party answers again')
})

t.test('passthrough presets: the third party fails with its own status, or is slow past the 55 s timeout (408)', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['hris.employees=3'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  const create = { method: 'POST', path: '/api/v1/employees', data: '{"firstName":"Grace"}' }
  const elsewhere = { method: 'GET', path: '/api/v1/time-off' }
  // A call takes its preset and starts waiting on the clock in one synchronous step: spent, it is waiting.
  const spent = async (): Promise<boolean> => (await hris.control.get('/_unimock/passthrough-presets')).json().results.length === 0

  const failing = await hris.control.post('/_unimock/passthrough-presets', { outcome: 'fail', status: 503, path_prefix: '/api/v1/employees', message: 'Maintenance window' })
  t.equal(failing.statusCode, 201, failing.body)
  t.match(failing.json(), { outcome: 'fail', status: 503, path_prefix: '/api/v1/employees', remaining: 1 })
  t.equal((await hris.api.post('/api/hris/v1/passthrough', elsewhere)).json().status, 200, 'a path outside the prefix does not take it')
  const failed = await hris.api.post('/api/hris/v1/passthrough', create)
  t.equal(failed.statusCode, 200, 'the service answers; the third party failed')
  t.same(strictErrors('hris', 'RemoteResponse', failed.json()), [], 'the answer parses strictly')
  t.match(failed.json(), { status: 503, response: { error: 'vendor_error', message: 'Maintenance window' } })
  t.same((await hris.control.get('/_unimock/passthrough-presets')).json().results, [], 'the preset is spent')
  await clock.advanceBy(60_000)
  await hris.syncPass('hris.Employee')
  t.equal((await hris.walk('/api/hris/v1/employees', {}, 100)).length, 3, 'the failed create made nothing')

  await hris.control.post('/_unimock/passthrough-presets', { outcome: 'slow', delay_ms: 20_000 })
  let answered = false
  const slow = hris.api.post('/api/hris/v1/passthrough', { method: 'GET', path: '/api/v1/employees' }).then((r) => { answered = true; return r })
  await until(spent, 'the slow call took its preset')
  await clock.advanceBy(19_999)
  t.equal((await hris.api.post('/api/hris/v1/passthrough', elsewhere)).json().status, 200, 'a call made 1 ms before the delay has passed is answered')
  t.notOk(answered, 'a slow third party: the slow one is not')
  await clock.advanceBy(1)
  t.equal((await slow).json().status, 200, 'answered once the delay passed, within the timeout')

  await hris.control.post('/_unimock/passthrough-presets', { outcome: 'slow', delay_ms: 120_000 })
  answered = false
  const late = hris.api.post('/api/hris/v1/passthrough', create).then((r) => { answered = true; return r })
  await until(spent, 'the late call took its preset')
  await clock.advanceBy(54_999)
  t.equal((await hris.api.post('/api/hris/v1/passthrough', elsewhere)).json().status, 200, 'a call made 1 ms before the timeout is answered')
  t.notOk(answered, 'the service still waits for the slow one')
  await clock.advanceBy(1)
  const timedOut = await late
  t.equal(timedOut.statusCode, 408, 'past 55 s the service gives up')
  t.match(timedOut.json().detail, /within 55 seconds.*async passthrough/)
  await clock.advanceBy(60_000)
  await hris.syncPass('hris.Employee')
  t.equal((await hris.walk('/api/hris/v1/employees', {}, 100)).length, 3, 'the timed-out create made nothing')

  await hris.control.post('/_unimock/passthrough-presets', { outcome: 'slow', delay_ms: 120_000 })
  const receipt = (await hris.api.post('/api/hris/v1/async-passthrough', create)).json().async_passthrough_receipt_id as string
  await clock.advanceBy(119_000)
  t.equal((await hris.api.get(`/api/hris/v1/async-passthrough/${receipt}`)).json(), 'PENDING', 'async passthrough has no timeout: pending while the third party works')
  await clock.advanceBy(11_000)
  t.match((await hris.api.get(`/api/hris/v1/async-passthrough/${receipt}`)).json(), { status: 201, response: { firstName: 'Grace' } }, 'then its answer')

  const one = (await hris.control.post('/_unimock/passthrough-presets', { outcome: 'fail', count: 2 })).json().id as number
  t.equal((await hris.control.request('DELETE', `/_unimock/passthrough-presets/${one}`)).statusCode, 200)
  t.equal((await hris.control.request('DELETE', `/_unimock/passthrough-presets/${one}`)).statusCode, 404, 'a preset deleted is gone')
  t.equal((await hris.control.post('/_unimock/passthrough-presets', { outcome: 'late' })).statusCode, 400, 'an unknown outcome is refused')
  t.equal((await hris.control.post('/_unimock/passthrough-presets', { outcome: 'fail', status: 200 })).statusCode, 400, 'a fail status must be an error status')
})

t.test('what the raw API creates it serves at once: its GET and its list, before and after the next sync', async (t) => {
  // Issue 36: POST /api/v1/employees answered 201 with an id, and GET of that id right after answered 404.
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=2'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  const raw = async (method: string, path: string, data?: unknown) => (await hris.api.post('/api/hris/v1/passthrough', { method, path, ...(data === undefined ? {} : { data: JSON.stringify(data) }) })).json()
  const created = await raw('POST', '/api/v1/employees', { firstName: 'Ada', lastName: 'Lovelace' })
  t.equal(created.status, 201)
  const id = created.response.id as string
  t.type(id, 'string')
  const got = await raw('GET', `/api/v1/employees/${id}`)
  t.equal(got.status, 200, 'its id answers right after')
  t.match(got.response, { id, firstName: 'Ada', lastName: 'Lovelace' })
  const ids = async () => ((await raw('GET', '/api/v1/employees?limit=100')).response.data as Array<{ id: string }>).map((e) => e.id)
  t.equal((await ids()).filter((x) => x === id).length, 1, 'the list includes it')
  t.equal((await ids()).length, 3)

  await hris.syncPass('hris.Employee')
  t.equal((await raw('GET', `/api/v1/employees/${id}`)).status, 200, 'still served once synced')
  t.equal((await ids()).filter((x) => x === id).length, 1, 'and listed once, not twice')
  t.equal((await ids()).length, 3)
})
