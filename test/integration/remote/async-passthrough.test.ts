import t from 'tap'
import { dataAccount, dataApp } from '../data/helpers.js'
import { strictErrors } from '../../helpers/strict.js'

/** Async passthrough: a receipt now, the RemoteResponse once the scheduler's job has run on the virtual clock. */

t.test('a receipt is pending until its job runs on the clock, then answers the RemoteResponse', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['ticketing.tickets=4'], dataChurn: 0 })
  const tk = await dataAccount(app, 'ticketing')
  const submitted = await tk.api.post('/api/ticketing/v1/async-passthrough', { method: 'GET', path: '/api/v1/tickets?limit=2' })
  t.equal(submitted.statusCode, 200, submitted.body)
  t.same(strictErrors('ticketing', 'AsyncPassthroughReciept', submitted.json()), [], 'the receipt parses strictly')
  const id = submitted.json().async_passthrough_receipt_id as string
  const url = `/api/ticketing/v1/async-passthrough/${id}`

  const pending = await tk.api.get(url)
  t.equal(pending.statusCode, 200)
  t.equal(pending.json(), 'PENDING', 'a JSON string while the third party has not answered')

  const tooFast = await tk.api.get(url)
  t.equal(tooFast.statusCode, 429, 'a second poll within 10 s is refused')
  t.equal(tooFast.headers['retry-after'], '10')
  t.match(tooFast.json().detail, /once every 10 seconds/)

  await clock.advanceBy(10_000)
  const done = await tk.api.get(url)
  t.equal(done.statusCode, 200)
  t.same(strictErrors('ticketing', 'RemoteResponse', done.json()), [], 'the answer parses strictly as RemoteResponse')
  t.equal(done.json().status, 200)
  t.equal(done.json().response.data.length, 2, 'the third party\'s answer to the queued call')

  const other = await dataAccount(app, 'ticketing')
  t.equal((await other.api.get(url)).statusCode, 404, 'another account\'s receipt is not found')
  t.equal((await tk.api.get('/api/ticketing/v1/async-passthrough/00000000-0000-4000-8000-000000000000')).statusCode, 404)
  const refused = await tk.api.post('/api/ticketing/v1/async-passthrough', { method: 'GET', path: 'http://elsewhere/x' })
  t.equal(refused.statusCode, 400, 'the caller\'s mistakes are refused at once')

  const report = (await tk.control.get('/_unimock/report')).json()
  const finding = report.findings.find((f: { code: string }) => f.code === 'async_passthrough_polled_too_fast')
  t.ok(finding, 'the integrator report names the too-fast poll')
})

t.test('an async POST creates the record when the job runs, and the next sync shows it', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['crm.accounts=4'], dataChurn: 0 })
  const crm = await dataAccount(app, 'crm')
  const id = (await crm.api.post('/api/crm/v1/async-passthrough', { method: 'POST', path: '/api/v1/accounts', data: '{"name":"Acme"}' })).json().async_passthrough_receipt_id as string
  await clock.advanceBy(2_000)
  t.same((await crm.syncPass('crm.Account'))[0]!.created, 0, 'nothing created before the job ran')
  await clock.advanceBy(10_000)
  const done = (await crm.api.get(`/api/crm/v1/async-passthrough/${id}`)).json()
  t.equal(done.status, 201)
  const [pass] = await crm.syncPass('crm.Account')
  t.equal(pass!.created, 1, 'the next sync writes the record')
  const all = await crm.walk('/api/crm/v1/accounts', {}, 100)
  t.ok(all.some((r) => r.remote_id === done.response.id), 'under the id the third party answered')
})
