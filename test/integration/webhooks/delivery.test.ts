import t, { type Test } from 'tap'
import { join } from 'node:path'
import { webhookSetup } from './helpers.js'

const times = (d: any): number[] => d.attempts.map((a: any) => Date.parse(a.at))

t.test('a 500 is retried to 3 attempts with growing, jittered backoff on the clock', async (t) => {
  const w = await webhookSetup(t, {}, () => 500)
  const id = await w.account()
  await w.addTarget()
  await w.send(id)
  await w.advance('1m')
  t.equal(w.receiver.received.length, 3, 'three attempts in all')
  t.ok(w.receiver.received.every((r) => r.verified && r.raw === w.receiver.received[0]!.raw), 'the same signed bytes every time')
  const [d] = await w.deliveries()
  t.equal(d.state, 'failed')
  t.same(d.attempts.map((a: any) => a.status_code), [500, 500, 500])
  const [a, b, c] = times(d)
  t.ok(b! - a! >= 1000 && b! - a! <= 1500, `first retry after 1-1.5 s (${b! - a!} ms)`)
  t.ok(c! - b! >= 2000 && c! - b! <= 3000, `second retry after 2-3 s (${c! - b!} ms)`)
  t.ok(d.attempts.every((x: any) => Number.isInteger(x.duration_ms) && x.error === null))

  // A redelivery is a new journal entry with the same bytes.
  const again = await w.control('POST', `/webhooks/deliveries/${d.id}/redeliver`)
  t.equal(again.statusCode, 202)
  t.equal(again.json().redelivery_of, d.id)
  t.equal(again.json().body, d.body)
  await w.advance('1m')
  t.equal(w.receiver.received.length, 6)
})

t.test('a 400 is not retried; a 2xx after a 503 is delivered', async (t) => {
  const w = await webhookSetup(t, {}, (n, body) => body.hook.event === 'LinkedAccount.linked' ? 400 : (n === 1 ? 503 : 204))
  const id = await w.account()
  await w.addTarget()
  await w.send(id, 'LinkedAccount.linked')
  await w.send(id, 'LinkedAccount.sync_completed')
  await w.advance('1m')
  const [linked, completed] = await w.deliveries()
  t.equal(linked.state, 'failed')
  t.same(linked.attempts.map((a: any) => a.status_code), [400], 'one attempt: 4xx is final')
  t.equal(completed.state, 'delivered')
  t.same(completed.attempts.map((a: any) => a.status_code), [503, 204])
  t.equal((await w.deliveries('?state=failed')).length, 1)
})

t.test('a receiver that never answers is timed out and retried', async (t) => {
  const w = await webhookSetup(t, { webhookTimeout: '300ms' }, (n) => n === 0 ? 'hang' : 200)
  const id = await w.account()
  await w.addTarget()
  await w.send(id)
  await w.advance('10s')
  const [d] = await w.deliveries()
  t.equal(d.state, 'delivered')
  t.equal(d.attempts.length, 2)
  t.match(d.attempts[0].error, /timeout/)
  t.equal(d.attempts[0].status_code, null)
  await w.receiver.until('abandoned /hook/hris')
  t.same(w.receiver.timeline.filter((e) => !e.startsWith('received')), ['abandoned /hook/hris', 'answered /hook/hris'],
    'unimock gave up on the silent receiver (which never answered), and the retry was answered')
  t.equal(d.attempts[1].status_code, 200)
})

/** A first answer of 503 with `headers`: the retry comes exactly `waitS` seconds later, not a second before. */
async function retryAfterCase (t: Test, headers: Record<string, string>, waitS: number): Promise<void> {
  const w = await webhookSetup(t, {}, (n) => (n === 0 ? { status: 503, headers } : 200))
  const id = await w.account()
  await w.addTarget()
  await w.send(id)
  await w.advance(`${waitS - 1}s`)
  t.equal(w.receiver.received.length, 1, `nothing before the ${waitS} seconds asked for`)
  await w.advance('1s')
  const [d] = await w.deliveries()
  t.equal(d.state, 'delivered')
  t.same(d.attempts.map((a: any) => a.status_code), [503, 200])
  const [a, b] = times(d)
  t.equal(b! - a!, waitS * 1000, 'exactly the Retry-After, no jitter')
}

t.test('a receiver\'s Retry-After sets when the retry comes, instead of the backoff', async (t) => {
  await retryAfterCase(t, { 'retry-after': '30' }, 30)
})

t.test('an HTTP-date Retry-After counts from the answer\'s own Date, whatever the header names\' case', async (t) => {
  await retryAfterCase(t, { 'Retry-After': 'Wed, 21 Oct 2026 07:28:45 GMT', DATE: 'Wed, 21 Oct 2026 07:28:00 GMT' }, 45)
})

t.test('a connection refused is retried, then failed', async (t) => {
  const w = await webhookSetup(t)
  const id = await w.account()
  await w.control('POST', '/webhooks/targets', { url: 'http://127.0.0.1:1/closed' })
  await w.send(id)
  await w.advance('1m')
  const [d] = await w.deliveries()
  t.equal(d.state, 'failed')
  t.equal(d.attempts.length, 3)
  t.ok(d.attempts.every((a: any) => a.status_code === null && /ECONNREFUSED/.test(a.error)))
})

t.test('a hanging target does not hold up deliveries to another target', async (t) => {
  const w = await webhookSetup(t, { webhookTimeout: '1s' }, (_n, body) => body.hook.target.endsWith('/slow') ? 'hang' : 200)
  const id = await w.account()
  await w.control('POST', '/webhooks/targets', { url: `${w.receiver.url}/slow` })
  await w.control('POST', '/webhooks/targets', { url: `${w.receiver.url}/fast` })
  await w.send(id)
  await w.advance('0s')
  const ds = await w.deliveries()
  const fast = ds.find((d) => d.url.endsWith('/fast'))
  const slow = ds.find((d) => d.url.endsWith('/slow'))
  t.equal(fast.state, 'delivered')
  t.match(slow.attempts[0].error, /timeout/)
  await w.receiver.until('abandoned /slow')
  const at = (event: string): number => w.receiver.timeline.indexOf(event)
  t.ok(at('answered /fast') >= 0 && at('answered /fast') < at('abandoned /slow'),
    `the fast target was answered while the slow one still hung, though its delivery was made second (${w.receiver.timeline.join(', ')})`)
})

t.test('a restart delivers what was pending and resends nothing delivered', async (t) => {
  const dir = t.testdir()
  const db = join(dir, 'webhooks.db')
  const first = await webhookSetup(t, { db })
  const id = await first.account()
  await first.addTarget()
  await first.send(id, 'LinkedAccount.linked')
  await first.advance('1s')
  t.same(first.receiver.events(), ['LinkedAccount.linked'])
  await first.send(id, 'LinkedAccount.sync_completed')
  t.equal((await first.deliveries('?state=pending')).length, 1, 'pending when the server stops')
  await first.app.close()

  const second = await webhookSetup(t, { db, clockStart: '2026-01-01T00:00:01.000Z' })
  t.equal(second.signatureKey, first.signatureKey, 'the generated signature key survives the restart')
  await second.advance('1s')
  t.same(second.receiver.events(), [], 'the first receiver is gone; the new one gets nothing not addressed to it')
  t.same(first.receiver.events(), ['LinkedAccount.linked', 'LinkedAccount.sync_completed'], 'the pending one delivered once, nothing resent')
  t.ok(first.receiver.received.every((r) => r.verified))
  const journal = await second.deliveries()
  t.same(journal.map((d) => d.state), ['delivered', 'delivered'])
})

t.test('webhook deliveries do not count against the rate limit', async (t) => {
  const w = await webhookSetup(t, { rateLimit: 2 })
  await w.addTarget()
  const { accountToken, accountId } = await w.api.link('hris', 'org-rl')
  for (let i = 0; i < 5; i++) await w.send(accountId, 'LinkedAccount.linked')
  await w.advance('10s')
  t.ok(w.receiver.received.length >= 6)
  const account = w.api.withAccount(accountToken)
  t.equal((await account.get('/api/hris/v1/sync-status')).statusCode, 200)
  t.equal((await account.get('/api/hris/v1/sync-status')).statusCode, 200, 'both requests of the minute are still available')
  t.equal((await account.get('/api/hris/v1/sync-status')).statusCode, 429)
})
