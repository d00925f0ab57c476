import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'
import t from 'tap'
import { MockAgent } from 'undici'
import { buildApp } from '../../../src/app.js'
import { VirtualClock } from '../../../src/core/virtual-clock.js'
import { payloadSchema, WEBHOOK_PAYLOADS } from '../../../src/integration/background/webhooks/payload-schemas.js'
import { START } from '../../helpers/app.js'

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default
const RECEIVER = 'http://receiver.schemas.test'

/**
 * Every body unimock sends validates against the schema WEBHOOK_PAYLOADS lists for its event (the OpenAPI
 * document's webhooks): a day of several categories' syncs, a relink, outcomes other than DONE, a FULL
 * resync and a deletion, each body checked as sent.
 */
t.test('every delivered webhook body validates against its event\'s schema', async (t) => {
  const agent = new MockAgent()
  agent.disableNetConnect()
  const sent: string[] = []
  agent.get(RECEIVER).intercept({ path: /.*/, method: 'POST' }).reply(200, (opts) => { sent.push(String(opts.body)); return {} }).persist()
  const clock = new VirtualClock(START)
  const app = buildApp({ clock: 'virtual', logLevel: 'silent', rateLimit: 'off', initialSyncDuration: '10m', syncInterval: '2h' }, { clock, dispatcher: agent })
  t.teardown(() => app.close())
  await app.ready()
  const headers = { authorization: 'Bearer schema_key' }
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, extra: Record<string, string> = {}) =>
    await app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload }) })
  const advance = async (by: string) => { t.equal((await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by } })).statusCode, 200) }

  t.equal((await call('POST', '/_unimock/webhooks/targets', { url: `${RECEIVER}/{category}` })).statusCode, 201)
  const ids: Record<string, string> = {}
  for (const category of ['hris', 'crm', 'filestorage', 'ticketing', 'accounting']) {
    ids[category] = (await call('POST', '/_unimock/linked-accounts', { category, end_user_origin_id: `schemas-${category}` })).json().id
  }
  await call('PUT', `/_unimock/linked-accounts/${ids.crm}/next-sync`, { result: 'PARTIALLY_SYNCED' })
  await advance('3h')
  await call('POST', `/_unimock/linked-accounts/${ids.hris}/relink-needed`)
  await advance('3h')
  const relink = (await call('POST', '/api/hris/v1/link-token', { end_user_origin_id: 'schemas-hris', end_user_organization_name: 'S', end_user_email_address: 's@example.com' })).json()
  t.match((await call('POST', `/_unimock/link-tokens/${encodeURIComponent(relink.link_token)}/complete`, {})).json(), { is_relink: true })
  // The credentials fail again: the resolved issue reopens (Issue.new, .resolved, .reopened all sent).
  await call('POST', `/_unimock/linked-accounts/${ids.hris}/relink-needed`)
  const accounts = (await call('GET', '/_unimock/linked-accounts')).json().results as Array<{ id: string, category: string, account_token: string }>
  const ticketing = accounts.find((a) => a.category === 'ticketing')!
  t.equal((await call('POST', '/api/ticketing/v1/sync-status/resync', undefined, { 'x-account-token': ticketing.account_token })).statusCode, 200)
  await advance('1h')
  // Writes: a record added, changed and removed (ignored) through the API.
  const crmToken = { 'x-account-token': accounts.find((a) => a.category === 'crm')!.account_token }
  const written = (await call('POST', '/api/crm/v1/accounts', { model: { name: 'Acme' } }, crmToken)).json().model
  t.equal((await app.inject({ method: 'PATCH', url: `/api/crm/v1/accounts/${String(written.id)}`, headers: { ...headers, ...crmToken }, payload: { model: { name: 'Acme Inc' } } })).statusCode, 200)
  const contact = (await call('GET', '/api/crm/v1/contacts?page_size=1', undefined, crmToken)).json().results[0]
  t.equal((await call('POST', `/api/crm/v1/contacts/ignore/${String(contact.id)}`, { reason: 'GDPR' }, crmToken)).statusCode, 200)
  // Deferred writes: a run_async write (AsyncPost.completed) and a bulk batch (AsyncBulkPost.completed).
  t.equal((await call('POST', '/api/crm/v1/accounts?run_async=true', { model: { name: 'Later' } }, crmToken)).statusCode, 201)
  const accountingToken = { 'x-account-token': accounts.find((a) => a.category === 'accounting')!.account_token }
  t.equal((await call('POST', '/api/accounting/v1/invoices/bulk', { batch_items: [{ item_id: 'x', payload: { number: 'INV-X' } }] }, accountingToken)).statusCode, 202)
  t.equal((await call('POST', '/api/crm/v1/async-passthrough', { method: 'GET', path: '/api/v1/contacts?limit=1' }, crmToken)).statusCode, 200)
  t.equal((await call('POST', '/api/filestorage/v1/delete-account', undefined, { 'x-account-token': accounts.find((a) => a.category === 'filestorage')!.account_token })).statusCode, 200)
  await advance('10s')

  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv)
  const validators = new Map(Object.entries(WEBHOOK_PAYLOADS).map(([event, schema]) => [event, ajv.compile(schema)]))
  const seen = new Map<string, number>()
  const invalid: string[] = []
  for (const raw of sent) {
    const body = JSON.parse(raw)
    const event: string = body.hook.event
    const schema = payloadSchema(event)
    const key = Object.entries(WEBHOOK_PAYLOADS).find(([, s]) => s === schema)?.[0]
    if (key === undefined) { invalid.push(`${event}: no schema`); continue }
    seen.set(key, (seen.get(key) ?? 0) + 1)
    const validate = validators.get(key)!
    if (!validate(body)) invalid.push(`${event}: ${ajv.errorsText(validate.errors)}`)
  }
  t.same(invalid, [], `${sent.length} bodies, each valid`)
  t.same([...seen.keys()].sort(), Object.keys(WEBHOOK_PAYLOADS).sort(), 'every event of the map was sent and checked')
  const events = new Set(sent.map((raw) => JSON.parse(raw).hook.event as string))
  t.ok(events.has('CRMAccount.synced') && events.has('FileStorageFile.synced') && events.has('TicketingAccount.synced'), 'prefixed model events too')
  const results = new Set(sent.map((raw) => JSON.parse(raw).data.sync_status?.last_sync_result).filter((r) => typeof r === 'string'))
  t.ok(results.has('FAILED') && results.has('PARTIALLY_SYNCED') && results.has('DONE'), `outcomes seen: ${[...results].join(', ')}`)
})

t.test('a body that strays from its shape fails its schema: the check can fail', async (t) => {
  const ajv = new Ajv({ strict: false })
  addFormats(ajv)
  const validate = ajv.compile(WEBHOOK_PAYLOADS['LinkedAccount.deleted'])
  const account = {
    id: '1d9c6a8e-0b7c-4b8a-9a59-0c7f1c1c2f3a', integration: 'Gusto', integration_slug: 'gusto', category: 'hris', end_user_origin_id: 'o',
    end_user_organization_name: null, end_user_email_address: null, status: 'COMPLETE', webhook_listener_url: 'http://x', is_duplicate: null,
    account_type: 'PRODUCTION', completed_at: null
  }
  const good = { hook: { id: 'h', event: 'LinkedAccount.deleted', target: 'http://x' }, linked_account: account, data: { integration_name: 'Gusto', integration_id: 'gusto' } }
  t.ok(validate(good))
  t.notOk(validate({ ...good, data: { ...good.data, is_relink: false } }), 'an extra data field')
  t.notOk(validate({ ...good, data: { integration_name: 'Gusto' } }), 'a missing one')
  t.equal(payloadSchema('LinkedAccount.unknown'), undefined)
  t.equal(payloadSchema('Employee.synced'), WEBHOOK_PAYLOADS['{Model}.synced'])
})
