import t from 'tap'
import { webhookSetup } from './helpers.js'

t.test('an initial sync sends one {Model}.synced per model and one LinkedAccount.sync_completed, all signed', async (t) => {
  const w = await webhookSetup(t)
  await w.addTarget()
  const { accountToken, accountId } = await w.api.link('hris', 'org-initial')
  await w.advance('1h')

  const received = w.receiver.received
  t.ok(received.length > 0)
  t.ok(received.every((r) => r.verified), 'every delivery verifies with the documented recipe')
  t.ok(received.every((r) => r.path === '/hook/hris'), '{category} is replaced by the account\'s category')
  t.ok(received.every((r) => r.headers['content-type'] === 'application/json'))
  t.ok(received.every((r) => /^[A-Za-z0-9_-]{43}=$/.test(String(r.headers['x-merge-webhook-signature']))), 'padded base64url, 44 characters')

  const status = (await w.api.withAccount(accountToken).get('/api/hris/v1/sync-status?page_size=100')).json().results as any[]
  const enabled = status.filter((s) => s.status !== 'DISABLED')
  const synced = received.filter((r) => r.json.hook.event.endsWith('.synced'))
  t.same(synced.map((r) => r.json.hook.event).sort(), enabled.map((s) => `${s.model_name}.synced`).sort(), 'one {Model}.synced per model')
  for (const r of synced) {
    const s = status.find((x) => x.model_id === r.json.data.sync_status.model_id)
    t.same(r.json.data.sync_status, s, `${r.json.hook.event}: the full sync status record, as sync-status answers it`)
    t.equal(r.json.data.integration_id, r.json.linked_account.integration_slug)
    t.ok(Array.isArray(r.json.data.synced_fields) && r.json.data.synced_fields.length > 0, 'synced_fields lists the fields written')
  }

  const completed = received.filter((r) => r.json.hook.event === 'LinkedAccount.sync_completed')
  t.equal(completed.length, 1, 'one LinkedAccount.sync_completed')
  const c = completed[0]!.json
  t.equal(c.data.is_initial_sync, true)
  t.equal(c.data.integration_name, c.linked_account.integration)
  t.same(Object.keys(c.data.sync_status).sort(), enabled.map((s) => s.model_id).sort(), 'sync_status keyed by model_id')
  for (const s of enabled) {
    t.same(c.data.sync_status[s.model_id], { last_sync_finished: s.last_sync_finished, last_sync_result: s.last_sync_result })
  }
  t.same(Object.keys(c.linked_account).sort(), ['account_type', 'category', 'completed_at', 'end_user_email_address', 'end_user_organization_name',
    'end_user_origin_id', 'id', 'integration', 'integration_slug', 'is_duplicate', 'status', 'webhook_listener_url'].sort())
  t.equal(c.linked_account.id, accountId)
  t.same(Object.keys(c.hook).sort(), ['event', 'id', 'target'])
  t.equal(c.hook.target, `${w.receiver.url}/hook/hris`)

  const linked = received.filter((r) => r.json.hook.event === 'LinkedAccount.linked')
  t.equal(linked.length, 1)
  t.equal(linked[0]!.json.data.is_relink, false)

  const journal = await w.deliveries('?limit=1000')
  t.equal(journal.length, received.length, 'the journal lists every delivery')
  t.ok(journal.every((d) => d.state === 'delivered' && d.attempts.length === 1 && d.attempts[0].status_code === 200))
  t.same((await w.deliveries('?event=LinkedAccount.sync_completed')).map((d) => d.payload), [c], 'filter by event; the payload as sent')
  t.equal((await w.deliveries(`?account=${accountId}&state=delivered&limit=1000`)).length, received.length)
  t.equal((await w.deliveries('?state=failed')).length, 0)
})

t.test('LinkedAccount.deleted carries the account as it was; targets filter by event and category', async (t) => {
  const w = await webhookSetup(t)
  const id = await w.account('org-del')
  await w.addTarget({ events: ['LinkedAccount.*'] })
  await w.addTarget({ category: 'ats' })
  const res = await w.api.post('/api/hris/v1/delete-account', undefined, { 'x-account-token': (await w.control('GET', '/linked-accounts')).json().results[0].account_token })
  t.equal(res.statusCode, 200)
  await w.advance('1s')
  t.same(w.receiver.events(), ['LinkedAccount.deleted'], 'only the LinkedAccount.* target, not the ats one')
  const p = w.receiver.received[0]!.json
  t.equal(p.linked_account.id, id)
  t.equal(p.linked_account.status, 'COMPLETE')
  t.ok(w.receiver.received[0]!.verified)
  const log = (await w.control('GET', '/events')).json().results as any[]
  t.same(log.map((e) => e.event), ['LinkedAccount.linked', 'LinkedAccount.deleted'])
  const [deletion] = await w.deliveries('?event=LinkedAccount.deleted')
  t.equal(log[0].delivered_at, null, 'linked before any target existed: no receiver took it')
  t.equal(log[1].delivered_at, deletion.attempts[0].at, 'delivered_at is when the receiver took the deletion')
})

t.test('the events log says when a receiver first took an event, never that one was merely fanned out', async (t) => {
  const w = await webhookSetup(t, {}, (n) => (n < 3 ? 500 : 200))
  await w.addTarget({ events: ['LinkedAccount.linked'] })
  await w.account('org-log')
  const [event] = (await w.control('GET', '/events')).json().results as any[]
  t.equal(event.delivered_at, null, 'recorded, fanned out, not yet sent')
  await w.advance('1m')
  const [failed] = await w.deliveries()
  t.equal(failed.state, 'failed')
  t.equal((await w.control('GET', '/events')).json().results[0].delivered_at, null, 'three 500s: still not delivered')
  const again = await w.control('POST', `/webhooks/deliveries/${failed.id}/redeliver`)
  await w.advance('1s')
  const redelivered = (await w.deliveries()).find((d) => d.id === again.json().id)
  t.equal(redelivered.state, 'delivered')
  t.equal((await w.control('GET', '/events')).json().results[0].delivered_at, redelivered.attempts[0].at, 'the redelivery carried it')
})

t.test('send fires any event on demand with the real shape; errors are clear', async (t) => {
  const w = await webhookSetup(t)
  const id = await w.account()
  await w.addTarget()
  const sent = await w.send(id, 'Employee.synced')
  t.equal(sent.length, 1)
  t.equal(sent[0].state, 'pending')
  t.equal(sent[0].payload.data.sync_status.model_id, 'hris.Employee')
  await w.advance('1s')
  t.same(w.receiver.events(), ['Employee.synced'])
  t.ok(w.receiver.received[0]!.verified)

  const bad = await w.control('POST', '/webhooks/send', { event: 'Candidate.synced', linked_account_id: id })
  t.equal(bad.statusCode, 400)
  t.match(bad.json().detail, /Employee\.synced/)
  t.equal((await w.control('POST', '/webhooks/send', { event: 'LinkedAccount.linked', linked_account_id: 'nope' })).statusCode, 404)
  t.equal((await w.control('POST', '/webhooks/targets', { url: 'ftp://x' })).statusCode, 400)
  t.equal((await w.control('POST', '/webhooks/targets', { url: 'http://x', category: 'pets' })).statusCode, 400)
  t.equal((await w.control('GET', '/webhooks/deliveries/unknown')).statusCode, 404)
  t.equal((await w.control('GET', '/webhooks/deliveries?state=lost')).statusCode, 400)
  t.equal((await w.control('DELETE', '/webhooks/targets/unknown')).statusCode, 404)
  t.equal((await w.control('POST', '/webhooks/faults', { kind: 'delay' })).statusCode, 400)
  t.equal((await w.control('POST', '/webhooks/faults', { kind: 'out_of_order', count: 1 })).statusCode, 400)
})

t.test('a relink sends LinkedAccount.linked with is_relink true; a deleted target gets nothing more', async (t) => {
  const w = await webhookSetup(t)
  const target = await w.addTarget({ events: ['LinkedAccount.linked'] })
  const first = await w.api.link('hris', 'org-relink')
  t.equal((await w.control('POST', `/linked-accounts/${first.accountId}/relink-needed`)).statusCode, 200)
  const second = await w.api.link('hris', 'org-relink')
  t.equal(second.accountId, first.accountId)
  await w.advance('1s')
  t.same(w.receiver.received.map((r) => r.json.data.is_relink), [false, true])
  t.ok(w.receiver.received.every((r) => r.json.hook.id === target.id && r.verified))

  t.equal((await w.control('DELETE', `/webhooks/targets/${target.id}`)).statusCode, 200)
  t.same((await w.control('GET', '/webhooks/targets')).json().results, [])
  await w.addTarget({ url: 'http://127.0.0.1:1/a' })
  await w.addTarget({ url: 'http://127.0.0.1:1/b' })
  t.same((await w.control('DELETE', '/webhooks/targets?url=http://127.0.0.1:1/a')).json(), { deleted: 1 })
  t.same((await w.control('DELETE', '/webhooks/targets')).json(), { deleted: 1 })
  await w.send(first.accountId, 'LinkedAccount.linked')
  await w.advance('1s')
  t.equal(w.receiver.received.length, 2)
})

t.test('the journal pages with after/next_after; reset forgets targets, deliveries and faults', async (t) => {
  const w = await webhookSetup(t)
  const id = await w.account()
  await w.addTarget()
  await w.control('POST', '/webhooks/faults', { kind: 'delay', delay: '1h' })
  for (let i = 0; i < 5; i++) await w.send(id, 'LinkedAccount.linked')
  const first = (await w.control('GET', '/webhooks/deliveries?limit=3')).json()
  t.equal(first.results.length, 3)
  t.not(first.next_after, null)
  const second = (await w.control('GET', `/webhooks/deliveries?limit=3&after=${first.next_after}`)).json()
  t.equal(second.results.length, 2)
  t.equal(second.next_after, null)
  t.same([...first.results, ...second.results].map((d: any) => d.seq), [...first.results, ...second.results].map((d: any) => d.seq).sort((a: number, b: number) => a - b))

  t.equal((await w.app.inject({ method: 'POST', url: '/_unimock/reset' })).statusCode, 200)
  t.same((await w.control('GET', '/webhooks/targets')).json().results, [])
  t.same((await w.control('GET', '/webhooks/faults')).json().results, [])
  t.same(await w.deliveries(), [])
  await w.advance('2h')
  t.same(w.receiver.received, [], 'nothing pending survived the reset')
})
