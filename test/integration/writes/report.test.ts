import t from 'tap'
import { dataAccount, dataApp } from '../data/helpers.js'

/** The journal keeps every write's outcome without personal data; the report flags misused writes. */

t.test('journal outcomes and the three write findings of the integrator report', async (t) => {
  const { app } = await dataApp(t)
  const crm = await dataAccount(app, 'crm')
  const ada = { model: { first_name: 'Ada', last_name: 'Lovelace' } }
  t.equal((await crm.api.post('/api/crm/v1/contacts', ada)).statusCode, 201)
  t.equal((await crm.api.post('/api/crm/v1/contacts', ada)).statusCode, 201, 'a create retried after its 201')
  const broken = { model: { first_name: 'Grace' } }
  t.equal((await crm.api.post('/api/crm/v1/contacts', broken)).statusCode, 400)
  t.equal((await crm.api.post('/api/crm/v1/contacts', broken)).statusCode, 400, 'sent again unchanged')
  const key = { 'idempotency-key': 'k-1' }
  t.equal((await crm.api.post('/api/crm/v1/accounts', { model: { name: 'Acme' } }, key)).statusCode, 201)
  t.equal((await crm.api.post('/api/crm/v1/accounts', { model: { name: 'Acme' } }, key)).statusCode, 201, 'a replay is no duplicate')
  t.equal((await crm.api.post('/api/crm/v1/accounts', { model: { name: 'Other' } }, key)).statusCode, 400)

  const journal = await crm.control.get('/_unimock/requests?order=oldest&limit=100')
  const writes = journal.json().entries.filter((e: any) => e.method === 'POST' && String(e.path).startsWith('/api/crm/v1/'))
  t.same(writes.map((e: any) => e.facets.write.outcome), ['written', 'written', 'refused', 'refused', 'written', 'replayed', 'conflict'])
  t.notMatch(journal.body, /Lovelace|Grace/, 'no personal data in clear')

  const report = (await crm.control.get('/_unimock/report')).json()
  const codes = report.findings.map((f: any) => f.code)
  for (const code of ['duplicate_creates', 'write_errors_ignored', 'idempotency_key_reused']) t.ok(codes.includes(code), `${code} found`)
  t.equal(report.findings.find((f: any) => f.code === 'duplicate_creates').count, 1, 'the replay under the key is not a duplicate')
})
