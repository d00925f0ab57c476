import t from 'tap'
import { webhookSetup } from './helpers.js'

const fault = async (w: Awaited<ReturnType<typeof webhookSetup>>, body: Record<string, unknown>) => {
  const res = await w.control('POST', '/webhooks/faults', body)
  if (res.statusCode !== 201) throw new Error(`faults answered ${res.statusCode}: ${res.body}`)
  return res.json().results as any[]
}

t.test('drop the next N: recorded as dropped, never sent; the polling backup still sees the sync', async (t) => {
  const w = await webhookSetup(t)
  await w.addTarget({ events: ['LinkedAccount.sync_completed'] })
  await fault(w, { kind: 'drop', count: 1 })
  const { accountToken } = await w.api.link('hris', 'org-drop')
  await w.advance('1h')
  t.same(w.receiver.events(), [], 'the sync_completed webhook was dropped')
  const [d] = await w.deliveries()
  t.equal(d.state, 'dropped')
  t.same(d.attempts, [])
  t.same(d.faults, ['drop'])
  t.same((await w.control('GET', '/webhooks/faults')).json().results, [], 'a counted fault is gone once spent')
  const status = (await w.api.withAccount(accountToken).get('/api/hris/v1/sync-status?page_size=100')).json().results as any[]
  t.ok(status.every((s) => s.status === 'DONE' || s.status === 'DISABLED'), 'polling sync-status finds the completed sync anyway')
  t.same(Object.fromEntries(status.filter((s) => s.status === 'DONE').map((s) => [s.model_id, s.last_sync_finished])),
    Object.fromEntries(Object.entries(d.payload.data.sync_status as Record<string, any>).map(([k, v]) => [k, v.last_sync_finished])))

  const id = (await w.control('GET', '/linked-accounts')).json().results[0].id
  await w.send(id)
  await w.advance('1s')
  t.same(w.receiver.events(), ['LinkedAccount.sync_completed'], 'the next one is sent')
})

t.test('drop a seeded fraction: the same seed drops the same deliveries', async (t) => {
  const run = async () => {
    const w = await webhookSetup(t, { seed: 7 })
    const id = await w.account()
    await w.addTarget()
    await fault(w, { kind: 'drop', fraction: 0.5 })
    for (let i = 0; i < 20; i++) await w.send(id, 'LinkedAccount.linked')
    await w.advance('1s')
    return (await w.deliveries()).map((d) => d.state)
  }
  const first = await run()
  const dropped = first.filter((s) => s === 'dropped').length
  t.ok(dropped >= 4 && dropped <= 16, `about half dropped (${dropped} of 20)`)
  t.ok(first.every((s) => s === 'dropped' || s === 'delivered'))
  t.same(await run(), first, 'reproducible')
})

t.test('delay holds deliveries back on the clock', async (t) => {
  const w = await webhookSetup(t)
  const id = await w.account()
  await w.addTarget()
  await fault(w, { kind: 'delay', delay: '5m', count: 1 })
  await w.send(id)
  await w.advance('4m')
  t.same(w.receiver.events(), [])
  t.equal((await w.deliveries())[0].state, 'pending')
  await w.advance('1m')
  t.same(w.receiver.events(), ['LinkedAccount.sync_completed'])
})

t.test('duplicate sends the same signed body twice', async (t) => {
  const w = await webhookSetup(t)
  const id = await w.account()
  await w.addTarget()
  await fault(w, { kind: 'duplicate', count: 1 })
  await w.send(id)
  await w.send(id, 'LinkedAccount.linked')
  await w.advance('1s')
  t.same(w.receiver.events(), ['LinkedAccount.sync_completed', 'LinkedAccount.sync_completed', 'LinkedAccount.linked'])
  t.equal(w.receiver.received[0]!.raw, w.receiver.received[1]!.raw)
  t.ok(w.receiver.received.every((r) => r.verified))
  const journal = await w.deliveries()
  t.equal(journal[1].duplicate_of, journal[0].id)
})

t.test('out_of_order delivers the next N in reverse order', async (t) => {
  const w = await webhookSetup(t)
  const id = await w.account()
  await w.addTarget()
  await fault(w, { kind: 'out_of_order', count: 3 })
  for (const e of ['LinkedAccount.linked', 'Employee.synced', 'LinkedAccount.sync_completed']) await w.send(id, e)
  await w.send(id, 'Company.synced')
  await w.advance('10s')
  // Held back by 2 s, 1 s and 0 s: the three arrive reversed; the fourth, unaffected, goes out at once.
  t.same(w.receiver.events(), ['LinkedAccount.sync_completed', 'Company.synced', 'Employee.synced', 'LinkedAccount.linked'])
})

t.test('wrong_signature signs with another key: the receiver rejects it', async (t) => {
  const w = await webhookSetup(t)
  const id = await w.account()
  await w.addTarget()
  await fault(w, { kind: 'wrong_signature', count: 1 })
  await w.send(id)
  await w.send(id)
  await w.advance('1s')
  t.same(w.receiver.received.map((r) => r.verified), [false, true])
  await w.control('DELETE', '/webhooks/faults')
  t.same((await w.control('GET', '/webhooks/faults')).json().results, [])
})

t.test('targets and signature keys belong to one API key', async (t) => {
  const a = await webhookSetup(t, {}, undefined, 'test_tenant_a')
  t.equal((await a.control('GET', '/webhooks/signature-key')).json().key, a.signatureKey, 'stable')

  // Two API keys on ONE server.
  const other = { authorization: 'Bearer test_tenant_other' }
  const target = await a.addTarget()
  const theirs = await a.app.inject({ method: 'GET', url: '/_unimock/webhooks/targets', headers: other })
  t.same(theirs.json().results, [])
  const theirKey = (await a.app.inject({ method: 'GET', url: '/_unimock/webhooks/signature-key', headers: other })).json().key
  t.not(theirKey, a.signatureKey)
  const made = await a.app.inject({ method: 'POST', url: '/_unimock/linked-accounts', headers: other, payload: { category: 'hris', end_user_origin_id: 'o' } })
  const sent = await a.app.inject({ method: 'POST', url: '/_unimock/webhooks/send', headers: other, payload: { event: 'LinkedAccount.linked', linked_account_id: made.json().id } })
  t.same(sent.json().results, [], 'no target of theirs: nothing to send')
  await a.advance('1s')
  t.same(a.receiver.received, [], 'our target gets none of their events')
  const mine = await a.account()
  const [d] = await a.send(mine)
  t.equal((await a.app.inject({ method: 'GET', url: `/_unimock/webhooks/deliveries/${d.id}`, headers: other })).statusCode, 404)
  t.equal((await a.app.inject({ method: 'DELETE', url: `/_unimock/webhooks/targets/${target.id}`, headers: other })).statusCode, 404)
  t.equal((await a.control('DELETE', `/webhooks/targets/${target.id}`)).statusCode, 200)
})

t.test('--webhook-url targets every tenant; --webhook-secret signs every delivery', async (t) => {
  const probe = await webhookSetup(t)
  const w = await webhookSetup(t, { webhookUrls: [`${probe.receiver.url}/flag/{category}`], webhookSecret: 'shh-secret' })
  const targets = (await w.control('GET', '/webhooks/targets')).json().results
  t.equal(targets.length, 1)
  t.equal(targets[0].source, 'flag')
  t.equal((await w.control('DELETE', `/webhooks/targets/${targets[0].id}`)).statusCode, 409)
  t.same((await w.control('GET', '/webhooks/signature-key')).json().key, 'shh-secret')
  probe.receiver.setKey('shh-secret')
  const id = await w.account()
  await w.advance('1s')
  t.same(probe.receiver.events(), ['LinkedAccount.linked'])
  t.equal(probe.receiver.received[0]!.path, '/flag/hris')
  t.ok(probe.receiver.received[0]!.verified)
  t.equal(probe.receiver.received[0]!.json.hook.id, targets[0].id, 'hook.id is the target\'s id')
  t.ok(id)
})
