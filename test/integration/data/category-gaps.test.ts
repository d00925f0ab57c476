import t from 'tap'
import { dataAccount, dataApp } from './helpers.js'

/** Calendar's linked-account PATCH (ekm_enabled), and the gaps the Python client found in the seven categories. */

t.test('PATCH /calendar/v1/linked-accounts/{id} keeps ekm_enabled per account, as the facts propose', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris')
  const patch = (category: string, id: string, payload?: object, extra: Record<string, string> = {}) =>
    app.inject({ method: 'PATCH', url: `/api/${category}/v1/linked-accounts/${id}`, headers: { authorization: 'Bearer test-key', ...extra }, ...(payload === undefined ? {} : { payload }) })
  const bare = await patch('calendar', hris.id, undefined, { 'content-type': 'application/json' })
  t.equal(bare.statusCode, 200, 'no body with a JSON content type, as the Python client sends it')
  t.same(bare.json(), { id: hris.id, ekm_enabled: false }, 'off by default, on an account of any category')
  t.same((await patch('calendar', hris.id, { ekm_enabled: true })).json(), { id: hris.id, ekm_enabled: true })
  t.same((await patch('calendar', hris.id, {})).json(), { id: hris.id, ekm_enabled: true }, 'an empty body changes nothing')
  t.same((await patch('calendar', hris.id, { ekm_enabled: false })).json().ekm_enabled, false, 'true → false is allowed')
  t.equal((await patch('calendar', hris.id, { ekm_enabled: 'yes' })).statusCode, 400)
  const unknown = await patch('calendar', '00000000-0000-4000-8000-000000000000', {})
  t.same([unknown.statusCode, unknown.json()], [404, { detail: 'Not found.' }])
  t.equal((await patch('calendar', (await dataAccount(app, 'hris', 'other-key')).id, {})).statusCode, 404, 'another key\'s account is not found')
  t.equal((await patch('hris', hris.id, {})).statusCode, 404, 'only calendar has the route')
  const linked = await hris.control.post('/api/calendar/v1/link-token', { end_user_origin_id: 'ekm-org', end_user_organization_name: 'E', end_user_email_address: 'e@example.com', ekm_enabled: true })
  t.equal(linked.statusCode, 200, 'link-token takes ekm_enabled')
  const account = (await hris.control.get('/_unimock/linked-accounts')).json().results.find((a: { end_user_origin_id: string }) => a.end_user_origin_id === 'ekm-org')
  t.same((await patch('calendar', account.id, {})).json().ekm_enabled, true, 'the link token\'s ekm_enabled is kept on its account')
})

t.test('general ledger transactions expand their lines; knowledgebase has webhook receivers', async (t) => {
  const { app } = await dataApp(t)
  const accounting = await dataAccount(app, 'accounting')
  await accounting.syncPass('accounting.GeneralLedgerTransaction')
  const page = await accounting.api.get('/api/accounting/v1/general-ledger-transactions?page_size=3&expand=general_ledger_transaction_lines')
  t.equal(page.statusCode, 200, page.body.slice(0, 200))
  const lines = page.json().results.flatMap((r: { general_ledger_transaction_lines: unknown[] }) => r.general_ledger_transaction_lines)
  t.ok(lines.length > 0 && lines.every((l: unknown) => typeof l === 'object' && l !== null), 'the lines are inlined objects')
  const one = page.json().results[0]
  t.equal((await accounting.api.get(`/api/accounting/v1/general-ledger-transactions/${one.id}?expand=general_ledger_transaction_lines`)).statusCode, 200)
  const kb = await dataAccount(app, 'knowledgebase')
  const created = await kb.api.post('/api/knowledgebase/v1/webhook-receivers', { event: 'article.updated', is_active: true })
  t.equal(created.statusCode, 201, created.body)
  t.same((await kb.api.get('/api/knowledgebase/v1/webhook-receivers')).json().map((r: { event: string }) => r.event), ['article.updated'])
})
